import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../test/helpers/fake-clock.js';
import type { ToolboundEvent } from '../observe/events.js';
import { createMemoryStore } from '../state/memory-store.js';
import type { BreakerResult } from '../state/state-store.js';
import { type BreakerOptions, resolveBreakerOptions } from './breaker-options.js';
import { createCircuitBreaker } from './circuit-breaker.js';

function setup(options: BreakerOptions = {}) {
  const clock = createFakeClock();
  const events: ToolboundEvent[] = [];
  const store = createMemoryStore({ clock });
  const breaker = createCircuitBreaker({
    store,
    options: resolveBreakerOptions(options),
    emit: (event) => events.push(event),
    clock,
  });
  const call = async (result: BreakerResult, service = 'billing') => {
    const admission = await breaker.admit(service, 5_000);
    if (admission.admitted) await breaker.record(admission.ticket, result);
    return admission;
  };
  return { clock, events, store, breaker, call, types: () => events.map((event) => event.type) };
}

describe('createCircuitBreaker', () => {
  it('opens after consecutive failures, rejects with the time left, then lets one probe close it', async () => {
    const { clock, call, types } = setup({ consecutiveFailures: 3, openMs: 10_000, syncIntervalMs: 0 });
    await call('failure');
    await call('success'); // resets the run of failures
    for (let index = 0; index < 3; index++) expect((await call('failure')).admitted).toBe(true);
    expect(types()).toEqual(['breaker.opened']);
    clock.advance(4_000);
    expect(await call('success')).toEqual({ admitted: false, state: 'open', retryAfterMs: 6_000 });
    clock.advance(6_000);
    const probe = await call('success');
    expect(probe.admitted && probe.ticket.probe).toBe(true);
    expect(types()).toEqual(['breaker.opened', 'breaker.half_opened', 'breaker.closed']);
    expect((await call('success')).admitted).toBe(true);
  });

  it('reopens when the probe fails, and lets a new probe in after a neutral one', async () => {
    const { clock, breaker, call, types } = setup({
      consecutiveFailures: 1,
      openMs: 1_000,
      syncIntervalMs: 0,
    });
    await call('failure');
    clock.advance(1_000);
    await call('failure'); // the probe fails
    expect(types()).toEqual(['breaker.opened', 'breaker.half_opened', 'breaker.opened']);
    clock.advance(1_000);
    const first = await breaker.admit('billing', 5_000);
    expect(first.admitted && first.ticket.probe).toBe(true);
    if (first.admitted) await breaker.record(first.ticket, 'neutral'); // say, the caller aborted
    const second = await breaker.admit('billing', 5_000);
    expect(second.admitted && second.ticket.probe).toBe(true);
  });

  it('lets exactly one of many concurrent callers probe, and tells the others when to come back', async () => {
    const { clock, breaker, call } = setup({ consecutiveFailures: 1, openMs: 1_000 });
    await call('failure');
    clock.advance(1_000);
    const admissions = await Promise.all(Array.from({ length: 20 }, () => breaker.admit('billing', 5_000)));
    expect(admissions.filter((admission) => admission.admitted)).toHaveLength(1);
    for (const admission of admissions) {
      if (!admission.admitted)
        expect(admission).toEqual({ admitted: false, state: 'half_open', retryAfterMs: 5_000 });
    }
  });

  it('lets another probe in once an abandoned probe lease expires', async () => {
    const { clock, breaker, call } = setup({ consecutiveFailures: 1, openMs: 1_000, syncIntervalMs: 0 });
    await call('failure');
    clock.advance(1_000);
    expect((await breaker.admit('billing', 5_000)).admitted).toBe(true); // never records: its process died
    expect((await breaker.admit('billing', 5_000)).admitted).toBe(false);
    clock.advance(5_000);
    expect((await breaker.admit('billing', 5_000)).admitted).toBe(true);
  });

  it('opens on the failure ratio over the window once it holds enough calls', async () => {
    const { call, types } = setup({
      consecutiveFailures: 100,
      failureRatio: 0.5,
      minimumCalls: 10,
      syncIntervalMs: 0,
    });
    for (let index = 0; index < 4; index++) {
      await call('success');
      await call('failure');
    }
    expect(types()).toEqual([]); // 4 of 8: below minimumCalls
    await call('success');
    await call('failure'); // 5 of 10
    expect(types()).toEqual(['breaker.opened']);
  });

  it('forgets failures that slid out of the window', async () => {
    const { clock, call, types } = setup({
      consecutiveFailures: 100,
      minimumCalls: 4,
      windowMs: 10_000,
      syncIntervalMs: 0,
    });
    await call('failure');
    await call('failure');
    await call('failure');
    clock.advance(25_000); // two windows later
    await call('success');
    await call('success');
    await call('success');
    await call('failure');
    expect(types()).toEqual([]);
  });

  it('keeps services apart, and counts neither neutral results nor calls that end after it opened', async () => {
    const { breaker, call, types } = setup({ consecutiveFailures: 2, syncIntervalMs: 0 });
    const late = await breaker.admit('billing', 5_000);
    await call('failure');
    await call('failure', 'search');
    await call('neutral');
    expect(types()).toEqual([]);
    await call('failure');
    expect(types()).toEqual(['breaker.opened']);
    if (late.admitted) await breaker.record(late.ticket, 'success');
    expect((await breaker.admit('billing', 5_000)).admitted).toBe(false);
  });

  it('costs no store call per healthy call within the sync interval, and flushes successes with the next failure', async () => {
    const clock = createFakeClock();
    const events: ToolboundEvent[] = [];
    const store = createMemoryStore({ clock });
    let updates = 0;
    const update = store.updateBreaker!.bind(store);
    store.updateBreaker = (...args) => {
      updates++;
      return update(...args);
    };
    const options = resolveBreakerOptions({
      consecutiveFailures: 100,
      minimumCalls: 10,
      syncIntervalMs: 1_000,
    });
    const breaker = createCircuitBreaker({ store, options, emit: (event) => events.push(event), clock });
    const call = async (result: BreakerResult) => {
      const admission = await breaker.admit('billing', 5_000);
      if (admission.admitted) await breaker.record(admission.ticket, result);
    };
    const types = () => events.map((event) => event.type);
    await call('success'); // first sight of the service asks the store
    expect(updates).toBe(1);
    for (let index = 0; index < 50; index++) await call('success');
    expect(updates).toBe(1);
    await call('failure'); // goes at once, with the 50 successes
    expect(updates).toBe(2);
    for (let index = 0; index < 8; index++) await call('failure');
    expect(types()).toEqual([]); // 9 failures of 60 calls: the successes were counted
    clock.advance(1_000);
    await breaker.admit('billing', 5_000);
    expect(updates).toBe(11);
  });

  it('sees another breaker view open within the sync interval', async () => {
    const clock = createFakeClock();
    const store = createMemoryStore({ clock });
    const options = resolveBreakerOptions({ consecutiveFailures: 1, syncIntervalMs: 500 });
    const first = createCircuitBreaker({ store, options, emit: () => {}, clock });
    const second = createCircuitBreaker({ store, options, emit: () => {}, clock });
    expect((await second.admit('billing', 5_000)).admitted).toBe(true);
    const admission = await first.admit('billing', 5_000);
    if (admission.admitted) await first.record(admission.ticket, 'failure');
    expect((await second.admit('billing', 5_000)).admitted).toBe(true); // its view is still fresh
    clock.advance(500);
    expect((await second.admit('billing', 5_000)).admitted).toBe(false);
  });

  it('fails open when the store throws', async () => {
    const clock = createFakeClock();
    const events: ToolboundEvent[] = [];
    const store = createMemoryStore({ clock });
    store.updateBreaker = async () => {
      throw new Error('store down');
    };
    const breaker = createCircuitBreaker({
      store,
      options: resolveBreakerOptions(),
      emit: (event) => events.push(event),
      clock,
    });
    const admission = await breaker.admit('billing', 5_000);
    expect(admission.admitted).toBe(true);
    if (admission.admitted) await breaker.record(admission.ticket, 'failure');
    expect(events.map((event) => event.type)).toEqual(['store.degraded', 'store.degraded']);
  });

  it('matches a simple reference model over random sequences of results and pauses', async () => {
    const step = fc.oneof(
      fc.constantFrom<BreakerResult>('success', 'failure', 'neutral').map((result) => ({ result })),
      fc.integer({ min: 1, max: 3_000 }).map((advanceMs) => ({ advanceMs })),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        fc.array(step, { maxLength: 60 }),
        async (threshold, steps) => {
          const openMs = 2_000;
          const { clock, call } = setup({
            consecutiveFailures: threshold,
            minimumCalls: 1_000_000,
            openMs,
            syncIntervalMs: 0,
          });
          const model = { state: 'closed' as 'closed' | 'open' | 'half_open', failures: 0, openUntil: 0 };
          for (const next of steps) {
            if ('advanceMs' in next) {
              clock.advance(next.advanceMs);
              continue;
            }
            const now = clock.now();
            let expectAdmitted = true;
            if (model.state === 'open') {
              if (now < model.openUntil) expectAdmitted = false;
              else model.state = 'half_open';
            }
            const admission = await call(next.result);
            expect(admission.admitted).toBe(expectAdmitted);
            if (!expectAdmitted) continue;
            if (model.state === 'half_open') {
              expect(admission.admitted && admission.ticket.probe).toBe(true);
              if (next.result === 'success') Object.assign(model, { state: 'closed', failures: 0 });
              if (next.result === 'failure')
                Object.assign(model, { state: 'open', failures: 0, openUntil: now + openMs });
            } else if (next.result === 'success') {
              model.failures = 0;
            } else if (next.result === 'failure' && ++model.failures >= threshold) {
              Object.assign(model, { state: 'open', failures: 0, openUntil: now + openMs });
            }
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
