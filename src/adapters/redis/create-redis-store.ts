import { createEventSink } from '../../observe/event-sink.js';
import type { EventHandler } from '../../observe/events.js';
import { jsonLineLogger, type Logger } from '../../observe/logger.js';
import { storeDegradedEvent } from '../../policy/store-degraded.js';
import { type Clock, systemClock } from '../../state/clock.js';
import { LruList } from '../../state/lru-list.js';
import { createMemoryStore, type MemoryStore } from '../../state/memory-store.js';
import type {
  BreakerReply,
  BreakerState,
  RunHalt,
  RunReply,
  RunSettings,
  StateStore,
} from '../../state/state-store.js';
import { APPROVAL_SCRIPT, approvalArguments, readApprovalReply } from './approval-script.js';
import { classifyRedisError } from './classify-redis-error.js';
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
   * and its companions share a Redis Cluster slot. Must not contain `{` or `}`.
   * @default 'tb:'
   */
  keyPrefix?: string;
  /**
   * How long one operation may take once sent before Redis counts as down and local state takes
   * over. Time spent waiting in the store's own queue does not count (see `queueTimeoutMs`).
   * @default 250
   */
  operationTimeoutMs?: number;
  /**
   * Most operations sent to Redis and not yet answered; the rest wait in the store's queue, in
   * order, so a burst cannot pile thousands of commands onto the connection.
   * @default 64
   */
  maxInFlight?: number;
  /**
   * How long an operation may wait in the store's queue before its caller is answered from local
   * state. It must be shorter than the client's own queue or command timeout. A count that gave
   * up waiting is still sent, later and in order, so no count is lost to a burst.
   * @default 1000
   */
  queueTimeoutMs?: number;
  /**
   * While degraded, how often a call may check whether Redis is back.
   * @default 1000
   */
  recoveryIntervalMs?: number;
  /**
   * Changes made locally during an outage, kept to be written to Redis when it returns; past
   * this many the oldest are dropped.
   * @default 100000
   */
  maxPendingChanges?: number;
  /**
   * How long a key Redis refused (a WRONGTYPE, say) keeps its run on local state before Redis is
   * tried again for it. Other runs stay on Redis meanwhile.
   * @default 60000
   */
  keyQuarantineMs?: number;
  /**
   * Where `store.degraded` and `store.recovered` are logged, once per outage or per refused key.
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
  /** Operations waiting in the store's queue or for a late send; 0 once a burst has drained. */
  readonly backlog: number;
  /** Resolves once every operation queued so far has been sent and answered (or failed). */
  drain(): Promise<void>;
}

/** An operation against one Redis key group, and what to do when it cannot be sent. */
interface Operation {
  script: RedisScript;
  keys: string[];
  args: string[];
  /** The scope it belongs to, for per-key quarantine; '' for breakers. */
  scope: string;
  /** A change that must reach Redis even when its caller stopped waiting (counts, clears). */
  replayable: boolean;
}

interface Job {
  operation: Operation;
  state: 'queued' | 'sent' | 'detached' | 'abandoned';
  resolve(value: unknown): void;
  reject(error: unknown): void;
  timer: unknown;
}

type PendingChange = Operation;

const BREAKER_STATES = new Set<BreakerState>(['closed', 'open', 'half_open']);
const TRANSITIONS = new Set<BreakerReply['transition']>(['opened', 'half_opened', 'closed', 'none']);
const MAX_QUARANTINED_KEYS = 10_000;
/** How often a deadline that came late (this process was busy) is given another interval. */
const MAX_REARMS = 8;

