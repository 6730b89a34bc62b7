/** The eight outcome classes a tool call can end in. */
export type OutcomeClass =
  | 'ok'
  | 'partial'
  | 'empty'
  | 'correctable'
  | 'clarifying'
  | 'unavailable'
  | 'refused'
  | 'fatal';

/** A follow-up call the model may present to the user, such as a request for approval. */
export interface ToolRequest {
  tool: string;
  arguments: Record<string, unknown>;
}

/** One choice the model can put to the user when a request is ambiguous. */
export interface Candidate {
  /** What the user reads, for example "Henderson Industrial Supply (Ohio)". */
  label: string;
  /** The arguments that select this candidate, when the model calls again. */
  arguments?: Record<string, unknown>;
}

/** The call worked: use the data. */
export interface OkOutcome {
  class: 'ok';
  ok: true;
  data: unknown;
  /** A truthful remark about the data, for example that a limit was clamped. */
  note?: string;
}

/** Part of the call worked: use what came back and say what is missing. */
export interface PartialOutcome {
  class: 'partial';
  ok: true;
  data: unknown;
  message: string;
  missing: string[];
  note?: string;
}

/** The question was answered and the answer is "none": report the absence within its scope. */
export interface EmptyOutcome {
  class: 'empty';
  ok: true;
  data: unknown;
  message: string;
  /** What was searched, so the model does not overstate the absence. */
  searched: string;
  note?: string;
}

/** The model can fix the call itself: retry once with the fix. */
export interface CorrectableOutcome {
  class: 'correctable';
  ok: false;
  error: string;
  message: string;
  hint?: string;
  /** Corrected arguments, present only when exactly one correction exists. */
  suggestion?: Record<string, unknown>;
}

/** The request is ambiguous: ask the user to choose. */
export interface ClarifyingOutcome {
  class: 'clarifying';
  ok: false;
  error: string;
  message: string;
  candidates: Candidate[];
  hint?: string;
}

/** A source could not be reached: report the gap, do not substitute or retry this turn. */
export interface UnavailableOutcome {
  class: 'unavailable';
  ok: false;
  error: string;
  message: string;
  retryable: boolean;
  hint?: string;
  /** Milliseconds until the source may be tried again, where known. */
  retryAfterMs?: number;
  /** Id of the server log record, for support tickets; set for unexpected failures. */
  reference?: string;
}

/** The system declined on purpose: explain, or present the offer. */
export interface RefusedOutcome {
  class: 'refused';
  ok: false;
  error: string;
  message: string;
  hint?: string;
  offer?: ToolRequest;
}

/** An operator problem such as bad credentials: stop the run. */
export interface FatalOutcome {
  class: 'fatal';
  ok: false;
  error: string;
  message: string;
}

/** Every way a tool call can end, discriminated on `class`. */
export type Outcome =
  | OkOutcome
  | PartialOutcome
  | EmptyOutcome
  | CorrectableOutcome
  | ClarifyingOutcome
  | UnavailableOutcome
  | RefusedOutcome
  | FatalOutcome;

/** The outcomes that report a failure (`ok: false`). */
export type FailureOutcome = Extract<Outcome, { ok: false }>;

/** The outcomes that carry data (`ok: true`). */
export type SuccessOutcome = Extract<Outcome, { ok: true }>;
