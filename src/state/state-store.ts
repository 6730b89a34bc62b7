import type { ApprovalCommand, ApprovalReply } from './approval-records.js';

/**
 * Where per-run counters, cached outcomes and breaker state live. Each operation is atomic on
 * one record (a "scope", such as one run), so a Redis implementation can serve each with a
 * single command or Lua script. Records expire `ttlMs` after their last write.
 */
export interface StateStore {
  /** Reads fields of one record; absent fields and expired records read as undefined. */
  read(scope: string, fields: readonly string[]): Promise<Array<string | undefined>>;
  /**
   * Adds each delta to its field (absent counts as 0), refreshes the record's time to live and
   * returns the new values in order, all atomically.
   */
  increment(
    scope: string,
    deltas: ReadonlyArray<readonly [field: string, delta: number]>,
    ttlMs: number,
  ): Promise<number[]>;
  /** Sets fields and refreshes the record's time to live. */
  write(scope: string, values: Readonly<Record<string, string>>, ttlMs: number): Promise<void>;
  /** Deletes a record, for example when its run ends. */
  clear(scope: string): Promise<void>;
  /** Takes a lease when nobody holds it; true when this holder now has it. */
  acquireLease(key: string, holder: string, ttlMs: number): Promise<boolean>;
  /** Gives a lease back, only when this holder still has it. */
  releaseLease(key: string, holder: string): Promise<void>;
  /**
   * Applies one command to a service's circuit breaker and returns its state, atomically: the
   * state change and the half-open probe lease happen together. A store without it gets
   * breakers that are local to the process.
   */
  updateBreaker?(service: string, command: BreakerCommand, settings: BreakerSettings): Promise<BreakerReply>;
  /**
   * Applies one command to an approval record (a pending approval, a paused run, a per-run tool
   * budget), atomically; see {@link ApprovalCommand}. Approvals and `maxCallsPerRun` need it.
   * Unlike the other operations it must not fall back to local state: a claim that two
   * processes could both win would run an approved call twice.
   */
  updateApproval?(key: string, command: ApprovalCommand): Promise<ApprovalReply>;
}

/** The three states of a circuit breaker. */
export type BreakerState = 'closed' | 'open' | 'half_open';

/** How a call ended, as far as its service's breaker is concerned. */
export type BreakerResult = 'success' | 'failure' | 'neutral';

/**
 * One step of a breaker. Each carries `successes`: calls that succeeded while this process
 * trusted its view of a closed breaker, counted locally and applied first.
 */
export type BreakerCommand =
  | { kind: 'admit'; holder: string; leaseMs: number; successes: number }
  | { kind: 'record'; holder: string; result: BreakerResult; probe: boolean; successes: number };

/** What a store needs to run a breaker; see `BreakerOptions` for the meaning of each. */
export interface BreakerSettings {
  consecutiveFailures: number;
  failureRatio: number;
  minimumCalls: number;
  windowMs: number;
  openMs: number;
  /** How long a breaker record lives after its last write. */
  ttlMs: number;
}

/** A breaker's state after a command. */
export interface BreakerReply {
  state: BreakerState;
  /** For `admit`: whether the call may run. Always true for `record`. */
  admitted: boolean;
  /** For `admit`: whether this call is the half-open probe and holds its lease. */
  probe: boolean;
  /** When not admitted, or when open: milliseconds until the service may be tried again. */
  retryAfterMs: number;
  /** The state change this command caused, so exactly one process reports it. */
  transition: 'opened' | 'half_opened' | 'closed' | 'none';
}
