import type { EventHandler } from '../observe/events.js';
import type { Clock } from '../state/clock.js';

const warned = new WeakSet<object>();

/**
 * The caller's signal when it is a real AbortSignal. Anything else (a plain object, a string, a
 * signal-like proxy) is ignored, with one `option.ignored` warning per dispatcher (`owner`): a
 * bad option must never crash a call or leave a timer behind, and `dispatch` never throws.
 */
export function readSignal(
  value: unknown,
  owner: { emit: EventHandler; clock: Clock },
  runId: string,
): AbortSignal | undefined {
  if (value === undefined || value === null) return undefined;
  if (value instanceof AbortSignal) return value;
  if (!warned.has(owner)) {
    warned.add(owner);
    owner.emit({
      type: 'option.ignored',
      time: owner.clock.now(),
      runId,
      option: 'signal',
      reason:
        'dispatch options.signal is not an AbortSignal, so it was ignored; pass an AbortController().signal.',
    });
  }
  return undefined;
}
