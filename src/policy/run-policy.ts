import { createHash, randomUUID } from 'node:crypto';
import type { EventHandler } from '../observe/events.js';
import { refused, unavailable } from '../outcome/constructors.js';
import type { FailureOutcome, Outcome, OutcomeClass, UnavailableOutcome } from '../outcome/outcome.js';
import type { HaltReason } from '../protocol.js';
import type { Clock } from '../state/clock.js';
import { updateRunNow } from '../state/memory-store.js';
import type { RunCommand, RunReply, RunSettings, StateStore } from '../state/state-store.js';
import { onAbort } from './on-abort.js';
import type { ResolvedRetryOptions } from './retry-options.js';
import { storeDegradedEvent } from './store-degraded.js';

/** The run policy's knobs. Every one has a default; see docs/resilience.md for the table. */
export interface RunPolicyOptions {
  /**
   * Failures of the identical call (same tool, same canonical arguments) that stop the run.
   * @default 2
   */
  maxSameFailures?: number;
  /**
   * Failures of one tool with one error code after which the model is told not to try again.
   * @default 3
   */
  escalateAfterSameError?: number;
  /**
   * Failed calls a run may make. Calls in flight count against it until they end, so parallel
   * calls can never overshoot it; once it is reached no tool runs and the loop asks for a summary.
   * @default 5
   */
  maxFailedCalls?: number;
  /**
   * Retries the model gets per failure class before its message is escalated.
   * @default { correctable: 1, clarifying: 0, unavailable: 0, refused: 0, fatal: 0 }
   */
  retries?: Partial<Record<FailureOutcome['class'], number>>;
  /**
   * After an `unavailable` result, further calls to that tool in the run do not run it.
   * @default true
   */
  shortCircuitUnavailable?: boolean;
  /**
   * How long a run's state lives after its last call.
   * @default 3600000 (one hour)
   */
  runTtlMs?: number;
  /**
   * How long a run's state lives at most, however busy the run: a long-lived session used as a
   * run id starts over with fresh counters after this long.
   * @default 86400000 (one day)
   */
  maxRunLifetimeMs?: number;
  /**
   * Most keyed counters (per call, per error code, per class) and cached outcomes one run keeps;
   * past it the least recently used one is forgotten, so a run's record stays bounded.
   * @default 256
   */
  maxKeysPerRun?: number;
}

/** Resolved run policy settings. */
export type ResolvedRunPolicyOptions = Required<Omit<RunPolicyOptions, 'retries'>> & {
  retries: Record<FailureOutcome['class'], number>;
};

/** What the policy decides after a call ends. */
export interface Verdict {
  outcome: Outcome;
  halt?: HaltReason;
}

/**
 * A call's place in its run, taken before it runs:
 * - `refused`: it must not run; `outcome` says why (the run is halted or at its cap, the tool is
 *   known to be unavailable, or the caller aborted while the call waited for a place).
 * - `run`: it may run; hand this back to `record`, which settles it.
 * - `shared`: an identical call of the same run is in flight; this one does not run and gets
 *   that call's verdict.
 */
export type Reservation =
  | { kind: 'refused'; outcome: Outcome; halt?: HaltReason }
  | RunReservation
  | { kind: 'shared'; verdict: Promise<Verdict> };

/** A place to run: what `record` needs to settle it, carried here rather than looked up. */
export interface RunReservation {
  kind: 'run';
  id: string;
  /** The call's key in the run record; identical calls of a run share it. */
  call: string;
  /** Set once `record` has settled it, so a second `record` does not release it twice. */
  settled: boolean;
}

/** A value now, or a promise of it: the in-memory store answers at once, so its callers need not wait. */
export type Maybe<T> = T | Promise<T>;

/**
 * A call's canonical arguments key (`callKey`), or what makes it when it is needed: a function,
 * or an object that makes it when its `argumentsKey` is read (the caller's own record of the
 * call, so that no closure is made per call).
 */
export type ArgumentsKeySource = string | (() => string) | { readonly argumentsKey: string };

/** The key an {@link ArgumentsKeySource} stands for, made now. */
function readArgumentsKey(source: ArgumentsKeySource): string {
  if (typeof source === 'string') return source;
  return typeof source === 'function' ? source() : source.argumentsKey;
}

