import { createEventSink, type EmitEvent } from '../../observe/event-sink.js';
import type { EventHandler } from '../../observe/events.js';
import { jsonLineLogger, type Logger } from '../../observe/logger.js';
import { serializeError } from '../../observe/serialize-error.js';
import { type Clock, systemClock } from '../../state/clock.js';
import { createMemoryStore, type MemoryStore } from '../../state/memory-store.js';
import type { BreakerReply, BreakerState, StateStore } from '../../state/state-store.js';
import { APPROVAL_SCRIPT, approvalArguments, readApprovalReply } from './approval-script.js';
import { fromNodeRedis, type NodeRedisClient } from './from-node-redis.js';
import { isRedisScriptClient, type RedisScriptClient } from './redis-script-client.js';
import { REDIS_SCRIPTS, type RedisScript } from './redis-scripts.js';

/** Options for {@link createRedisStore}. */
export interface RedisStoreOptions {
  /**
   * A connected node-redis client or cluster client, or any {@link RedisScriptClient} (see
   * `fromIoredis`). Create node-redis clients with `disableOfflineQueue: true`, so commands fail
   * at once while the connection is down instead of waiting to be replayed later.
   */
  client: NodeRedisClient | RedisScriptClient;
  /**
   * Put before every key. Each key's variable part is a hash tag (`tb:{run:abc}`), so a record
   * and its lease share a Redis Cluster slot. Must not contain `{` or `}`.
   * @default 'tb:'
   */
  keyPrefix?: string;
  /**
   * How long one operation may take before Redis counts as down and local state takes over.
   * @default 250
   */
  operationTimeoutMs?: number;
  /**
   * While degraded, how often a call may check whether Redis is back.
   * @default 1000
   */
  recoveryIntervalMs?: number;
  /**
   * Changes made locally during an outage, kept to be written to Redis when it returns; past
   * this many the oldest are dropped.
   * @default 10000
   */
  maxPendingChanges?: number;
  /**
   * Where `store.degraded` and `store.recovered` are logged, once per outage.
   * @default jsonLineLogger()
   */
  logger?: Logger;
  /** Also receives `store.degraded` and `store.recovered`. */
  onEvent?: EventHandler;
  /**
   * Drives operation timeouts and the local fallback's expiry.
   * @default systemClock
   */
  clock?: Clock;
}

/** A StateStore on Redis that falls back to local memory while Redis is down. */
export interface RedisStore extends StateStore {
  /** True while Redis is unreachable and state is local to this process. */
  readonly degraded: boolean;
  /** Round trips made to Redis so far; for benchmarks and tests. */
  readonly roundTrips: number;
}

type PendingChange =
  | { kind: 'increment'; scope: string; deltas: Array<readonly [string, number]>; ttlMs: number }
  | { kind: 'write'; scope: string; values: Record<string, string>; ttlMs: number }
  | { kind: 'clear'; scope: string };

const BREAKER_STATES = new Set<BreakerState>(['closed', 'open', 'half_open']);
const TRANSITIONS = new Set<BreakerReply['transition']>(['opened', 'half_opened', 'closed', 'none']);

/**
 * The shared StateStore: run counters, cached outcomes, leases and circuit breakers in Redis,
 * so that several processes share them. Every read-modify-write is one Lua script (EVALSHA,
 * falling back to EVAL when Redis answers NOSCRIPT), atomic, with a TTL on every key.
 *
 * When Redis fails or takes longer than `operationTimeoutMs`, the store turns to a local
 * in-memory store, logs `store.degraded` once, and keeps answering; every `recoveryIntervalMs`
 * one call checks Redis in the background, and once it answers the changes made meanwhile are
 * written back and `store.recovered` is logged. No operation ever rejects.
 * @example
 * const client = await createClient({ url: process.env.REDIS_URL, disableOfflineQueue: true })
 *   .on('error', () => {})
 *   .connect();
 * const dispatcher = createDispatcher({ tools, store: createRedisStore({ client }) });
 */
