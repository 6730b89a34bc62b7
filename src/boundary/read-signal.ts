/**
 * The caller's signal when it is a real AbortSignal. Anything else (a plain object, a string, a
 * signal-like proxy) is ignored and `warn` is called: a bad option must never crash a call or
 * leave a timer behind, and `dispatch` never throws.
 */
export function readSignal(value: unknown, warn: () => void): AbortSignal | undefined {
  if (value === undefined || value === null) return undefined;
  if (value instanceof AbortSignal) return value;
  warn();
  return undefined;
}