/** What {@link RunPolicy.reserve} needs. */
export interface ReserveRequest {
  runId: string;
  toolName: string;
  /**
   * The canonical arguments key (`callKey`), or what makes it: it is made only when the key is
   * needed (another call of the run in flight beside this one, or a counter of the run to look
   * up), so a lone call in a clean run never builds it.
   */
  argumentsKey: ArgumentsKeySource;
  /** The tool's per-attempt timeout; a reservation lapses after the call's longest possible time. */
  timeoutMs: number;
  /** The caller's signal: aborting it ends a wait for a place. */
  signal?: AbortSignal;
}

/** What {@link RunPolicy.record} needs. */
export interface RecordRequest {
  runId: string;
  toolName: string;
  toolCallId: string;
  /**
   * The canonical arguments key, or a function that makes it; for a call that never reached
   * `reserve`, of what was sent. Only a failure that holds no reservation of its own reads it:
   * a call that reserved a place here is counted under its reservation's key.
   */
  argumentsKey: ArgumentsKeySource;
  outcome: Outcome;
  /** What `reserve` returned, when the call got that far. */
  reservation?: Reservation | undefined;
}

/** Keeps retry policy in code: admits calls atomically, counts failures, decides when to stop. */
export interface RunPolicy {
  /**
   * Takes a place for a call before it runs, in one atomic store operation. Waits (bounded by
   * the calls in flight and by `signal`) while running it could overshoot a limit. Never rejects.
   */
  reserve(request: ReserveRequest): Maybe<Reservation>;
  /** Settles a call: counts a failure, escalates its message, decides a halt. Never rejects. */
  record(request: RecordRequest): Maybe<Verdict>;
  /** Forgets a run's state. Never rejects. */
  endRun(runId: string): Promise<void>;
}

/** What {@link createRunPolicy} needs. */
export interface RunPolicyContext {
  store: StateStore;
  options: ResolvedRunPolicyOptions;
  /** Bounds a reservation's lease: the longest a call can take with its retries. */
  retry: ResolvedRetryOptions;
  emit: EventHandler;
  clock: Clock;
}

const DEFAULT_RETRIES: Record<FailureOutcome['class'], number> = {
  correctable: 1,
  clarifying: 0,
  unavailable: 0,
  refused: 0,
  fatal: 0,
};
const KNOWN_OPTIONS = new Set([
  'maxSameFailures',
  'escalateAfterSameError',
  'maxFailedCalls',
  'retries',
  'shortCircuitUnavailable',
  'runTtlMs',
  'maxRunLifetimeMs',
  'maxKeysPerRun',
]);

/** Applies defaults and checks each knob, so a typo fails at start-up. */
export function resolveRunPolicyOptions(options: RunPolicyOptions = {}): ResolvedRunPolicyOptions {
  if (typeof options !== 'object' || options === null)
    throw new TypeError('policy must be an object of run policy options.');
  for (const name of Object.keys(options)) {
    if (!KNOWN_OPTIONS.has(name))
      throw new TypeError(
        `policy.${name} is not a run policy option; the options are ${[...KNOWN_OPTIONS].join(', ')}.`,
      );
  }
  const {
    maxSameFailures = 2,
    escalateAfterSameError = 3,
    maxFailedCalls = 5,
    shortCircuitUnavailable = true,
    runTtlMs = 3_600_000,
    maxRunLifetimeMs = 86_400_000,
    maxKeysPerRun = 256,
  } = options;
  for (const [name, value] of Object.entries({
    maxSameFailures,
    escalateAfterSameError,
    maxFailedCalls,
    runTtlMs,
    maxRunLifetimeMs,
  })) {
    if (!Number.isSafeInteger(value) || value < 1)
      throw new RangeError(`policy.${name} must be a positive integer; got ${JSON.stringify(value)}.`);
  }
  if (!Number.isInteger(maxKeysPerRun) || maxKeysPerRun < 8 || maxKeysPerRun > 1_000_000)
    throw new RangeError(
      `policy.maxKeysPerRun must be an integer from 8 to 1000000; got ${JSON.stringify(maxKeysPerRun)}.`,
    );
  if (typeof shortCircuitUnavailable !== 'boolean')
    throw new TypeError(
      `policy.shortCircuitUnavailable must be true or false; got ${JSON.stringify(shortCircuitUnavailable)}.`,
    );
  if (options.retries !== undefined && (typeof options.retries !== 'object' || options.retries === null))
    throw new TypeError('policy.retries must be an object such as { correctable: 1 }.');
  const retries = { ...DEFAULT_RETRIES };
  for (const [name, value] of Object.entries(options.retries ?? {})) {
    if (!(name in DEFAULT_RETRIES))
      throw new TypeError(
        `policy.retries.${name} is not a failure class; use ${Object.keys(DEFAULT_RETRIES).join(', ')}.`,
      );
    if (!Number.isInteger(value) || value < 0)
      throw new RangeError(`policy.retries.${name} must be a whole number; got ${JSON.stringify(value)}.`);
    retries[name as FailureOutcome['class']] = value;
  }
  return {
    maxSameFailures,
    escalateAfterSameError,
    maxFailedCalls,
    shortCircuitUnavailable,
    runTtlMs,
    maxRunLifetimeMs,
    maxKeysPerRun,
    retries,
  };
}

