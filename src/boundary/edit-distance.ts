/**
 * Optimal-string-alignment distance: insertions, deletions, substitutions and adjacent swaps
 * each cost one. Returns `limit + 1` as soon as the distance must exceed `limit`: at once when
 * the lengths differ by more than `limit`, otherwise when a whole row of the table does. Two long
 * strings of similar length can still cost O(n²), so callers cap their inputs (names and enum
 * values here are at most 256 characters).
 */
export function editDistance(left: string, right: string, limit = Number.POSITIVE_INFINITY): number {
  if (Math.abs(left.length - right.length) > limit) return limit + 1;
  if (left === right) return 0;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  for (let row = 1; row <= left.length; row++) {
    const current = [row];
    let rowMinimum = row;
    for (let column = 1; column <= right.length; column++) {
      const cost = left[row - 1] === right[column - 1] ? 0 : 1;
      let value = Math.min(previous[column]! + 1, current[column - 1]! + 1, previous[column - 1]! + cost);
      if (
        row > 1 &&
        column > 1 &&
        left[row - 1] === right[column - 2] &&
        left[row - 2] === right[column - 1]
      ) {
        value = Math.min(value, beforePrevious[column - 2]! + 1);
      }
      current.push(value);
      if (value < rowMinimum) rowMinimum = value;
    }
    if (rowMinimum > limit) return limit + 1;
    beforePrevious = previous;
    previous = current;
  }
  return Math.min(previous[right.length]!, limit + 1); // over the limit reads the same however it was found
}

/**
 * The single option clearly nearest to `value`, or undefined when none is near enough or two
 * are equally near. A guessed correction is worse than none, so ties give nothing.
 */
export function uniqueNearest(value: string, options: readonly string[]): string | undefined {
  if (value.length === 0 || value.length > 256) return undefined;
  const folded = value.toLowerCase();
  const caseMatches = options.filter((option) => option.toLowerCase() === folded);
  if (caseMatches.length === 1) return caseMatches[0];
  if (caseMatches.length > 1) return undefined;
  const limit = Math.max(1, Math.min(3, Math.floor(value.length / 3)));
  let best: string | undefined;
  let bestDistance = limit + 1;
  let tied = false;
  for (const option of options) {
    const distance = editDistance(folded, option.toLowerCase(), limit);
    if (distance < bestDistance) {
      best = option;
      bestDistance = distance;
      tied = false;
    } else if (distance === bestDistance && distance <= limit) tied = true;
  }
  return bestDistance <= limit && !tied ? best : undefined;
}
