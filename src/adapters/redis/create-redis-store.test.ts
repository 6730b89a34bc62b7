import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../../test/helpers/fake-clock.js';
import type { ToolboundEvent } from '../../observe/events.js';
import { silentLogger } from '../../observe/logger.js';
import { createRedisStore } from './create-redis-store.js';
import type { RedisScriptClient } from './redis-script-client.js';

/** A client whose Redis can be made to hang or fail, with a tiny in-process stand-in for the scripts. */
function flakyClient() {
  let mode: 'up' | 'hang' | 'fail' = 'up';
  const calls: string[] = [];
  const counters = new Map<string, number>();
  const answer = (keys: readonly string[], args: readonly string[]): unknown => {
    if (args.length >= 3 && args.length % 2 === 1) {
      // increment: ttl, then field/delta pairs
      const values: string[] = [];
      for (let index = 1; index < args.length; index += 2) {
        const key = `${keys[0]}/${args[index]}`;
        counters.set(key, (counters.get(key) ?? 0) + Number(args[index + 1]));
        values.push(String(counters.get(key)));
      }
      return values;
    }
    return 1;
  };
  const client: RedisScriptClient = {
    async evalShaScript(_sha, keys, args) {
      calls.push(mode);
      if (mode === 'hang') return new Promise(() => {});
      if (mode === 'fail') throw new Error('connect ECONNREFUSED 10.0.0.5:6379');
      return answer(keys, args);
    },
    async evalScript(_script, keys, args) {
      return answer(keys, args);
    },
  };
  return {
    client,
    calls,
    counters,
    set: (next: typeof mode) => {
      mode = next;
    },
  };
}

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
    expect(await store.increment('run:a', [['failed', 1]], 60_000)).toEqual([1]);
    flaky.set('hang');
    const pending = store.increment('run:a', [['failed', 1]], 60_000);
    clock.advance(100);
    expect(await pending).toEqual([2]); // the local copy went on from the shared value
    expect(store.degraded).toBe(true);
    // while degraded, calls are served locally without touching Redis
    const callsBefore = flaky.calls.length;
    expect(await store.increment('run:a', [['failed', 1]], 60_000)).toEqual([3]);
    expect(await store.read('run:a', ['failed'])).toEqual(['3']);
    expect(flaky.calls.length).toBe(callsBefore);
    expect(events.map((event) => event.type)).toEqual(['store.degraded']);
    // the timed-out change may still land in Redis, so it is not replayed; the later one is
    flaky.set('up');
    clock.advance(1_000);
    await store.read('run:a', ['failed']);
    for (let index = 0; index < 10; index++) await new Promise((resolve) => setImmediate(resolve));
    expect(store.degraded).toBe(false);
    expect(flaky.counters.get('tb:{run:a}/failed')).toBe(2);
  });

  it('checks for recovery at most once per interval and replays the outage changes once back', async () => {
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
    flaky.set('fail');
    await store.increment('run:a', [['failed', 1]], 60_000);
    await store.increment('run:a', [['failed', 1]], 60_000);
    expect(store.degraded).toBe(true);
    const failedCalls = flaky.calls.length;
    clock.advance(500);
    await store.read('run:a', ['failed']);
    expect(flaky.calls.length).toBe(failedCalls); // too soon to check
    flaky.set('up');
    clock.advance(500);
    await store.read('run:a', ['failed']); // starts the check in the background
    for (let index = 0; index < 10; index++) await new Promise((resolve) => setImmediate(resolve));
    expect(store.degraded).toBe(false);
    // both changes were refused outright, so neither reached Redis: both are replayed, once
    expect(flaky.counters.get('tb:{run:a}/failed')).toBe(2);
    expect(events.map((event) => event.type)).toEqual(['store.degraded', 'store.recovered']);
  });

  it('rejects a key prefix that would break hash tags', () => {
    expect(() => createRedisStore({ client: flakyClient().client, keyPrefix: 'a{b}' })).toThrow(/keyPrefix/);
  });
});