/** A key no run has: it keeps the map of calls in flight from emptying, and so from shrinking. */
const KEEP = Symbol('keeps the table from shrinking');

/** One call in flight in this process; its verdict promise is made only when an identical call follows it. */
interface InFlightCall {
  verdict: Promise<Verdict> | undefined;
  resolve: ((verdict: Verdict) => void) | undefined;
}

/**
 * A call that has claimed its place among the calls of its run in flight here. It is also the
 * reservation `reserve` hands back once the store has placed it, so admitting a call makes one
 * object, not two. Its call key is made on first read.
 */
class Claim implements InFlightCall, RunReservation {
  readonly kind = 'run';
  settled = false;
  /** The next call of the same run in flight here. */
  next: Claim | undefined = undefined;
  verdict: Promise<Verdict> | undefined = undefined;
  resolve: ((verdict: Verdict) => void) | undefined = undefined;
  #call: string | undefined;
  #argumentsKey: ArgumentsKeySource | undefined;

  constructor(
    readonly id: string,
    readonly runId: string,
    readonly toolName: string,
    /** The run's record key, under which its calls in flight are listed. */
    readonly scope: string,
    argumentsKey: ArgumentsKeySource,
  ) {
    this.#argumentsKey = argumentsKey;
  }

  get call(): string {
    if (this.#call === undefined) {
      this.#call = keyOf('c', this.toolName, readArgumentsKey(this.#argumentsKey!));
      this.#argumentsKey = undefined;
    }
    return this.#call;
  }
}

/** True for a reservation this policy made (every one it hands out is its claim). */
function isClaim(reservation: RunReservation): reservation is Claim {
  return reservation instanceof Claim;
}

/**
 * The memory store's commands for a claim, read in the same step: the call key is read through
 * the claim, so the store builds it only when it compares or counts it. Other stores get plain
 * objects with the key written out, since they may copy or serialise the command.
 */
class ReserveNow {
  readonly kind = 'reserve';
  constructor(
    readonly claim: Claim,
    readonly unavailable: string,
    readonly leaseMs: number,
  ) {}
  get id(): string {
    return this.claim.id;
  }
  get call(): string {
    return this.claim.call;
  }
}
class SettleNow {
  readonly kind = 'settle';
  constructor(readonly claim: Claim) {}
  get id(): string {
    return this.claim.id;
  }
  get call(): string {
    return this.claim.call;
  }
}

/** The promise an identical call waits on, made on the first follower's demand. */
function verdictOf(call: InFlightCall): Promise<Verdict> {
  call.verdict ??= new Promise<Verdict>((resolve) => {
    call.resolve = resolve;
  });
  return call.verdict;
}

/** A call being settled. */
interface SettleRequest {
  runId: string;
  toolName: string;
  toolCallId: string;
  outcome: Outcome;
  /** The call's claim, when it reserved a place here: its key, and the reservation to drop. */
  own: Claim | undefined;
  /** The call's arguments key, or what makes it, for a call that holds no claim. */
  argumentsKey: ArgumentsKeySource;
}

/** While a call waits for a place, how often it asks the store again (another process may settle). */
const WAIT_POLL_MS = 25;
/** Longest cached `unavailable` outcome, in characters of JSON; longer messages are cut. */
const MAX_CACHED_CHARACTERS = 2_048;
/** A reservation outlives the call's longest possible time by this much. */
const LEASE_MARGIN_MS = 5_000;

