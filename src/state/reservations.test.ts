import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type HeldReservation, Reservations } from './reservations.js';

describe('Reservations', () => {
  it('behaves like a Map of reservations, whatever the sequence of operations', () => {
    const id = fc.constantFrom('p:1', 'p:2', 'p:3', 'q:1');
    const call = fc.constantFrom('c:a', 'c:b');
    const operation = fc.oneof(
      fc.record({ kind: fc.constant('set' as const), id, call, expiresAt: fc.integer({ min: 0, max: 20 }) }),
      fc.record({ kind: fc.constant('delete' as const), id }),
      fc.record({ kind: fc.constant('has' as const), id }),
      fc.record({ kind: fc.constant('scan' as const), now: fc.integer({ min: 0, max: 20 }), call }),
      fc.record({ kind: fc.constant('live' as const), now: fc.integer({ min: 0, max: 20 }) }),
    );
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 40 }), (operations) => {
        const reservations = new Reservations();
        // the model: the Map the run record used to hold
        const model = new Map<string, HeldReservation>();
        for (const step of operations) {
          if (step.kind === 'set') {
            reservations.set(step.id, { source: { call: step.call }, expiresAt: step.expiresAt });
            model.set(step.id, { source: { call: step.call }, expiresAt: step.expiresAt });
          } else if (step.kind === 'delete') {
            expect(reservations.delete(step.id)).toBe(model.delete(step.id));
          } else if (step.kind === 'has') {
            expect(reservations.has(step.id)).toBe(model.has(step.id));
          } else if (step.kind === 'live') {
            const live = [...model.values()].filter((held) => held.expiresAt > step.now).length;
            expect(reservations.live(step.now)).toBe(live);
          } else {
            let inFlight = 0;
            let sameInFlight = 0;
            let nextExpiry = Number.POSITIVE_INFINITY;
            for (const [key, held] of model) {
              if (held.expiresAt <= step.now) {
                model.delete(key);
                continue;
              }
              inFlight++;
              if (held.source.call === step.call) sameInFlight++;
              nextExpiry = Math.min(nextExpiry, held.expiresAt);
            }
            expect(reservations.scan(step.now, { call: step.call })).toEqual({
              inFlight,
              sameInFlight,
              nextExpiry,
            });
          }
          expect(reservations.size).toBe(model.size);
        }
      }),
      { numRuns: 300 },
    );
  });
});
