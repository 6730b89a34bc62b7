import { findLeaks } from './find-leaks.js';

/** How far either side of a cut is scanned for a leak that the cut would split. */
export const CUT_MARGIN = 1024;

/**
 * The largest index at or before `cut` where `text` can be cut without splitting a leak: a
 * credential URL that straddles the cut would otherwise lose its `@host` and keep its user name
 * and the start of its password, which no rule recognises any more. Scans {@link CUT_MARGIN}
 * characters either side of the cut, so the cost does not depend on the length of the text.
 *
 * @example
 * const text = `see https://admin:${'x'.repeat(3)}s3cret@db.example.com/`;
 * text.slice(0, clearCut(text, 22)); // 'see '
 */
export function clearCut(text: string, cut: number): number {
  let end = Math.min(cut, text.length);
  if (end >= text.length) return end;
  for (let tries = 0; tries < 8 && end > 0; tries += 1) {
    const windowStart = Math.max(0, end - CUT_MARGIN);
    const window = text.slice(windowStart, Math.min(text.length, end + CUT_MARGIN));
    let earliest = end;
    for (const span of findLeaks(window)) {
      const start = windowStart + span.start;
      if (start < end && windowStart + span.end > end && start < earliest) earliest = start;
    }
    if (earliest === end) return end;
    end = earliest;
  }
  return end;
}

/** `text` cut to at most `maxCharacters` at a boundary {@link clearCut} has cleared. */
export function cutClear(text: string, maxCharacters: number): string {
  if (text.length <= maxCharacters) return text;
  let end = clearCut(text, maxCharacters);
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1; // keep a surrogate pair whole
  return text.slice(0, end);
}
