import type { ApprovalCommand, ApprovalReply } from './approval-records.js';

/**
 * Where per-run state and circuit breakers live. Each operation is atomic on one record (a
 * "scope", such as one run), so a Redis implementation serves each with a single Lua script.
 * A run record is bounded: at most `RunSettings.maxKeys` keyed counters (least recently used
 * dropped first), a reservation per call in flight, and a few fixed fields; it expires
 * `idleTtlMs` after its last failure and at the latest `maxLifetimeMs` after it was made.
 */
export interface StateStore {
  /**
   * Applies one step of a run's admission or counting, atomically: reserving a place for a call
   * before it runs, or settling that reservation when it ends. See {@link RunCommand}.
   */
  updateRun(scope: string, command: RunCommand, settings: RunSettings): Promise<RunReply>;
  /** What a run record holds now, for tests and operators; undefined when there is none. */
  inspectRun(scope: string): Promise<RunSnapshot | undefined>;
  /** Deletes a run record, for example when its run ends. */
  clear(scope: string): Promise<void>;
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

/** The run policy's limits, as a store applies them. */
export interface RunSettings {
  /** Failed calls a run may make; a reservation counts as a failure until it settles. */
  maxFailedCalls: number;
  /** Failures of one identical call that halt the run. */
  maxSameFailures: number;
  /** Whether a cached `unavailable` outcome refuses further calls to its tool. */
  shortCircuitUnavailable: boolean;
  /** How long a record lives after its last failure. */
  idleTtlMs: number;
  /** How long a record lives at most after it was made, however busy its run. */
  maxLifetimeMs: number;
  /** Most keyed counters (per call, per error, per class, cached outcomes) one record keeps. */
  maxKeys: number;
}

/**
 * One step of a run. Keys are short opaque strings the policy derives (hashes), so a record's
 * size does not depend on what the model sends.
 * - `reserve`: before a call runs. Refused when the run is halted, at its failure cap, or the
 *   tool's `unavailable` outcome is cached (which counts as a failed call, and as a repeat of the
 *   identical call when that one already has a counter, so a model that keeps asking is stopped); told to wait while the calls in flight could use up
 *   what is left of `maxFailedCalls` or `maxSameFailures`; otherwise a reservation `id` is kept
 *   for `leaseMs` (so a caller that dies cannot hold it for ever).
 * - `settle`: after a call ends. Drops the reservation `id` (when there is one) and, for a
 *   failure, counts it and decides a halt.
 */
export type RunCommand =
  | { kind: 'reserve'; id: string; call: string; unavailable: string; leaseMs: number }
  | { kind: 'settle'; id: string; call: string; failure?: RunFailure };

/** A failed call as a run record counts it. */
export interface RunFailure {
  /** Key of the counter per tool and error code. */
  error: string;
  /** Key of the counter per tool and outcome class. */
  class: string;
  /** A fatal outcome halts the run at once. */
  fatal: boolean;
  /** An `unavailable` outcome to cache for its tool: key and value. */
  unavailable?: { key: string; value: string };
}

/** Why a run record stops admitting calls. */
export type RunHalt = 'fatal' | 'repeated_failure';

/** A store's answer to a {@link RunCommand}. */
export type RunReply =
  | { kind: 'admitted' }
  | { kind: 'wait'; retryAfterMs: number }
  | { kind: 'halted'; reason: RunHalt }
  | { kind: 'capped'; failed: number }
  | {
      kind: 'unavailable';
      cached: string;
      failed: number;
      /** Failures of this identical call, counted only when it had failed before (no new key). */
      sameCall: number;
      halt?: RunHalt;
    }
  | {
      kind: 'settled';
      failed: number;
      sameCall: number;
      sameError: number;
      sameClass: number;
      /** Set when this failure halts the run (again, if another call already did). */
      halt?: RunHalt;
    };

/** A run record's contents, for tests and operators. */
export interface RunSnapshot {
  failedCalls: number;
  halted: RunHalt | undefined;
  /** Keyed counters and cached outcomes held; never more than `maxKeys`. */
  keys: number;
  /** Calls holding a reservation now. */
  reservations: number;
  /** Milliseconds until the record expires. */
  ttlMs: number;
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
