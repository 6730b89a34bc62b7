/** A clamped number and, when it changed, the truthful note to pass on to the model. */
export interface Clamped {
  value: number;
  /** Set only when the value was reduced or raised. */
  note?: string;
}

/**
 * Limits a number on purpose and says so, so the model never believes it got the full set.
 * @example
 * const limit = clamp(args.limit, { max: 200, name: 'limit' });
 * return ok(rows, limit.note === undefined ? {} : { note: limit.note });
 */
export function clamp(value: number, options: { max: number; min?: number; name: string }): Clamped {
  const { max, min = Number.NEGATIVE_INFINITY, name } = options;
  if (typeof value !== 'number' || Number.isNaN(value)) {
    throw new TypeError(`clamp(${name}): value must be a number.`);
  }
  if (!(min <= max)) throw new RangeError(`clamp(${name}): min must not exceed max.`);
  if (value > max) return { value: max, note: `${name} was reduced from ${value} to the maximum of ${max}.` };
  if (value < min) return { value: min, note: `${name} was raised from ${value} to the minimum of ${min}.` };
  return { value };
}
