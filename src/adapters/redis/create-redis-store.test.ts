import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../../test/helpers/fake-clock.js';
import type { ToolboundEvent } from '../../observe/events.js';
import { silentLogger } from '../../observe/logger.js';
import type { RunCommand, RunSettings } from '../../state/state-store.js';
import { createRedisStore } from './create-redis-store.js';
import type { RedisScriptClient } from './redis-script-client.js';
import { REDIS_SCRIPTS } from './redis-scripts.js';

const SETTINGS: RunSettings = {
  maxFailedCalls: 1_000,
  maxSameFailures: 1_000,
  shortCircuitUnavailable: true,
  idleTtlMs: 60_000,
  maxLifetimeMs: 3_600_000,
  maxKeys: 64,
};
const failure: RunCommand = {
  kind: 'settle',
  id: '',
  call: 'c',
  failure: { error: 'e', class: 'k', fatal: false },
};
const flush = async () => {
  for (let index = 0; index < 20; index++) await new Promise((resolve) => setImmediate(resolve));
};

/**
 * A client whose Redis can be made to hang, fail, or refuse one key, with a tiny in-process
 * stand-in for the run script: it counts failures per record key, which is all these tests read.
 */
function flakyClient(options: { loadScript?: boolean } = {}) {
  let mode: 'up' | 'hang' | 'fail' | 'offline' = 'up';
  const calls: string[] = [];
  const counters = new Map<string, number>();
  const hung: Array<() => void> = [];
  const refusedKeys = new Set<string>();
  let cached = new Set<string>(Object.values(REDIS_SCRIPTS).map((script) => script.sha));
  let loads = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  const answer = (sha: string, keys: readonly string[], args: readonly string[]): unknown => {
    const key = keys[0] ?? '';
    if (refusedKeys.has(key))
      throw new Error('WRONGTYPE Operation against a key holding the wrong kind of value');
    if (sha === REDIS_SCRIPTS.run.sha) {
      if (args[0] === 'reserve') return ['admitted'];
      if (args[9] !== '1') return ['settled', counters.get(key) ?? 0, 0, 0, 0, ''];
      const next = (counters.get(key) ?? 0) + 1;
      counters.set(key, next);
      return ['settled', next, 1, 1, 1, ''];
    }
    if (sha === REDIS_SCRIPTS.inspect.sha)
      return counters.has(key) ? [1, counters.get(key), '', 1, 0, 1000] : [0];
    return 1;
  };
  const client: RedisScriptClient = {
    async evalShaScript(sha, keys, args) {
      calls.push(mode);
      if (mode === 'fail') throw new Error('connect ECONNREFUSED 10.0.0.5:6379');
      if (mode === 'offline')
        throw Object.assign(new Error('The client is offline'), { name: 'ClientOfflineError' });
      if (!cached.has(sha)) throw new Error('NOSCRIPT No matching script. Please use EVAL.');
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      try {
        if (mode === 'hang') await new Promise<void>((resolve) => hung.push(resolve));
        return answer(sha, keys, args);
      } finally {
        inFlight--;
      }
    },
    async evalScript(source, keys, args) {
      const script = Object.values(REDIS_SCRIPTS).find((candidate) => candidate.source === source)!;
      cached.add(script.sha);
      return answer(script.sha, keys, args);
    },
  };
  if (options.loadScript !== false) {
    client.loadScript = async (source) => {
      loads++;
      const script = Object.values(REDIS_SCRIPTS).find((candidate) => candidate.source === source)!;
      cached.add(script.sha);
      return script.sha;
    };
  }
  return {
    client,
    calls,
    counters,
    refusedKeys,
    get loads() {
      return loads;
    },
    get maxInFlight() {
      return maxInFlight;
    },
    forgetScripts: () => {
      cached = new Set();
    },
    release: () => {
      for (const resolve of hung.splice(0)) resolve();
    },
    set: (next: typeof mode) => {
      mode = next;
    },
  };
}

const countOf = (flaky: ReturnType<typeof flakyClient>, runId: string) =>
  [...flaky.counters].find(([key]) => key.includes(`{run:${runId}}`))?.[1];