let lastRunId: string | undefined;
let lastScope = '';
/**
 * A run's record key. The last one is kept: a call's settle follows its reserve, and the same
 * string object is then hashed once by the store's map instead of built and hashed again.
 */
const scopeOf = (runId: string) => {
  if (runId !== lastRunId) {
    lastRunId = runId;
    lastScope = `run:${runId}`;
  }
  return lastScope;
};
/** Longest key kept as written; longer ones are hashed. */
const MAX_PLAIN_KEY = 96;
/** A short key, so a record's size never depends on what the model sent: long ones are hashed. */
const keyOf = (kind: string, toolName: string, detail?: string) => {
  const plain = detail === undefined ? `${kind}:${toolName}` : `${kind}:${toolName}\u0000${detail}`;
  if (plain.length <= MAX_PLAIN_KEY) return plain;
  return `${kind}#${createHash('sha256').update(plain).digest('base64url').slice(0, 22)}`;
};

/** Most tool names, and most details per tool name and kind, whose keys {@link sharedKeyOf} keeps. */
const MAX_SHARED_KEYS = 64;
/** A tool's keys made by {@link sharedKeyOf}: its unavailable key, and its keys by error code and by class. */
interface SharedKeys {
  u: string;
  e: Map<string, string>;
  k: Map<string, string>;
}
const sharedKeys = new Map<string, SharedKeys>();

/**
 * {@link keyOf} for the keys drawn from a small set (a tool's unavailable key, its error codes and
 * failure classes): made once and shared, so a call does not build and hash the same string again
 * and the records of many runs hold one copy of it. Past the bounds, keys are made afresh.
 */
function sharedKeyOf(kind: 'u', toolName: string): string;
function sharedKeyOf(kind: 'e' | 'k', toolName: string, detail: string): string;
function sharedKeyOf(kind: 'u' | 'e' | 'k', toolName: string, detail?: string): string {
  let keys = sharedKeys.get(toolName);
  if (keys === undefined) {
    if (sharedKeys.size >= MAX_SHARED_KEYS) return keyOf(kind, toolName, detail);
    keys = { u: keyOf('u', toolName), e: new Map(), k: new Map() };
    sharedKeys.set(toolName, keys);
  }
  if (kind === 'u' || detail === undefined) return keys.u;
  const byDetail = keys[kind];
  let key = byDetail.get(detail);
  if (key === undefined) {
    key = keyOf(kind, toolName, detail);
    if (byDetail.size < MAX_SHARED_KEYS) byDetail.set(detail, key);
  }
  return key;
}

/**
 * The run policy over a StateStore. A call costs two atomic store operations: `reserve` before
 * it runs and `settle` after. Store trouble fails open (the call runs, nothing is counted) and is
 * reported as `store.degraded`.
 */
