import type { EvalCase } from './eval-case.js';
import type { RawErrorStyle } from './raw-error-content.js';
import type { ConfidenceInterval } from './wilson-interval.js';

/** `after`: toolbound's messages through runAgent; `before`: the raw errors frameworks send today. */
export type EvalVariant = 'before' | 'after';

/** One trial of one case in one variant. */
export interface TrialResult {
  caseId: string;
  variant: EvalVariant;
  /** 0-based trial number. */
  trial: number;
  passed: boolean;
  /** Names of the checks that failed. */
  failedChecks: string[];
  finalText: string;
  toolCalls: number;
  endedBy: string;
  rawStyle?: RawErrorStyle;
  /** Set when the model call itself failed (network, rate limit); such trials are not scored. */
  error?: string;
}

/** The pass rate of one case in one variant, with its 95% Wilson interval. */
export interface CaseSummary {
  caseId: string;
  title: string;
  outcomeClass: EvalCase['outcomeClass'];
  variant: EvalVariant;
  /** Scored trials (finished without a model error). */
  trials: number;
  passed: number;
  /** Trials whose model call failed; not in `trials`. */
  errors: number;
  /** passed / trials, or null when no trial was scored. */
  rate: number | null;
  interval: ConfidenceInterval;
  /** How often each check failed. */
  failedChecks: Record<string, number>;
}

/** Everything an eval run produced; the JSON that `--json` writes and `report --eval` reads. */
export interface EvalReport {
  /** Identifies the format, for readers of the JSON. */
  kind: 'toolbound.eval';
  model: string;
  trialsPerCase: number;
  variants: EvalVariant[];
  startedAt: string;
  finishedAt: string;
  /** True when the run was stopped early (Ctrl-C); the figures cover finished trials only. */
  interrupted: boolean;
  summaries: CaseSummary[];
  trials: TrialResult[];
}