/**
 * The shared StateStore: run records and circuit breakers in Redis, so that several processes
 * share them. Every operation is one Lua script, atomic, with a TTL on every key. The scripts are
 * loaded once when the store is made and again after a NOSCRIPT (one reload, however many
 * operations saw it), then run by SHA.
 *
 * Under a burst, at most `maxInFlight` operations are on the wire; the rest queue, each with its
 * own deadline. A caller whose operation waited too long is answered from local state, and the
 * operation, never sent, is still sent later when it is a count, so every count reaches Redis.
 * When Redis fails or an operation sent to it takes longer than `operationTimeoutMs`, the store
 * turns to local state, logs `store.degraded` once, and keeps answering; every
 * `recoveryIntervalMs` one call checks Redis in the background, and once it answers the changes
 * made meanwhile are written back and `store.recovered` is logged. An error about one key (a
 * WRONGTYPE) puts that run alone on local state and names the key in the log. No operation ever
 * rejects.
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
    maxInFlight = 64,
    queueTimeoutMs = 1_000,
    recoveryIntervalMs = 1_000,
    maxPendingChanges = 100_000,
    keyQuarantineMs = 60_000,
    clock = systemClock,
  } = options;
  if (typeof keyPrefix !== 'string' || /[{}]/.test(keyPrefix))
    throw new TypeError('createRedisStore: keyPrefix must be a string without { or }.');
  for (const [name, value] of Object.entries({
    operationTimeoutMs,
    maxInFlight,
    queueTimeoutMs,
    recoveryIntervalMs,
    maxPendingChanges,
    keyQuarantineMs,
  })) {
    if (!Number.isSafeInteger(value) || value < 1)
      throw new RangeError(
        `createRedisStore: ${name} must be a positive integer; got ${JSON.stringify(value)}.`,
      );
  }
  if (options.client === null || typeof options.client !== 'object')
    throw new TypeError(
      'createRedisStore: client must be a connected node-redis client or a RedisScriptClient.',
    );
  const client = isRedisScriptClient(options.client) ? options.client : fromNodeRedis(options.client);
  const emit: EventHandler = createEventSink(
    options.logger ?? jsonLineLogger(),
    options.onEvent ? [options.onEvent] : [],
  );
  const local: MemoryStore = createMemoryStore({ clock });
  const runKeys = (scope: string) => {
    const key = `${keyPrefix}{${scope}}`;
    return [key, `${key}:lru`, `${key}:res`];
  };
  const breakerKeys = (service: string) => {
    const key = `${keyPrefix}{breaker:${service}}`;
    return [key, `${key}:probe`];
  };

  let roundTrips = 0;
  let degraded = false;
  let lastCheckAt = 0;
  let checking = false;
  const pending: PendingChange[] = [];
  const quarantined = new LruList<number>();
  const queue: Array<Job | undefined> = [];
  let head = 0;
  let inFlight = 0;
  let drainWaiters: Array<() => void> = [];

  // scripts: loaded once now and once per NOSCRIPT episode, never once per operation
  let loading: Promise<void> | undefined;
  const loadScripts = (): Promise<void> => {
    loading ??= (async () => {
      if (client.loadScript === undefined) return;
      roundTrips += Object.keys(REDIS_SCRIPTS).length;
      await Promise.all(Object.values(REDIS_SCRIPTS).map((script) => client.loadScript!(script.source)));
    })()
      .catch(() => {
        // not loaded: EVALSHA answers NOSCRIPT and the next operation loads them
      })
      .finally(() => {
        loading = undefined;
      });
    return loading;
  };
  let ready: Promise<void> | undefined = loadScripts().then(() => {
    ready = undefined;
  });

  const evaluate = async ({ script, keys, args }: Operation): Promise<unknown> => {
    if (ready !== undefined) await ready;
    roundTrips++;
    try {
      return await client.evalShaScript(script.sha, keys, args);
    } catch (error) {
      if (classifyRedisError(error) !== 'noscript') throw error;
    }
    // Redis restarted or flushed its script cache: reload once for everyone, then run by SHA
    if (client.loadScript !== undefined) {
      await loadScripts();
      roundTrips++;
      try {
        return await client.evalShaScript(script.sha, keys, args);
      } catch (error) {
        if (classifyRedisError(error) !== 'noscript') throw error;
      }
    }
    roundTrips++;
    return client.evalScript(script.source, keys, args);
  };

  /** Sends one job, under the operation timeout; a late reply is dropped, never unhandled. */
  const send = (job: Job) => {
    job.state = job.state === 'detached' ? 'detached' : 'sent';
    inFlight++;
    let finished = false;
    const finish = (outcome: { value: unknown } | { error: unknown }) => {
      if (finished) return;
      finished = true;
      clock.clearTimeout(timer);
      inFlight--;
      if ('value' in outcome) job.resolve(outcome.value);
      else job.reject(outcome.error);
      pump();
    };
    // The deadline measures Redis, not this process: it is checked after pending I/O was read
    // (setImmediate runs after the poll phase), and when this process was too busy to read
    // replies (the check came late), the reply gets another full interval, a few times over.
    let timer: unknown;
    let rearms = 0;
    const arm = () => {
      const dueAt = Date.now() + operationTimeoutMs;
      timer = clock.setTimeout(
        () =>
          setImmediate(() => {
            if (finished) return;
            const lateMs = Date.now() - dueAt;
            if (lateMs > operationTimeoutMs / 2 && rearms < MAX_REARMS) {
              rearms++;
              arm();
              return;
            }
            finish({ error: new OperationTimeout(operationTimeoutMs) });
          }),
        operationTimeoutMs,
      );
    };
    arm();
    evaluate(job.operation).then(
      (value) => finish({ value }),
      (error: unknown) => finish({ error }),
    );
  };

  const pump = () => {
    while (inFlight < maxInFlight && head < queue.length) {
      const job = queue[head];
      queue[head++] = undefined;
      if (job === undefined || job.state === 'abandoned') continue;
      clock.clearTimeout(job.timer);
      send(job);
    }
    if (head > 1_024 && head * 2 > queue.length) {
      queue.splice(0, head);
      head = 0;
    }
    if (inFlight === 0 && head >= queue.length) {
      const waiters = drainWaiters;
      drainWaiters = [];
      for (const waiter of waiters) waiter();
    }
  };

  /** Queues an operation; rejects with QueueTimeout when it waited past `queueTimeoutMs` unsent. */
  const submit = (operation: Operation): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const job: Job = { operation, state: 'queued', resolve, reject, timer: undefined };
      if (inFlight < maxInFlight && head >= queue.length) {
        send(job);
        return;
      }
      queue.push(job);
      job.timer = clock.setTimeout(() => {
        if (job.state !== 'queued') return;
        if (operation.replayable) {
          // the caller is answered from local state; the count itself keeps its place in line
          job.state = 'detached';
          const detached = job;
          detached.resolve = () => {};
          detached.reject = (error: unknown) => lateFailure(operation, error);
        } else {
          // never sent, and worthless later (a reservation, a breaker step); marked rather than
          // cleared by position, since compaction moves the queue under a waiting job
          job.state = 'abandoned';
        }
        reject(new QueueTimeout(queueTimeoutMs));
      }, queueTimeoutMs);
    });

  /** A count sent late failed: keep it for replay when it never reached Redis. */
  const lateFailure = (operation: Operation, error: unknown) => {
    const kind = classifyRedisError(error);
    if (kind === 'unsent') remember(operation);
    else if (kind === 'per_key') quarantine(operation, error);
    else if (kind === 'down') degrade(error);
  };

  const degrade = (error: unknown) => {
    if (degraded) return;
    degraded = true;
    lastCheckAt = clock.now();
    emit(
      storeDegradedEvent({
        time: clock.now(),
        source: 'redis',
        what: 'Redis is unreachable, so state is local to this process until it returns',
        error,
      }),
    );
  };

  const quarantine = (operation: Operation, error: unknown) => {
    const scopeKey = operation.keys[0] ?? '';
    const already = quarantined.get(scopeKey);
    quarantined.set(scopeKey, clock.now() + keyQuarantineMs);
    while (quarantined.size > MAX_QUARANTINED_KEYS) quarantined.shift();
    if (already !== undefined && already > clock.now()) return;
    emit(
      storeDegradedEvent({
        time: clock.now(),
        runId: operation.scope.startsWith('run:') ? operation.scope.slice(4) : '',
        source: 'redis',
        what: 'Redis refused one key, so its run is local to this process for a while; every other run stays on Redis',
        error,
        key: scopeKey,
      }),
    );
  };

  const isQuarantined = (operation: Operation) => {
    const until = quarantined.get(operation.keys[0] ?? '');
    if (until === undefined) return false;
    if (until > clock.now()) return true;
    quarantined.delete(operation.keys[0] ?? '');
    return false;
  };

  const remember = (change: PendingChange) => {
    pending.push(change);
    if (pending.length > maxPendingChanges) pending.shift();
  };

  /** At most one check at a time, at most one per interval, never awaited by a caller. */
  const checkRecovery = () => {
    if (checking || clock.now() - lastCheckAt < recoveryIntervalMs) return;
    checking = true;
    lastCheckAt = clock.now();
    const attempt = async () => {
      await submit({ script: REDIS_SCRIPTS.ping, keys: [], args: [], scope: '', replayable: false });
      // changes made while replaying join the list and go out in the same pass; one connection
      // keeps them in order, so a batch can be sent at once
      while (pending.length > 0) {
        const batch = pending.slice(0, maxInFlight);
        await Promise.all(batch.map((change) => submit(change)));
        pending.splice(0, batch.length);
      }
      degraded = false;
      emit({
        type: 'store.recovered',
        time: clock.now(),
        runId: '',
        reason: 'redis: Redis answers again; state is shared once more.',
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
   * Redis first; local state when Redis is down, the key is quarantined, or the operation fails
   * now. A change is kept for replay only when it never reached Redis: an operation sent and
   * timed out may have been applied, and replaying it could count it twice.
   */
  const shared = async <T>(
    operation: Operation,
    read: (reply: unknown) => T,
    fallback: () => Promise<T>,
  ): Promise<T> => {
    if (isQuarantined(operation)) return fallback();
    if (degraded) {
      checkRecovery();
      if (operation.replayable) remember(operation);
      return fallback();
    }
    try {
      return read(await submit(operation));
    } catch (error) {
      if (error instanceof QueueTimeout) return fallback(); // a count still goes out, in order
      const kind = error instanceof OperationTimeout ? 'down' : classifyRedisError(error);
      if (kind === 'per_key' || error instanceof MalformedReply) {
        quarantine(operation, error);
        return fallback();
      }
      degrade(error);
      if (kind === 'unsent' && operation.replayable) remember(operation);
      return fallback();
    }
  };

  const settingsArguments = (settings: RunSettings) => [
    String(settings.maxFailedCalls),
    String(settings.maxSameFailures),
    settings.shortCircuitUnavailable ? '1' : '0',
    String(Math.ceil(settings.idleTtlMs)),
    String(Math.ceil(settings.maxLifetimeMs)),
    String(settings.maxKeys),
  ];

  return {
    get degraded() {
      return degraded;
    },
    get roundTrips() {
      return roundTrips;
    },
    get backlog() {
      return inFlight + (queue.length - head);
    },
    drain() {
      if (inFlight === 0 && head >= queue.length) return Promise.resolve();
      return new Promise((resolve) => drainWaiters.push(resolve));
    },

    async updateRun(scope, command, settings) {
      const args = [command.kind, command.id, command.call, ...settingsArguments(settings)];
      if (command.kind === 'reserve') args.push(command.unavailable, String(Math.ceil(command.leaseMs)));
      else if (command.failure === undefined) args.push('0');
      else {
        const { failure } = command;
        args.push(
          '1',
          failure.error,
          failure.class,
          failure.fatal ? '1' : '0',
          failure.unavailable?.key ?? '',
          failure.unavailable?.value ?? '',
        );
      }
      const operation: Operation = {
        script: REDIS_SCRIPTS.run,
        keys: runKeys(scope),
        args,
        scope,
        replayable: command.kind === 'settle',
      };
      // failures are also counted locally, so that an outage goes on from this process's counts
      let answeredLocally = false;
      const reply = await shared(operation, readRunReply, () => {
        answeredLocally = true;
        return local.updateRun(scope, command, settings);
      });
      if (!answeredLocally && command.kind === 'settle' && command.failure !== undefined)
        await local.updateRun(scope, { ...command, id: '' }, settings);
      return reply;
    },

    async inspectRun(scope) {
      return shared(
        { script: REDIS_SCRIPTS.inspect, keys: runKeys(scope), args: [], scope, replayable: false },
        readSnapshot,
        () => local.inspectRun(scope),
      );
    },

    async clear(scope) {
      await local.clear(scope);
      await shared(
        { script: REDIS_SCRIPTS.clear, keys: runKeys(scope), args: [], scope, replayable: true },
        () => undefined,
        async () => undefined,
      );
    },

    async updateApproval(key, command) {
      const operation: Operation = {
        script: APPROVAL_SCRIPT,
        keys: [`${keyPrefix}{approval:${key}}`],
        args: approvalArguments(command),
        scope: `approval:${key}`,
        replayable: false,
      };
      // a budget may count locally while Redis is down; a claim never may, or two processes could both win
      if (command.kind === 'count')
        return shared(operation, readApprovalReply, () => local.updateApproval!(key, command));
      return readApprovalReply(await submit(operation));
    },

    async updateBreaker(service, command, settings) {
      return shared(
        {
          script: REDIS_SCRIPTS.breaker,
          keys: breakerKeys(service),
          args: [
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
          ],
          scope: '',
          replayable: false,
        },
        readBreakerReply,
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

class QueueTimeout extends Error {
  constructor(timeoutMs: number) {
    super(`the operation waited ${timeoutMs} ms in the store's queue without being sent`);
    this.name = 'QueueTimeout';
  }
}

class MalformedReply extends Error {
  constructor(what: string) {
    super(`unexpected ${what} reply from Redis`);
    this.name = 'MalformedReply';
  }
}

const HALTS = new Set<RunHalt>(['fatal', 'repeated_failure']);

function readRunReply(reply: unknown): RunReply {
  if (!Array.isArray(reply) || reply.length === 0) throw new MalformedReply('run');
  const [kind, ...rest] = reply as unknown[];
  const number = (value: unknown) => {
    const parsed = Number(value);
    if (!Number.isFinite(parsed)) throw new MalformedReply('run');
    return parsed;
  };
  switch (String(kind)) {
    case 'admitted':
      return { kind: 'admitted' };
    case 'wait':
      return { kind: 'wait', retryAfterMs: Math.max(1, number(rest[0])) };
    case 'halted': {
      const reason = String(rest[0]) as RunHalt;
      if (!HALTS.has(reason)) throw new MalformedReply('run');
      return { kind: 'halted', reason };
    }
    case 'capped':
      return { kind: 'capped', failed: number(rest[0]) };
    case 'unavailable': {
      const halt = String(rest[3] ?? '') as RunHalt;
      return {
        kind: 'unavailable',
        failed: number(rest[0]),
        cached: String(rest[1]),
        sameCall: number(rest[2] ?? 0),
        ...(HALTS.has(halt) ? { halt } : {}),
      };
    }
    case 'settled': {
      const halt = String(rest[4] ?? '') as RunHalt;
      return {
        kind: 'settled',
        failed: number(rest[0]),
        sameCall: number(rest[1]),
        sameError: number(rest[2]),
        sameClass: number(rest[3]),
        ...(HALTS.has(halt) ? { halt } : {}),
      };
    }
    default:
      throw new MalformedReply('run');
  }
}

function readSnapshot(reply: unknown) {
  if (!Array.isArray(reply) || reply.length === 0) throw new MalformedReply('inspect');
  if (Number(reply[0]) === 0) return undefined;
  const halted = String(reply[2] ?? '') as RunHalt;
  return {
    failedCalls: Number(reply[1]),
    halted: HALTS.has(halted) ? halted : undefined,
    keys: Number(reply[3]),
    reservations: Number(reply[4]),
    ttlMs: Math.max(0, Number(reply[5])),
  };
}

function readBreakerReply(reply: unknown): BreakerReply {
  if (!Array.isArray(reply) || reply.length !== 5) throw new MalformedReply('breaker');
  const [state, admitted, probe, retryAfterMs, transition] = reply as unknown[];
  if (
    !BREAKER_STATES.has(state as BreakerState) ||
    !TRANSITIONS.has(transition as BreakerReply['transition'])
  )
    throw new MalformedReply('breaker');
  return {
    state: state as BreakerState,
    admitted: Number(admitted) === 1,
    probe: Number(probe) === 1,
    retryAfterMs: Math.max(0, Number(retryAfterMs) || 0),
    transition: transition as BreakerReply['transition'],
  };
}
