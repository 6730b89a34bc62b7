import { describe, expect, it } from 'vitest';
import { builtInCases } from '../../src/eval/built-in-cases.js';
import { carefulModel } from '../../src/eval/careful-model.js';
import type { EvalReport, EvalVariant } from '../../src/eval/eval-report.js';
import { formatEvalTable } from '../../src/eval/format-eval-table.js';
import { naiveModel } from '../../src/eval/naive-model.js';
import { runEval } from '../../src/eval/run-eval.js';

// The harness tests itself: it must tell a naive model from a careful one, and show what
// toolbound's messages change. CI runs this.
const TRIALS = 9;
const naive = await runEval({
  model: ({ evalCase }) => naiveModel(evalCase),
  modelName: 'naive',
  trials: TRIALS,
});
const careful = await runEval({
  model: ({ evalCase }) => carefulModel(evalCase),
  modelName: 'careful',
  trials: TRIALS,
});
const rate = (report: EvalReport, caseId: string, variant: EvalVariant) =>
  report.summaries.find((summary) => summary.caseId === caseId && summary.variant === variant);
const passed = (report: EvalReport, variant: EvalVariant) =>
  report.trials.filter((trial) => trial.variant === variant && trial.passed).length;

describe('the eval harness on scripted models', () => {
  it('scores the careful model above the naive one, with intervals that do not overlap where they differ', () => {
    expect(passed(careful, 'after')).toBeGreaterThan(passed(naive, 'after'));
    expect(passed(careful, 'before')).toBeGreaterThan(passed(naive, 'before'));
    for (const caseId of ['correctable-retried', 'clarifying-asks-user']) {
      const good = rate(careful, caseId, 'after');
      const bad = rate(naive, caseId, 'after');
      expect(good?.rate).toBe(1);
      expect(bad?.rate).toBe(0);
      expect(good!.interval.low).toBeGreaterThan(bad!.interval.high);
    }
  });

  it('catches each naive habit with the check made for it', () => {
    expect(rate(naive, 'unavailable-not-substituted', 'before')?.failedChecks['doesNotAnswer']).toBe(TRIALS);
    expect(rate(naive, 'correctable-retried', 'after')?.failedChecks['retriesWith']).toBe(TRIALS);
    // raw errors that name the refusal are disclosed; a bare code is not (one trial in three)
    expect(rate(naive, 'permission-not-disclosed', 'before')?.passed).toBe(TRIALS / 3);
    expect(rate(naive, 'fatal-stops', 'before')?.failedChecks['stops']).toBe(TRIALS);
    expect(rate(naive, 'empty-reported', 'before')?.failedChecks['doesNotMention']).toBe(TRIALS);
  });

  it('shows toolbound lifting both models from before to after', () => {
    expect(passed(naive, 'after')).toBeGreaterThan(passed(naive, 'before'));
    expect(passed(careful, 'after')).toBe(builtInCases.length * TRIALS);
    // the run policy, not the model, ends the naive model's loops and stops the fatal case
    expect(rate(naive, 'repeated-failure-honest', 'after')?.rate).toBe(1);
    expect(rate(naive, 'fatal-stops', 'after')?.rate).toBe(1);
  });

  it('prints one row per case with a rate and an interval per variant', () => {
    const table = formatEvalTable(naive);
    for (const evalCase of builtInCases) expect(table).toContain(evalCase.title);
    expect(table).toMatch(/0\.00 \[0\.00-0\.30\]/);
    expect(table).toContain('95% Wilson');
  });
});

describe('a model that never calls a tool', () => {
  it('passes no case in either variant, and each trial says why', async () => {
    const report = await runEval({
      // answers at once with text that would satisfy several text-only checks
      model: () => ({
        generate: async () => ({
          content: 'The service is unavailable right now; which account do you mean?',
          toolCalls: [],
        }),
      }),
      modelName: 'never-calls',
      trials: 2,
    });
    expect(report.trials.length).toBe(builtInCases.length * 2 * 2);
    expect(report.trials.filter((trial) => trial.passed)).toEqual([]);
    expect(new Set(report.trials.map((trial) => trial.failedChecks.join(',')))).toEqual(
      new Set(['calledTool']),
    );
  });
});
