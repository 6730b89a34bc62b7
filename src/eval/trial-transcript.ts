import type { RawErrorStyle } from './raw-error-content.js';

/** One tool call a model made during a trial. */
export interface TranscriptCall {
  name: string;
  /** The arguments, parsed; `{}` when they were not a JSON object. */
  arguments: Record<string, unknown>;
  /** True when the call came back as a failure. */
  failed: boolean;
  /**
   * True when the call got the case's injected outcome, so the model saw what the case tests.
   * When absent, a failed call to a tool with an injected outcome counts.
   */
  injected?: boolean;
}

/** What a trial produced, in the shape the checks read. */
export interface TrialTranscript {
  /** The model's final text (for toolbound's runs, the fallback text when the run halted). */
  finalText: string;
  calls: TranscriptCall[];
  /** How the run ended: `answered`, `halted`, `repeated_failure`, `step_limit` or `aborted`. */
  endedBy: string;
  /** The raw style of the "before" variant; absent for "after". */
  rawStyle?: RawErrorStyle;
}

/** Reads tool-call arguments given as a JSON string or an object. */
export function parseCallArguments(value: unknown): Record<string, unknown> {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return {};
    }
  }
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : {};
}
