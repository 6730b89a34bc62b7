/**
 * Small bounded scanners shared by the rules. Each one walks at most `maxLength` characters, so a
 * rule that calls them once per trigger stays linear in the length of the text.
 */

/** Index just past the run of characters from `from` that satisfy `accepts`, walking at most `maxLength`. */
export function scanRight(
  text: string,
  from: number,
  accepts: (code: number) => boolean,
  maxLength: number,
): number {
  const limit = Math.min(text.length, from + maxLength);
  let index = from;
  while (index < limit && accepts(text.charCodeAt(index))) index += 1;
  return index;
}

/** Index of the first character of the run ending just before `before` that satisfies `accepts`. */
export function scanLeft(
  text: string,
  before: number,
  accepts: (code: number) => boolean,
  maxLength: number,
): number {
  const limit = Math.max(0, before - maxLength);
  let index = before;
  while (index > limit && accepts(text.charCodeAt(index - 1))) index -= 1;
  return index;
}

/**
 * {@link scanLeft} for the matches of one scan, met in order and not overlapping: `(index, end)`
 * gives where the run of accepted characters before the match at `index` starts, at most
 * `maxLength` back, just as `scanLeft(text, index, accepts, maxLength)` would. A run that reaches
 * back into the last match takes the start found for it rather than reading its text again, so
 * glued matches cost their own length each, not `maxLength` each.
 */
export function runStartReader(
  text: string,
  accepts: (code: number) => boolean,
  maxLength: number,
): (index: number, end: number) => number {
  let lastEnd = 0;
  let startAtLastEnd = 0; // where the run of accepted characters that ends at lastEnd starts
  return (index, end) => {
    let start = scanLeft(text, index, accepts, Math.min(maxLength, index - lastEnd));
    if (start === lastEnd && lastEnd > 0) start = Math.max(startAtLastEnd, index - maxLength);
    const inMatch = scanLeft(text, end, accepts, end - index);
    startAtLastEnd = inMatch === index ? start : inMatch;
    lastEnd = end;
    return start;
  };
}

/**
 * {@link scanRight} for many starts in one text: `(from, maxLength)` gives where the run of
 * accepted characters from `from` ends, at most `maxLength` on. The run's end is found once and
 * given to every start inside it, so the matches of a long run of such characters (a line of
 * glued URLs or host names) cost their own length each, not `maxLength` each. Starts may come in
 * any order; in order, each character is read once.
 */
export function runEndReader(
  text: string,
  accepts: (code: number) => boolean,
): (from: number, maxLength: number) => number {
  let runFrom = 0;
  let runEnd = -1; // [runFrom, runEnd) holds accepted characters only, and runEnd none
  return (from, maxLength) => {
    if (from < runFrom || from > runEnd) {
      runFrom = from;
      runEnd = scanRight(text, from, accepts, text.length - from);
    }
    return Math.min(runEnd, from + maxLength);
  };
}

/**
 * The last index in `[start, end)` that holds the character `code`, or -1: a `lastIndexOf` that
 * stops at `start`, where one with no such character before it would read back to the text's
 * start at every call.
 */
export function lastIndexBetween(text: string, code: number, start: number, end: number): number {
  for (let index = end - 1; index >= start; index -= 1) if (text.charCodeAt(index) === code) return index;
  return -1;
}

/** Index of the end of the line holding `index` (the newline or the end of the text), capped. */
export function lineEnd(text: string, index: number, maxLength = 4096): number {
  const limit = Math.min(text.length, index + maxLength);
  let cursor = index;
  while (cursor < limit) {
    const code = text.charCodeAt(cursor);
    if (code === 10 || code === 13) return cursor;
    // a JSON-escaped newline inside a serialised string ends the line too
    if (code === 92 && (text.charCodeAt(cursor + 1) === 110 || text.charCodeAt(cursor + 1) === 114)) {
      return cursor;
    }
    cursor += 1;
  }
  return cursor;
}

/**
 * {@link lineEnd} for one text, asked at starts that mostly move forward (each keyword of a
 * line, in order). It remembers the stretch it last found free of line breaks, so that a rule
 * asking at every keyword of a long line reads the line once, not once per keyword. Answers are
 * those of `lineEnd(text, index, maxLength)`.
 */
export function lineEndReader(text: string): (index: number, maxLength: number) => number {
  // [clearFrom, clearTo) holds no line break
  let clearFrom = 0;
  let clearTo = 0;
  return (index, maxLength) => {
    const limit = Math.min(text.length, index + maxLength);
    let cursor = index;
    if (index >= clearFrom && index <= clearTo) {
      if (clearTo >= limit) return limit;
      cursor = clearTo;
    } else {
      clearFrom = index;
    }
    clearTo = lineEnd(text, cursor, limit - cursor);
    return clearTo;
  };
}

/**
 * Whether a match of the global `pattern` lies wholly inside `[from, to)`, for windows met in
 * order of `from`: the first match at or after `from` is kept and asked again until a window
 * starts past it, so that windows which overlap (one per trigger on a long line) read the text
 * about once between them, not once each. Only the leftmost match is looked at, as `test` on the
 * window's slice would find it; a pattern's `\b` reads the character before `from`, which for
 * the window after a separator is the same answer.
 */
export function matchWithinReader(pattern: RegExp, text: string): (from: number, to: number) => boolean {
  let searchedFrom = -1;
  let matchStart = -1; // -1: none at or after searchedFrom
  let matchEnd = -1;
  return (from, to) => {
    if (searchedFrom < 0 || from < searchedFrom || (matchStart >= 0 && from > matchStart)) {
      pattern.lastIndex = from;
      const match = pattern.exec(text);
      searchedFrom = from;
      matchStart = match === null ? -1 : match.index;
      matchEnd = match === null ? -1 : match.index + match[0].length;
    }
    return matchStart >= 0 && matchEnd <= to;
  };
}

