import type { EvalCase } from './eval-case.js';
import type { CaseSummary, EvalVariant, TrialResult } from './eval-report.js';
import { wilsonInterval } from './wilson-interval.js';

/** Groups trial results into one pass rate per case and variant, in case order. */
export function summarizeTrials(
  cases: readonly EvalCase[],
  variants: readonly EvalVariant[],
  results: readonly TrialResult[],
): CaseSummary[] {
  const summaries: CaseSummary[] = [];
  for (const evalCase of cases) {
    for (const variant of variants) {
      const mine = results.filter((result) => result.caseId === evalCase.id && result.variant === variant);
      const scored = mine.filter((result) => result.error === undefined);
      const passed = scored.filter((result) => result.passed).length;
      const failedChecks: Record<string, number> = {};
      for (const result of scored)
        for (const check of result.failedChecks) failedChecks[check] = (failedChecks[check] ?? 0) + 1;
      summaries.push({
        caseId: evalCase.id,
        title: evalCase.title,
        outcomeClass: evalCase.outcomeClass,
        variant,
        trials: scored.length,
        passed,
        errors: mine.length - scored.length,
        rate: scored.length === 0 ? null : passed / scored.length,
        interval: wilsonInterval(passed, scored.length),
        failedChecks,
      });
    }
  }
  return summaries;
}