export function createRunPolicy(context: RunPolicyContext): RunPolicy {
  const { store, options, emit, clock, retry } = context;
  const settings: RunSettings = {
    maxFailedCalls: options.maxFailedCalls,
    maxSameFailures: options.maxSameFailures,
    shortCircuitUnavailable: options.shortCircuitUnavailable,
    idleTtlMs: options.runTtlMs,
    maxLifetimeMs: options.maxRunLifetimeMs,
    maxKeys: options.maxKeysPerRun,
  };
  const processId = randomUUID().slice(0, 8);
  let sequence = 0;
  /**
   * The calls in flight in this process, listed by run: an identical call (same tool, same
   * canonical arguments) follows the first and shares its verdict. Keyed by the run's record
   * key, which the store hashes anyway, so the usual call (alone in its run) is looked up by a
   * string whose hash is computed once, and compared with nothing.
   */
  // never empty (see KEEP): V8 shrinks an emptied map's table and grows it on the next set
  const inFlight = new Map<string | typeof KEEP, Claim | undefined>([[KEEP, undefined]]);

  /**
   * The only call in flight here, while there is just one: held here rather than listed in
   * `inFlight`, so the usual call (alone in its run, and in this process) writes no map. A
   * second call first moves it to `inFlight`, so that while two or more are in flight they are
   * all listed there.
   */
  let sole: Claim | undefined;

  /** The call of the run identical to `claim` in flight here, if any (keys are only made when there is one). */
  const identical = (claim: Claim): Claim | undefined => {
    if (sole !== undefined) return sole.scope === claim.scope && sole.call === claim.call ? sole : undefined;
    if (inFlight.size === 1) return undefined; // only KEEP: nothing in flight
    for (let other = inFlight.get(claim.scope); other !== undefined; other = other.next)
      if (other.call === claim.call) return other;
    return undefined;
  };
  const listInMap = (claim: Claim) => {
    const head = inFlight.get(claim.scope);
    if (head === undefined) inFlight.set(claim.scope, claim);
    else {
      claim.next = head.next;
      head.next = claim;
    }
  };
  const list = (claim: Claim) => {
    if (sole === undefined && inFlight.size === 1) {
      sole = claim;
      return;
    }
    if (sole !== undefined) {
      listInMap(sole);
      sole = undefined;
    }
    listInMap(claim);
  };
  /** Takes a claim off its run's list; false when it was not on it. */
  const unlist = (claim: Claim): boolean => {
    if (sole === claim) {
      sole = undefined;
      return true;
    }
    const head = inFlight.get(claim.scope);
    if (head === claim) {
      if (claim.next === undefined) inFlight.delete(claim.scope);
      else inFlight.set(claim.scope, claim.next);
      claim.next = undefined;
      return true;
    }
    for (let previous = head; previous !== undefined; previous = previous.next) {
      if (previous.next === claim) {
        previous.next = claim.next;
        claim.next = undefined;
        return true;
      }
    }
    return false;
  };
  /** Calls of a run waiting for a place, woken when a call of that run settles here. */
  const waiting = new Map<string, Set<() => void>>();
  /** The memory store answers at once: then a call is admitted and settled with no await. */
  const updateNow = updateRunNow(store);

  const degraded = (runId: string, what: string, error: unknown) =>
    emit(storeDegradedEvent({ time: clock.now(), runId, source: 'run policy', what, error }));

  const updateLater = async (runId: string, command: RunCommand) => {
    try {
      return await store.updateRun(scopeOf(runId), command, settings);
    } catch (error) {
      degraded(runId, `could not ${command.kind} a call, so it ran uncounted`, error);
      return undefined;
    }
  };

  const update = (runId: string, command: RunCommand): Maybe<RunReply | undefined> => {
    if (updateNow === undefined) return updateLater(runId, command);
    try {
      return updateNow(scopeOf(runId), command, settings);
    } catch (error) {
      degraded(runId, `could not ${command.kind} a call, so it ran uncounted`, error);
      return undefined;
    }
  };

  const wake = (runId: string) => {
    if (waiting.size === 0) return; // the usual case: no call of any run is waiting
    const waiters = waiting.get(runId);
    if (waiters === undefined) return;
    waiting.delete(runId);
    for (const waiter of waiters) waiter();
  };

  /** Waits for a settle in this process, the poll interval, or an abort; true unless aborted. */
  const waitForPlace = (runId: string, delayMs: number, signal: AbortSignal | undefined) =>
    new Promise<boolean>((resolve) => {
      let done = false;
      const finish = (value: boolean) => {
        if (done) return;
        done = true;
        clock.clearTimeout(timer);
        cancelAbort();
        waiting.get(runId)?.delete(wakeUp);
        resolve(value);
      };
      const wakeUp = () => finish(true);
      const timer = clock.setTimeout(wakeUp, Math.min(delayMs, WAIT_POLL_MS));
      const cancelAbort = signal === undefined ? () => {} : onAbort(signal, () => finish(false));
      let waiters = waiting.get(runId);
      if (waiters === undefined) {
        waiters = new Set();
        waiting.set(runId, waiters);
      }
      waiters.add(wakeUp);
    });

  // the two run-ending events, each written in one place whichever step ends the run
  const emitCap = (runId: string, toolName: string, failedCalls: number, time = clock.now()) =>
    emit({ type: 'run.failure_cap', time, runId, tool: toolName, failedCalls });
  const emitRepeatedHalt = (runId: string, toolName: string, error: string, time: number) =>
    emit({ type: 'run.halted', time, runId, tool: toolName, reason: 'repeated_failure', error });

  const refusal = (runId: string, toolName: string, reply: RunReply): Reservation | undefined => {
    if (reply.kind === 'halted') return { kind: 'refused', outcome: haltedOutcome(), halt: reply.reason };
    if (reply.kind === 'capped') {
      emitCap(runId, toolName, reply.failed);
      return { kind: 'refused', outcome: failureCapOutcome(), halt: 'failure_cap' };
    }
    if (reply.kind === 'unavailable') {
      const outcome = cachedUnavailable(reply.cached, toolName);
      const now = clock.now();
      if (reply.halt === 'repeated_failure') {
        emitRepeatedHalt(runId, toolName, outcome.error, now);
        return {
          kind: 'refused',
          outcome: { ...outcome, hint: repeatedHint(reply.sameCall) },
          halt: 'repeated_failure',
        };
      }
      if (reply.failed >= settings.maxFailedCalls) {
        emitCap(runId, toolName, reply.failed, now);
        return { kind: 'refused', outcome: { ...outcome, hint: CAP_HINT }, halt: 'failure_cap' };
      }
      return { kind: 'refused', outcome };
    }
    return undefined;
  };

  return {
    reserve({ runId, toolName, argumentsKey, timeoutMs, signal }) {
      // claim the call before anything can wait, so an identical call arriving meanwhile follows it
      // base 36, not `${number}`: a decimal conversion goes through V8's number-to-string cache,
      // which keeps each new string alive long enough to be promoted to the old generation
      const id = `${processId}:${(++sequence).toString(36)}`;
      const claim = new Claim(id, runId, toolName, scopeOf(runId), argumentsKey);
      const leader = identical(claim);
      const leaseMs =
        (retry.maxAttempts === 1 ? timeoutMs : retry.maxElapsedMs + timeoutMs) + LEASE_MARGIN_MS;
      if (leader !== undefined)
        return { kind: 'shared', verdict: followVerdict(verdictOf(leader), toolName, leaseMs, signal) };
      list(claim);
      if (signal?.aborted) return aborted(claim);
      const unavailable = sharedKeyOf('u', toolName);
      const command: RunCommand =
        updateNow === undefined
          ? { kind: 'reserve', id: claim.id, call: claim.call, unavailable, leaseMs }
          : new ReserveNow(claim, unavailable, leaseMs);
      const first = update(runId, command);
      if (first instanceof Promise) return waitForTurn(claim, command, first, signal);
      return place(claim, first) ?? waitForTurn(claim, command, first, signal);
    },

    record({ runId, toolName, toolCallId, argumentsKey, outcome, reservation }) {
      if (reservation?.kind === 'refused')
        return { outcome, ...(reservation.halt ? { halt: reservation.halt } : {}) };
      if (reservation?.kind === 'shared') return reservation.verdict;
      const own =
        reservation?.kind === 'run' && !reservation.settled && isClaim(reservation) ? reservation : undefined;
      if (own !== undefined) own.settled = true;
      let verdict: Maybe<Verdict>;
      try {
        verdict = settle({ runId, toolName, toolCallId, outcome, own, argumentsKey });
      } catch (error) {
        ended(runId, own, { outcome });
        throw error;
      }
      if (!(verdict instanceof Promise)) return ended(runId, own, verdict);
      return verdict.then(
        (settled) => ended(runId, own, settled),
        (error: unknown) => {
          ended(runId, own, { outcome });
          throw error;
        },
      );
    },

    async endRun(runId) {
      try {
        await store.clear(scopeOf(runId));
      } catch (error) {
        degraded(runId, 'could not clear a run', error);
      }
    },
  };

  /** A call has settled: identical calls that followed it get its verdict, and waiting calls ask again. */
  function ended(runId: string, own: RunReservation | undefined, verdict: Verdict): Verdict {
    if (own !== undefined && isClaim(own) && unlist(own)) own.resolve?.(verdict);
    wake(runId);
    return verdict;
  }

  /** Ends a claim that will not run: identical calls that followed it get `verdict`. */
  function release(claim: Claim, verdict: Verdict): void {
    unlist(claim);
    claim.resolve?.(verdict);
    claim.resolve = undefined;
  }

  function aborted(claim: Claim): Reservation {
    const outcome = abortedOutcome(claim.toolName);
    release(claim, { outcome });
    return { kind: 'refused', outcome };
  }

  /** The reservation a store's reply grants or refuses; undefined when the call must wait. */
  function place(claim: Claim, reply: RunReply | undefined): Reservation | undefined {
    if (reply === undefined || reply.kind === 'admitted') return claim;
    const refused = refusal(claim.runId, claim.toolName, reply);
    if (refused?.kind !== 'refused') return undefined;
    release(claim, {
      outcome: refused.outcome,
      ...(refused.halt === undefined ? {} : { halt: refused.halt }),
    });
    return refused;
  }

  /** Asks again each time a call of the run settles here, or the poll interval passes, until placed or aborted. */
  async function waitForTurn(
    claim: Claim,
    command: RunCommand,
    first: Maybe<RunReply | undefined>,
    signal: AbortSignal | undefined,
  ): Promise<Reservation> {
    let reply = await first;
    for (;;) {
      const placed = place(claim, reply);
      if (placed !== undefined) return placed;
      const retryAfterMs = reply?.kind === 'wait' ? reply.retryAfterMs : WAIT_POLL_MS;
      if (!(await waitForPlace(claim.runId, retryAfterMs, signal)) || signal?.aborted) return aborted(claim);
      reply = await update(claim.runId, command);
    }
  }

  function settle(request: SettleRequest): Maybe<Verdict> {
    const { runId, toolName, outcome, own } = request;
    if (outcome.ok) {
      if (own === undefined) return { outcome };
      const command: RunCommand =
        updateNow === undefined ? { kind: 'settle', id: own.id, call: own.call } : new SettleNow(own);
      const settled = update(runId, command);
      return settled instanceof Promise ? settled.then(() => ({ outcome })) : { outcome };
    }
    const reply = update(runId, {
      kind: 'settle',
      id: own?.id ?? '',
      call: own?.call ?? keyOf('c', toolName, readArgumentsKey(request.argumentsKey)),
      failure: {
        error: sharedKeyOf('e', toolName, outcome.error),
        class: sharedKeyOf('k', toolName, outcome.class),
        fatal: outcome.class === 'fatal',
        ...(outcome.class === 'unavailable' && settings.shortCircuitUnavailable
          ? { unavailable: { key: sharedKeyOf('u', toolName), value: cacheable(outcome) } }
          : {}),
      },
    });
    return reply instanceof Promise
      ? reply.then((settled) => judge(request, outcome, settled))
      : judge(request, outcome, reply);
  }

  /** What a failure's settled counters mean for the model's message and for the run. */
  function judge(request: SettleRequest, outcome: FailureOutcome, reply: RunReply | undefined): Verdict {
    const { runId, toolName, toolCallId } = request;
    if (reply === undefined || reply.kind !== 'settled') return { outcome };
    const now = clock.now();
    const reportRepeat = (scope: 'arguments' | 'error', count: number) =>
      emit({
        type: 'tool.repeated_failure',
        time: now,
        runId,
        tool: toolName,
        toolCallId,
        error: outcome.error,
        count,
        scope,
      });
    if (reply.halt === 'fatal') {
      emit({ type: 'run.halted', time: now, runId, tool: toolName, reason: 'fatal', error: outcome.error });
      return { outcome, halt: 'fatal' };
    }
    if (reply.halt === 'repeated_failure') {
      reportRepeat('arguments', reply.sameCall);
      emitRepeatedHalt(runId, toolName, outcome.error, now);
      return {
        outcome: escalate(outcome, repeatedHint(reply.sameCall)),
        halt: 'repeated_failure',
      };
    }
    if (reply.failed >= settings.maxFailedCalls) {
      emitCap(runId, toolName, reply.failed, now);
      return { outcome: escalate(outcome, CAP_HINT), halt: 'failure_cap' };
    }
    if (reply.sameError >= options.escalateAfterSameError) {
      reportRepeat('error', reply.sameError);
      return {
        outcome: escalate(
          outcome,
          `${toolName} has failed ${reply.sameError} times in this run with the same error. Do not try it again: use a different tool, or tell the user what could not be done and why.`,
        ),
      };
    }
    // the first failure of a class stands as the tool wrote it; once the model has used its
    // retries for the class, the message tells it to stop
    if (reply.sameClass >= Math.max(2, options.retries[outcome.class] + 1))
      return { outcome: escalate(outcome, retryExhaustedHint(toolName, outcome.class)) };
    return { outcome };
  }

  /**
   * A follower waits for its leader's verdict, or its own abort; should the leader never settle
   * (its process state lost to a bug), the leader's lease bounds the wait.
   */
  function followVerdict(
    verdict: Promise<Verdict>,
    toolName: string,
    leaseMs: number,
    signal: AbortSignal | undefined,
  ): Promise<Verdict> {
    return new Promise<Verdict>((resolve) => {
      let done = false;
      const finish = (result: Verdict) => {
        if (done) return;
        done = true;
        clock.clearTimeout(timer);
        cancelAbort();
        resolve(result);
      };
      const timer = clock.setTimeout(
        () =>
          finish({
            outcome: unavailable({
              error: 'timeout',
              message: `${toolName} did not answer in time, so this part of the answer is missing.`,
              retryable: false,
            }),
          }),
        leaseMs,
      );
      const cancelAbort =
        signal === undefined
          ? () => {}
          : onAbort(signal, () => finish({ outcome: abortedOutcome(toolName) }));
      verdict.then(finish, () => finish({ outcome: abortedOutcome(toolName) }));
    });
  }
}