/**
 * Index of the start of the line holding `index`: just past a newline, a carriage return or a
 * JSON-escaped `\n`, or `index - reach` when none is that close.
 */
export function lineStart(text: string, index: number, reach: number): number {
  const limit = Math.max(0, index - reach);
  let cursor = index;
  while (cursor > limit) {
    const code = text.charCodeAt(cursor - 1);
    if (code === 10 || code === 13) break;
    if (code === 110 && text.charCodeAt(cursor - 2) === 92) break; // a JSON-escaped newline
    cursor -= 1;
  }
  return cursor;
}

/**
 * Whether `index` starts a line once leading blanks are skipped: the text start, a real newline, a
 * JSON-escaped `\n`, or the opening quote of a serialised string.
 */
export function isLineStart(text: string, index: number): boolean {
  let cursor = index;
  const limit = Math.max(0, index - 64);
  while (cursor > limit && (text.charCodeAt(cursor - 1) === 32 || text.charCodeAt(cursor - 1) === 9)) {
    cursor -= 1;
  }
  if (cursor === 0) return true;
  const previous = text.charCodeAt(cursor - 1);
  if (previous === 10 || previous === 13 || previous === 34 || previous === 39 || previous === 96)
    return true;
  return (previous === 110 || previous === 114) && text.charCodeAt(cursor - 2) === 92;
}

/** Where the next line starts after the break {@link lineEnd} stopped at: `\r\n`, `\n`, `\r`, or JSON-escaped. */
export function nextLineStart(text: string, breakIndex: number): number {
  const code = text.charCodeAt(breakIndex);
  if (code === 92 || (code === 13 && text.charCodeAt(breakIndex + 1) === 10)) return breakIndex + 2;
  return breakIndex + 1;
}

/**
 * The end of a `:port` (one to five digits, not followed by a sixth) that starts at `index`, or
 * `index` itself when there is none.
 */
export function portEnd(text: string, index: number): number {
  if (text.charCodeAt(index) !== 58) return index;
  const end = scanRight(text, index + 1, (code) => code >= 48 && code <= 57, 5);
  const next = text.charCodeAt(end);
  return end > index + 1 && !(next >= 48 && next <= 57) ? end : index;
}

/** Line breaks between `from` and `to`, real or JSON-escaped (`\n`). */
export function lineBreaksBetween(text: string, from: number, to: number): number {
  let count = 0;
  for (let index = from; index < to; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 10 || (code === 92 && text.charCodeAt(index + 1) === 110)) count += 1;
  }
  return count;
}

/** Letters, digits and underscore. */
export function isWordCode(code: number): boolean {
  return (
    (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95
  );
}

/** A blank within a line: space or tab. */
export function isBlank(code: number): boolean {
  return code === 32 || code === 9;
}

/** Whitespace: space, tab, newline, carriage return, form feed, vertical tab. */
export function isSpaceCode(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13);
}

/** Whether `value` holds any {@link isSpaceCode} whitespace. */
export function hasWhitespace(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) if (isSpaceCode(value.charCodeAt(index))) return true;
  return false;
}

/** CJK and full-width punctuation (`，`, `。`, `」`, `：`), which ends a word as a blank does. */
export function isWidePunctuation(code: number): boolean {
  return (
    (code >= 0x3000 && code <= 0x303f) ||
    (code >= 0xff01 && code <= 0xff0f) ||
    (code >= 0xff1a && code <= 0xff20)
  );
}

/** A kana, a CJK ideograph or a Hangul syllable: a word of prose, which a typed password seldom holds. */
export function isEastAsianLetter(code: number): boolean {
  return (
    (code >= 0x3040 && code <= 0x30ff) ||
    (code >= 0x3400 && code <= 0x9fff) ||
    (code >= 0xac00 && code <= 0xd7af)
  );
}

/** Whether any character of `text` is an East Asian letter (see {@link isEastAsianLetter}). */
export function hasEastAsianLetter(text: string): boolean {
  for (let index = 0; index < text.length; index += 1)
    if (isEastAsianLetter(text.charCodeAt(index))) return true;
  return false;
}

/** Where each match of a global pattern starts, in order. */
export function matchStarts(pattern: RegExp, text: string): number[] {
  const starts: number[] = [];
  eachMatch(pattern, text, (match) => {
    starts.push(match.index);
  });
  return starts;
}

/** Where each match of a global pattern ends, in order. */
export function matchEnds(pattern: RegExp, text: string): number[] {
  const ends: number[] = [];
  eachMatch(pattern, text, (match) => {
    ends.push(match.index + match[0].length);
  });
  return ends;
}

/**
 * Calls `visit` for every match of a global `pattern` in `text`, reusing the pattern object
 * (`String#matchAll` clones the RegExp on every call and keeps every match alive at once).
 * `visit` may return an index to resume the search from, to skip text it has already read.
 */
export function eachMatch(pattern: RegExp, text: string, visit: (match: RegExpExecArray) => unknown): void {
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    const resumeAt = match[0].length === 0 ? pattern.lastIndex + 1 : pattern.lastIndex;
    const skipTo = visit(match);
    pattern.lastIndex = typeof skipTo === 'number' && skipTo > resumeAt ? skipTo : resumeAt;
  }
}

/** Whether `text[start, end)` is the whole text, or the whole of a string quoted in it. */
export function standsAlone(text: string, start: number, end: number): boolean {
  if (start === 0 && end === text.length) return true;
  const quote = text.charCodeAt(start - 1);
  return (quote === 34 || quote === 39) && text.charCodeAt(end) === quote;
}
