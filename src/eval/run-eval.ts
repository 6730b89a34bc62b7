import type { Model } from '../loop/model.js';
import { builtInCases } from './built-in-cases.js';
import { checkTranscript } from './check-transcript.js';
import type { EvalCase } from './eval-case.js';
import type { EvalReport, EvalVariant, TrialResult } from './eval-report.js';
import { RAW_ERROR_STYLES, type RawErrorStyle } from './raw-error-content.js';
import { runAfterTrial } from './run-after-trial.js';
import { runBeforeTrial } from './run-before-trial.js';
import { summarizeTrials } from './summarize-trials.js';
import { validateEvalCases } from './validate-eval-case.js';

/** Which trial a model is being made for. */
export interface TrialContext {
  evalCase: EvalCase;
  variant: EvalVariant;
  trial: number;
}

/** Options for {@link runEval}. */
export interface RunEvalOptions {
  /** One model for every trial, or a factory (scripted models take the case). */
  model: Model | ((context: TrialContext) => Model);
  /**
   * The model's name in the report.
   * @default 'model'
   */
  modelName?: string;
  /** @default builtInCases */
  cases?: readonly EvalCase[];
  /**
   * Trials per case and variant.
   * @default 10
   */
  trials?: number;
  /** @default ['before', 'after'] */
  variants?: readonly EvalVariant[];
  /**
   * Raw styles the "before" variant rotates through, one per trial.
   * @default RAW_ERROR_STYLES
   */
  rawStyles?: readonly RawErrorStyle[];
  /**
   * Model calls per trial.
   * @default 8
   */
  maxSteps?: number;
  /**
   * Trials in flight at once.
   * @default 1
   */
  concurrency?: number;
  /** Stops the run: trials in flight are aborted and not scored, and the report covers the rest. */
  signal?: AbortSignal;
  /** Called after each finished trial, for progress bars. */
  onTrial?: (result: TrialResult, progress: { completed: number; total: number }) => void;
  /** @default () => new Date() */
  now?: () => Date;
}

/**
 * Measures how a model interprets each error class: every case runs `trials` times with raw
 * errors ("before") and with toolbound's messages ("after"), and each variant's pass rate comes
 * with a 95% Wilson interval. Never rejects for a model failure: such trials count as errors.
 * @example
 * const report = await runEval({ model: ({ evalCase }) => carefulModel(evalCase), modelName: 'careful', trials: 5 });
 * console.log(formatEvalTable(report));
 */
export async function runEval(options: RunEvalOptions): Promise<EvalReport> {
  const {
    model,
    modelName = 'model',
    trials = 10,
    variants = ['before', 'after'],
    rawStyles = RAW_ERROR_STYLES,
    maxSteps = 8,
    concurrency = 1,
    signal,
    onTrial,
    now = () => new Date(),
  } = options;
  const cases = validateEvalCases(options.cases ?? builtInCases);
  if (!Number.isInteger(trials) || trials < 1)
    throw new RangeError('runEval: trials must be a positive integer.');
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new RangeError('runEval: concurrency must be a positive integer.');
  if (rawStyles.length === 0) throw new RangeError('runEval: rawStyles must not be empty.');
  const startedAt = now().toISOString();
  const queue: TrialContext[] = [];
  for (const evalCase of cases)
    for (const variant of variants)
      for (let trial = 0; trial < trials; trial++) queue.push({ evalCase, variant, trial });
  const total = queue.length;
  const results: TrialResult[] = [];

  const runOne = async (context: TrialContext): Promise<TrialResult | undefined> => {
    const { evalCase, variant, trial } = context;
    const trialModel = typeof model === 'function' ? model(context) : model;
    const style = rawStyles[trial % rawStyles.length] as RawErrorStyle;
    const base = { caseId: evalCase.id, variant, trial };
    // one signal per trial, unlinked afterwards, so listeners do not pile up on the run's signal
    const trialController = new AbortController();
    const forward = () => trialController.abort();
    signal?.addEventListener('abort', forward, { once: true });
    const trialSignal = trialController.signal;
    try {
      const transcript =
        variant === 'after'
          ? await runAfterTrial(evalCase, { model: trialModel, maxSteps, signal: trialSignal })
          : await runBeforeTrial(evalCase, { model: trialModel, maxSteps, style, signal: trialSignal });
      if (signal?.aborted || transcript.endedBy === 'aborted') return undefined; // unfinished: not scored
      const checked = checkTranscript(transcript, evalCase);
      return {
        ...base,
        passed: checked.passed,
        failedChecks: checked.failed,
        finalText: transcript.finalText,
        toolCalls: transcript.calls.length,
        endedBy: transcript.endedBy,
        ...(transcript.rawStyle === undefined ? {} : { rawStyle: transcript.rawStyle }),
      };
    } catch (error) {
      if (signal?.aborted) return undefined;
      return {
        ...base,
        passed: false,
        failedChecks: [],
        finalText: '',
        toolCalls: 0,
        endedBy: 'model_error',
        error: error instanceof Error ? error.message : String(error),
      };
    } finally {
      signal?.removeEventListener('abort', forward);
    }
  };

  let next = 0;
  const worker = async () => {
    while (next < queue.length && !signal?.aborted) {
      const context = queue[next++] as TrialContext;
      const result = await runOne(context);
      if (result === undefined) continue;
      results.push(result);
      onTrial?.(result, { completed: results.length, total });
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, total) }, worker));

  const order = (result: TrialResult) =>
    cases.findIndex((evalCase) => evalCase.id === result.caseId) * 1e6 +
    variants.indexOf(result.variant) * 1e5 +
    result.trial;
  results.sort((left, right) => order(left) - order(right));
  return {
    kind: 'toolbound.eval',
    model: modelName,
    trialsPerCase: trials,
    variants: [...variants],
    startedAt,
    finishedAt: now().toISOString(),
    interrupted: signal?.aborted === true || results.length < total,
    summaries: summarizeTrials(cases, variants, results),
    trials: results,
  };
}
