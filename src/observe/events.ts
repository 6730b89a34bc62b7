import type { OutcomeClass } from '../outcome/outcome.js';
import type { SerializedError } from './serialize-error.js';

interface EventBase {
  /** Milliseconds since the epoch, from the dispatcher's clock. */
  time: number;
  runId: string;
}

interface CallEventBase extends EventBase {
  tool: string;
  toolCallId: string;
}

/** A call ended in ok, partial or empty. */
export interface ToolSucceededEvent extends CallEventBase {
  type: 'tool.succeeded';
  outcomeClass: OutcomeClass;
  durationMs: number;
  attempts: number;
}

/** A call ended in a failure class. */
export interface ToolFailedEvent extends CallEventBase {
  type: 'tool.failed';
  outcomeClass: OutcomeClass;
  error: string;
  durationMs: number;
  attempts: number;
  reference?: string;
}

/** A tool threw something unexpected; the detail the model never sees. */
export interface ToolInternalErrorEvent extends CallEventBase {
  type: 'tool.internal_error';
  reference: string;
  /** The arguments, after sanitising. */
  arguments: unknown;
  thrown: SerializedError;
}

/** The sanitiser caught internal detail on its way to the model. */
export interface ToolMessageLeakedEvent extends CallEventBase {
  type: 'tool.message_leaked';
  /** Which part of the outcome, for example `message` or `data.rows[2].note`. */
  field: string;
  /** The rule that matched, for example `connection-string`. Never the secret itself. */
  rule: string;
}

/** The same call, or the same error from one tool, failed again in one run. */
export interface ToolRepeatedFailureEvent extends CallEventBase {
  type: 'tool.repeated_failure';
  error: string;
  count: number;
  /** `arguments`: the identical call; `error`: the same error code from the tool. */
  scope: 'arguments' | 'error';
}

/** A transient failure is being retried inside the boundary. */
export interface ToolRetriedEvent extends CallEventBase {
  type: 'tool.retried';
  attempt: number;
  delayMs: number;
  reason: string;
}

/** The run must stop: a fatal outcome or the repeat limit. */
export interface RunHaltedEvent extends EventBase {
  type: 'run.halted';
  tool: string;
  reason: 'fatal' | 'repeated_failure';
  error: string;
}

/** The run passed its cap on failed calls. */
export interface RunFailureCapEvent extends EventBase {
  type: 'run.failure_cap';
  tool: string;
  failedCalls: number;
}

/** A circuit breaker changed state. */
export interface BreakerEvent extends EventBase {
  type: 'breaker.opened' | 'breaker.half_opened' | 'breaker.closed';
  service: string;
}

/** The shared state store failed or came back; state was local in between. */
export interface StoreEvent extends EventBase {
  type: 'store.degraded' | 'store.recovered';
  reason: string;
  /** For trouble with one key (a Redis WRONGTYPE, say): that key; every other run is unaffected. */
  key?: string;
}

/** A model call failed transiently (a 429, a 503, a reset connection) and is being retried. */
export interface ModelRetriedEvent extends EventBase {
  type: 'model.retried';
  attempt: number;
  delayMs: number;
  reason: string;
}

/** A value given to toolbound was not usable and was ignored; reported once per dispatcher. */
export interface OptionIgnoredEvent extends EventBase {
  type: 'option.ignored';
  /** Which option, for example `signal`. */
  option: string;
  reason: string;
}

/**
 * A call's approval: asked for (the run pauses), granted, declined, or found expired when a
 * decision arrived. Never carries the arguments or the person's reason.
 */
export interface ApprovalEvent extends CallEventBase {
  type: 'approval.requested' | 'approval.approved' | 'approval.rejected' | 'approval.expired';
  approvalId: string;
  /** For `approval.approved`: the person edited the arguments. */
  edited?: boolean;
}

/** Everything toolbound reports, discriminated on `type`. */
export type ToolboundEvent =
  | ToolSucceededEvent
  | ToolFailedEvent
  | ToolInternalErrorEvent
  | ToolMessageLeakedEvent
  | ToolRepeatedFailureEvent
  | ToolRetriedEvent
  | RunHaltedEvent
  | RunFailureCapEvent
  | BreakerEvent
  | StoreEvent
  | ModelRetriedEvent
  | OptionIgnoredEvent
  | ApprovalEvent;

/** Receives each event as it happens. */
export type EventHandler = (event: ToolboundEvent) => void;
