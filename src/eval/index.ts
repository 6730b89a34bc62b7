/**
 * `toolbound/eval`: measures how a model interprets each error class, with toolbound's messages
 * ("after") and with the raw errors frameworks send today ("before"). Everything exported here is
 * public API. The scripted `naiveModel` and `carefulModel` are here so that the harness can test
 * itself and so that a reader can see what each check rewards; the OpenAI and Anthropic models
 * come from `toolbound/openai` and `toolbound/anthropic`.
 */

export { builtInCases } from './built-in-cases.js';
export { carefulModel } from './careful-model.js';
export { type CheckResult, checkTranscript, compilePattern } from './check-transcript.js';
export {
  DEFAULT_EVAL_SYSTEM_PROMPT,
  type EvalCase,
  type EvalChecks,
  type EvalTool,
  type ScriptedCall,
  type TextPattern,
} from './eval-case.js';
export type { CaseSummary, EvalReport, EvalVariant, TrialResult } from './eval-report.js';
export { formatEvalTable } from './format-eval-table.js';
export { naiveModel } from './naive-model.js';
export { RAW_ERROR_STYLES, type RawErrorStyle, rawErrorContent } from './raw-error-content.js';
export { type RunEvalOptions, runEval, type TrialContext } from './run-eval.js';
export type { TranscriptCall, TrialTranscript } from './trial-transcript.js';
export { validateEvalCase, validateEvalCases } from './validate-eval-case.js';
export { type ConfidenceInterval, wilsonInterval } from './wilson-interval.js';
