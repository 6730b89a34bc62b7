import type { Clock } from '../../src/state/clock.js';

/** A Clock driven by hand: time moves only when `advance` is called. */
export interface FakeClock extends Clock {
  advance(milliseconds: number): void;
  /** Timers scheduled and not yet fired or cleared. */
  readonly pending: number;
}

/** Makes a FakeClock starting at `startMs`. */
export function createFakeClock(startMs = 1_800_000_000_000): FakeClock {
  let now = startMs;
  let nextId = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  return {
    now: () => now,
    setTimeout(callback, delayMs) {
      const id = nextId++;
      timers.set(id, { at: now + Math.max(0, delayMs), callback });
      return id;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
    advance(milliseconds) {
      const target = now + milliseconds;
      for (;;) {
        const due = [...timers]
          .filter(([, timer]) => timer.at <= target)
          .sort((a, b) => a[1].at - b[1].at)[0];
        if (due === undefined) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].callback();
      }
      now = target;
    },
    get pending() {
      return timers.size;
    },
  };
}