export function createRedisStore(options: RedisStoreOptions): RedisStore {
  const {
    keyPrefix = 'tb:',
    operationTimeoutMs = 250,
    recoveryIntervalMs = 1_000,
    maxPendingChanges = 10_000,
    clock = systemClock,
  } = options;
  if (/[{}]/.test(keyPrefix)) throw new TypeError('createRedisStore: keyPrefix must not contain { or }.');
  for (const [name, value] of Object.entries({ operationTimeoutMs, recoveryIntervalMs, maxPendingChanges })) {
    if (!Number.isInteger(value) || value < 1)
      throw new RangeError(
        `createRedisStore: ${name} must be a positive integer; got ${JSON.stringify(value)}.`,
      );
  }
  const client = isRedisScriptClient(options.client) ? options.client : fromNodeRedis(options.client);
  const emit: EmitEvent = createEventSink(
    options.logger ?? jsonLineLogger(),
    options.onEvent ? [options.onEvent] : [],
  );
  const local: MemoryStore = createMemoryStore({ clock });
  const recordKey = (scope: string) => `${keyPrefix}{${scope}}`;
  const leaseKey = (key: string) => `${keyPrefix}{lease:${key}}`;
  const breakerKeys = (service: string) => {
    const key = `${keyPrefix}{breaker:${service}}`;
    return [key, `${key}:probe`];
  };

  let roundTrips = 0;
  let degraded = false;
  let lastCheckAt = 0;
  let checking = false;
  const pending: PendingChange[] = [];

  const evaluate = async (script: RedisScript, keys: readonly string[], args: readonly string[]) => {
    roundTrips++;
    try {
      return await client.evalShaScript(script.sha, keys, args);
    } catch (error) {
      if (!isNoScript(error)) throw error;
      roundTrips++; // Redis restarted or flushed its script cache: send the source once
      return client.evalScript(script.source, keys, args);
    }
  };

  /** Runs a script within the time limit; the late result of a timed-out one is dropped, never unhandled. */
  const call = (script: RedisScript, keys: readonly string[], args: readonly string[]): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const timer = clock.setTimeout(
        () => reject(new OperationTimeout(operationTimeoutMs)),
        operationTimeoutMs,
      );
      evaluate(script, keys, args).then(
        (value) => {
          clock.clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clock.clearTimeout(timer);
          reject(error);
        },
      );
    });

  const degrade = (error: unknown) => {
    if (degraded) return;
    degraded = true;
    lastCheckAt = clock.now();
    emit({
      type: 'store.degraded',
      time: clock.now(),
      runId: '',
      reason: `Redis is unreachable, so state is local to this process until it returns: ${serializeError(error).message.slice(0, 200)}`,
    });
  };

  const remember = (change: PendingChange) => {
    pending.push(change);
    if (pending.length > maxPendingChanges) pending.shift();
  };

  const replay = async (change: PendingChange) => {
    if (change.kind === 'increment')
      await call(
        REDIS_SCRIPTS.increment,
        [recordKey(change.scope)],
        incrementArguments(change.deltas, change.ttlMs),
      );
    else if (change.kind === 'write')
      await call(REDIS_SCRIPTS.write, [recordKey(change.scope)], writeArguments(change.values, change.ttlMs));
    else await call(REDIS_SCRIPTS.clear, [recordKey(change.scope)], []);
  };

  /** At most one check at a time, at most one per interval, never awaited by a caller. */
  const checkRecovery = () => {
    if (checking || clock.now() - lastCheckAt < recoveryIntervalMs) return;
    checking = true;
    lastCheckAt = clock.now();
    const attempt = async () => {
      await call(REDIS_SCRIPTS.ping, [], []);
      // changes made while replaying join the queue and are replayed in the same pass
      while (pending.length > 0) {
        const change = pending[0]!;
        await replay(change);
        pending.shift();
      }
      degraded = false;
      emit({
        type: 'store.recovered',
        time: clock.now(),
        runId: '',
        reason: 'Redis answers again; state is shared once more.',
      });
    };
    attempt()
      .catch(() => {
        // still down; the next interval tries again
      })
      .finally(() => {
        checking = false;
      });
  };

  /**
   * Redis first; local state when Redis is down, was down a moment ago, or fails now. The
   * fallback is told whether to keep its change for replay: not when the operation timed out,
   * since Redis may yet have applied it, and replaying it could count it twice.
   */
  const shared = async <T>(
    remote: () => Promise<T>,
    fallback: (replay: boolean) => Promise<T>,
  ): Promise<T> => {
    if (degraded) {
      checkRecovery();
      return fallback(true);
    }
    try {
      return await remote();
    } catch (error) {
      degrade(error);
      return fallback(!(error instanceof OperationTimeout));
    }
  };

  return {
    get degraded() {
      return degraded;
    },
    get roundTrips() {
      return roundTrips;
    },

    async read(scope, fields) {
      if (fields.length === 0) return [];
      return shared(
        async () => {
          const reply = await call(REDIS_SCRIPTS.read, [recordKey(scope)], fields);
          if (!Array.isArray(reply) || reply.length !== fields.length)
            throw new Error('unexpected HMGET reply');
          return reply.map((value) => (value === null || value === undefined ? undefined : String(value)));
        },
        () => local.read(scope, fields),
      );
    },

    async increment(scope, deltas, ttlMs) {
      const copy = deltas.map(([field, delta]) => [field, delta] as const);
      return shared(
        async () => {
          const reply = await call(
            REDIS_SCRIPTS.increment,
            [recordKey(scope)],
            incrementArguments(copy, ttlMs),
          );
          if (!Array.isArray(reply) || reply.length !== copy.length)
            throw new Error('unexpected increment reply');
          const values = reply.map(Number);
          // a copy here lets counting go on from the last shared values if Redis goes away
          await local.write(
            scope,
            Object.fromEntries(copy.map(([field], index) => [field, String(values[index])])),
            ttlMs,
          );
          return values;
        },
        async (replay) => {
          if (replay) remember({ kind: 'increment', scope, deltas: copy, ttlMs });
          return local.increment(scope, copy, ttlMs);
        },
      );
    },

    async write(scope, values, ttlMs) {
      const copy = { ...values };
      await shared(
        async () => {
          await call(REDIS_SCRIPTS.write, [recordKey(scope)], writeArguments(copy, ttlMs));
          await local.write(scope, copy, ttlMs);
        },
        async (replay) => {
          if (replay) remember({ kind: 'write', scope, values: copy, ttlMs });
          await local.write(scope, copy, ttlMs);
        },
      );
    },

    async clear(scope) {
      await local.clear(scope);
      await shared(
        async () => {
          await call(REDIS_SCRIPTS.clear, [recordKey(scope)], []);
        },
        async (replay) => {
          if (replay) remember({ kind: 'clear', scope });
        },
      );
    },

    async acquireLease(key, holder, ttlMs) {
      return shared(
        async () =>
          Number(
            await call(REDIS_SCRIPTS.acquireLease, [leaseKey(key)], [holder, String(Math.ceil(ttlMs))]),
          ) === 1,
        () => local.acquireLease(key, holder, ttlMs),
      );
    },

    async releaseLease(key, holder) {
      await shared(
        async () => {
          await call(REDIS_SCRIPTS.releaseLease, [leaseKey(key)], [holder]);
        },
        () => local.releaseLease(key, holder),
      );
    },

    async updateApproval(key, command) {
      const remote = async () =>
        readApprovalReply(
          await call(APPROVAL_SCRIPT, [`${keyPrefix}{approval:${key}}`], approvalArguments(command)),
        );
      // a budget may count locally while Redis is down; a claim never may, or two processes could both win
      return command.kind === 'count' ? shared(remote, () => local.updateApproval!(key, command)) : remote();
    },

    async updateBreaker(service, command, settings) {
      return shared(
        async () =>
          readBreakerReply(
            await call(REDIS_SCRIPTS.breaker, breakerKeys(service), [
              command.kind,
              command.holder,
              String(command.kind === 'admit' ? Math.ceil(command.leaseMs) : 0),
              command.kind === 'record' ? command.result : '',
              command.kind === 'record' && command.probe ? '1' : '0',
              String(command.successes),
              String(settings.consecutiveFailures),
              String(settings.failureRatio),
              String(settings.minimumCalls),
              String(settings.windowMs),
              String(settings.openMs),
              String(Math.ceil(settings.ttlMs)),
            ]),
          ),
        () => local.updateBreaker!(service, command, settings),
      );
    },
  };
}

