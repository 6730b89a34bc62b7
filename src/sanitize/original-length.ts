/**
 * The length a list had before a size-bounded copy cut it, so that a note can still say "the
 * first 87 of 5,000 items" after only the first few hundred were copied and sanitised. Keyed by
 * the cut copy; copies of a cut list carry the length on.
 */
const ORIGINAL_LENGTHS = new WeakMap<readonly unknown[], number>();

/** Records that `copy` holds the first items of a list of `length` items. */
export function rememberOriginalLength(copy: readonly unknown[], length: number): void {
  if (length > copy.length) ORIGINAL_LENGTHS.set(copy, length);
}

/** The length the list had before it was cut, or its own length. */
export function originalLength(list: readonly unknown[]): number {
  return ORIGINAL_LENGTHS.get(list) ?? list.length;
}

/** Carries a cut list's original length over to a copy of it. */
export function carryOriginalLength(from: readonly unknown[], to: readonly unknown[]): void {
  const length = ORIGINAL_LENGTHS.get(from);
  if (length !== undefined) ORIGINAL_LENGTHS.set(to, length);
}