describe('createRedisStore when Redis is down or slow', () => {
  it('times a slow Redis out, serves locally, logs once, and never rejects', async () => {
    const clock = createFakeClock();
    const flaky = flakyClient();
    const events: ToolboundEvent[] = [];
    const store = createRedisStore({
      client: flaky.client,
      clock,
      logger: silentLogger,
      onEvent: (event) => events.push(event),
      operationTimeoutMs: 100,
      recoveryIntervalMs: 1_000,
    });
    expect(await store.updateRun('run:a', failure, SETTINGS)).toMatchObject({ failed: 1 });
    flaky.set('hang');
    const pending = store.updateRun('run:a', failure, SETTINGS);
    await flush();
    clock.advance(100);
    await flush();
    expect(await pending).toMatchObject({ failed: 2 }); // the local copy went on from this process's counts
    expect(store.degraded).toBe(true);
    // while degraded, calls are served locally without touching Redis
    const callsBefore = flaky.calls.length;
    expect(await store.updateRun('run:a', failure, SETTINGS)).toMatchObject({ failed: 3 });
    expect(await store.inspectRun('run:a')).toMatchObject({ failedCalls: 3 });
    expect(flaky.calls.length).toBe(callsBefore);
    expect(events.map((event) => event.type)).toEqual(['store.degraded']);
    expect(events[0]).toMatchObject({ reason: expect.stringMatching(/^redis: Redis is unreachable/) });
    // the timed-out change may still land in Redis, so it is not replayed; the later one is
    flaky.set('up');
    flaky.release();
    clock.advance(1_000);
    await store.inspectRun('run:a');
    await flush();
    expect(store.degraded).toBe(false);
    expect(countOf(flaky, 'a')).toBe(3);
  });

  it('checks for recovery at most once per interval and replays the changes that never reached Redis', async () => {
    const clock = createFakeClock();
    const flaky = flakyClient();
    const events: ToolboundEvent[] = [];
    const store = createRedisStore({
      client: flaky.client,
      clock,
      logger: silentLogger,
      onEvent: (event) => events.push(event),
      recoveryIntervalMs: 1_000,
    });
    await flush();
    flaky.set('offline');
    await store.updateRun('run:a', failure, SETTINGS);
    await store.updateRun('run:a', failure, SETTINGS);
    expect(store.degraded).toBe(true);
    const failedCalls = flaky.calls.length;
    clock.advance(500);
    await store.inspectRun('run:a');
    expect(flaky.calls.length).toBe(failedCalls); // too soon to check
    flaky.set('up');
    clock.advance(500);
    await store.inspectRun('run:a'); // starts the check in the background
    await flush();
    expect(store.degraded).toBe(false);
    // both changes were refused before they were sent: both are replayed, once
    expect(countOf(flaky, 'a')).toBe(2);
    expect(events.map((event) => event.type)).toEqual(['store.degraded', 'store.recovered']);
  });

  it('keeps at most maxInFlight operations on the wire, answers a caller that waited too long from local state, and still sends its count', async () => {
    const clock = createFakeClock();
    const flaky = flakyClient();
    const store = createRedisStore({
      client: flaky.client,
      clock,
      logger: silentLogger,
      maxInFlight: 4,
      queueTimeoutMs: 50,
      operationTimeoutMs: 10_000,
    });
    await flush();
    flaky.set('hang');
    const replies = Array.from({ length: 20 }, (_, index) =>
      store.updateRun(`run:r${index}`, failure, SETTINGS),
    );
    await flush();
    expect(flaky.maxInFlight).toBe(4);
    clock.advance(50);
    await flush();
    // the 16 queued callers are answered now, locally; the 4 on the wire are still waiting
    let settled = 0;
    for (const reply of replies.slice(4)) reply.then(() => settled++);
    await flush();
    expect(settled).toBe(16);
    expect(store.degraded).toBe(false);
    expect(store.backlog).toBe(20);
    flaky.set('up');
    flaky.release();
    await store.drain();
    await Promise.all(replies);
    expect(flaky.maxInFlight).toBe(4);
    for (let index = 0; index < 20; index++) expect(countOf(flaky, `r${index}`)).toBe(1);
  });

  it('never sends an operation whose caller gave up on it, even after the queue was compacted', async () => {
    // more than a thousand quick operations go first, so that the queue compacts while a slow one
    // holds the wire; the reservation queued behind it then waits too long and is answered locally
    const clock = createFakeClock();
    const sent: string[] = [];
    let holdSlow: () => void = () => {};
    const client: RedisScriptClient = {
      async evalShaScript(_sha, keys, args) {
        sent.push(`${args[0]} ${keys[0]}`);
        if (keys[0]?.includes('{run:slow}')) await new Promise<void>((resolve) => (holdSlow = resolve));
        return args[0] === 'reserve' ? ['admitted'] : ['settled', 1, 1, 1, 1, ''];
      },
      evalScript: async () => 1,
    };
    const store = createRedisStore({
      client,
      clock,
      logger: silentLogger,
      maxInFlight: 1,
      queueTimeoutMs: 50,
      operationTimeoutMs: 60_000,
    });
    await flush();
    const quick = Array.from({ length: 1_100 }, (_, index) =>
      store.updateRun(`run:q${index}`, failure, SETTINGS),
    );
    const slow = store.updateRun('run:slow', failure, SETTINGS);
    const reserve: RunCommand = { kind: 'reserve', id: 'r1', call: 'c', unavailable: '', leaseMs: 30_000 };
    const reserved = store.updateRun('run:victim', reserve, SETTINGS);
    const counted = store.updateRun('run:after', failure, SETTINGS);
    await Promise.all(quick);
    await flush();
    clock.advance(50);
    await flush();
    expect(await reserved).toMatchObject({ kind: 'admitted' }); // answered from local state
    holdSlow();
    await slow;
    await counted;
    await store.drain();
    expect(sent.filter((line) => line.includes('{run:victim}'))).toEqual([]);
    expect(sent.filter((line) => line.includes('{run:after}'))).toEqual(['settle tb:{run:after}']);
  });

  it('loads its scripts once up front and once after NOSCRIPT, however many operations meet the cold cache', async () => {
    const flaky = flakyClient();
    const store = createRedisStore({ client: flaky.client, logger: silentLogger });
    await flush();
    const scripts = Object.keys(REDIS_SCRIPTS).length;
    expect(flaky.loads).toBe(scripts);
    flaky.forgetScripts();
    await Promise.all(
      Array.from({ length: 50 }, (_, index) => store.updateRun(`run:n${index}`, failure, SETTINGS)),
    );
    expect(flaky.loads).toBe(2 * scripts);
    for (let index = 0; index < 50; index++) expect(countOf(flaky, `n${index}`)).toBe(1);
    expect(store.degraded).toBe(false);
  });

  it('puts only the run whose key Redis refused on local state, and names the key', async () => {
    const flaky = flakyClient();
    const events: ToolboundEvent[] = [];
    const store = createRedisStore({
      client: flaky.client,
      logger: silentLogger,
      onEvent: (event) => events.push(event),
    });
    flaky.refusedKeys.add('tb:{run:bad}');
    expect(await store.updateRun('run:bad', failure, SETTINGS)).toMatchObject({ failed: 1 });
    expect(await store.updateRun('run:bad', failure, SETTINGS)).toMatchObject({ failed: 2 });
    expect(await store.updateRun('run:good', failure, SETTINGS)).toMatchObject({ failed: 1 });
    expect(store.degraded).toBe(false);
    expect(countOf(flaky, 'good')).toBe(1);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'store.degraded', key: 'tb:{run:bad}', runId: 'bad' });
    expect(events[0]?.type === 'store.degraded' && events[0].reason).toMatch(/WRONGTYPE/);
  });

  it('rejects a key prefix that would break hash tags, and nonsense limits', () => {
    expect(() => createRedisStore({ client: flakyClient().client, keyPrefix: 'a{b}' })).toThrow(/keyPrefix/);
    expect(() => createRedisStore({ client: flakyClient().client, maxInFlight: 0 })).toThrow(/maxInFlight/);
    expect(() => createRedisStore({ client: null as never })).toThrow(/client/);
  });
});