class OperationTimeout extends Error {
  constructor(timeoutMs: number) {
    super(`Redis did not answer within ${timeoutMs} ms`);
    this.name = 'OperationTimeout';
  }
}

function incrementArguments(deltas: ReadonlyArray<readonly [string, number]>, ttlMs: number): string[] {
  return [String(Math.ceil(ttlMs)), ...deltas.flatMap(([field, delta]) => [field, String(delta)])];
}

function writeArguments(values: Readonly<Record<string, string>>, ttlMs: number): string[] {
  return [String(Math.ceil(ttlMs)), ...Object.entries(values).flat()];
}

function readBreakerReply(reply: unknown): BreakerReply {
  if (!Array.isArray(reply) || reply.length !== 5) throw new Error('unexpected breaker reply');
  const [state, admitted, probe, retryAfterMs, transition] = reply as unknown[];
  if (
    !BREAKER_STATES.has(state as BreakerState) ||
    !TRANSITIONS.has(transition as BreakerReply['transition'])
  )
    throw new Error('unexpected breaker reply');
  return {
    state: state as BreakerState,
    admitted: Number(admitted) === 1,
    probe: Number(probe) === 1,
    retryAfterMs: Math.max(0, Number(retryAfterMs) || 0),
    transition: transition as BreakerReply['transition'],
  };
}

function isNoScript(error: unknown): boolean {
  try {
    return error instanceof Error && error.message.startsWith('NOSCRIPT');
  } catch {
    return false;
  }
}