const CAP_HINT =
  'This was the last failed call this run allows, so no more tools will run. Answer now with what you already have, and tell the user which parts could not be checked.';

function repeatedHint(count: number): string {
  return `This exact call has now failed ${count} times, so the run is stopping. Tell the user plainly what could not be done; do not guess.`;
}

function haltedOutcome(): Outcome {
  return refused({
    error: 'run_halted',
    message:
      'This run has been stopped, so no further tools will run. Tell the user what you found and what could not be done.',
  });
}

function failureCapOutcome(): Outcome {
  return refused({
    error: 'too_many_failures',
    message:
      'Several tool calls have failed in this run, so no more will be made. Answer with what you already have, and tell the user which parts could not be checked.',
  });
}

function abortedOutcome(toolName: string): Outcome {
  return unavailable({
    error: 'aborted',
    message: `The request was cancelled before ${toolName} ran, so this part of the answer is missing.`,
    retryable: false,
  });
}

/** The outcome to cache for short-circuiting, hint dropped and size bounded. */
function cacheable(outcome: UnavailableOutcome): string {
  const cached: Omit<UnavailableOutcome, 'hint'> =
    outcome.hint === undefined ? outcome : withoutHint(outcome);
  const json = JSON.stringify(cached);
  if (json.length <= MAX_CACHED_CHARACTERS) return json;
  return JSON.stringify({
    class: cached.class,
    ok: false,
    error: cached.error.slice(0, 100),
    message: `${cached.message.slice(0, 1_500)}…`,
    retryable: cached.retryable,
  });
}

function withoutHint(outcome: UnavailableOutcome): Omit<UnavailableOutcome, 'hint'> {
  const { hint: _hint, ...rest } = outcome;
  return rest;
}

function cachedUnavailable(cached: string, toolName: string): UnavailableOutcome {
  let outcome: UnavailableOutcome;
  try {
    outcome = JSON.parse(cached) as UnavailableOutcome;
  } catch {
    outcome = unavailable({
      error: 'source_unavailable',
      message: `${toolName} was unavailable earlier in this run.`,
      retryable: false,
    }) as UnavailableOutcome;
  }
  return {
    ...outcome,
    hint: `${toolName} was already unavailable in this run. Do not retry it this turn; tell the user what could not be checked.`,
  };
}

function escalate(outcome: FailureOutcome, hint: string): Outcome {
  return outcome.class === 'fatal' ? outcome : { ...outcome, hint };
}

function retryExhaustedHint(toolName: string, outcomeClass: OutcomeClass): string {
  if (outcomeClass === 'correctable') {
    return `The corrected call to ${toolName} failed as well. Do not keep guessing: ask the user for the right value, or tell them what could not be done.`;
  }
  if (outcomeClass === 'unavailable') {
    return `${toolName} stays unavailable for the rest of this run. Do not retry it this turn; tell the user what could not be checked.`;
  }
  return `Calling ${toolName} again will not change this. Do not retry it; tell the user what happened.`;
}
