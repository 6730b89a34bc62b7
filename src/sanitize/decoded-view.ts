import { execveView, nulSeparatedView } from './argv-view.js';
import { CODE, hexAt, hexValue, isDigit, isHex } from './char-codes.js';

/** A text with its escapes undone, and where each of its characters came from in the original. */
export interface DecodedView {
  text: string;
  /** `origins[i]` is the index in the original of decoded character `i`; one more entry for the end. */
  origins: Int32Array;
}

const LOWER_T = 116;
const LOWER_U = 117;

/** The character a backslash escape stands for (`\/`, `\n`, `\"`, …), or -1 when it is not one. */
function simpleEscape(next: number): number {
  switch (next) {
    case CODE.SLASH:
    case CODE.BACKSLASH:
    case CODE.DOUBLE_QUOTE:
    case CODE.SINGLE_QUOTE:
      return next;
    case CODE.LOWER_N:
      return CODE.NEWLINE;
    case CODE.LOWER_R:
      return CODE.CARRIAGE_RETURN;
    case LOWER_T:
      return CODE.TAB;
    default:
      return -1;
  }
}

/**
 * The escape at `index`, packed as `character * 8 + width` (width 2, 3 or 6), or -1 when there is
 * none there. `%XX` and `\uXXXX` count only when they stand for printable ASCII, which is all a
 * connection string or a trace is written in; `caf%C3%A9` stays as it is.
 */
function escapeAt(text: string, index: number): number {
  const code = text.charCodeAt(index);
  if (code === CODE.BACKSLASH) {
    const next = text.charCodeAt(index + 1);
    if (next === LOWER_U) {
      const value = hexAt(text, index + 2, 4);
      return value >= 0x20 && value <= 0x7e ? value * 8 + 6 : -1;
    }
    const value = simpleEscape(next);
    return value >= 0 ? value * 8 + 2 : -1;
  }
  if (code === CODE.PERCENT) {
    const value = hexAt(text, index + 1, 2);
    return value >= 0x20 && value <= 0x7e ? value * 8 + 3 : -1;
  }
  if (code === CODE.AMPERSAND) return entityAt(text, index);
  return -1;
}

/** HTML's named entities for the characters that quote and join a value. */
const NAMED_ENTITIES: ReadonlyMap<string, number> = new Map([
  ['&quot;', CODE.DOUBLE_QUOTE],
  ['&apos;', CODE.SINGLE_QUOTE],
  ['&amp;', CODE.AMPERSAND],
  ['&lt;', 60],
  ['&gt;', 62],
]);

/**
 * The HTML character reference at `index` (`&quot;`, `&#34;`, `&#x22;`), packed as in
 * {@link escapeAt}; printable ASCII only, as a page that shows a config file writes its quotes.
 */
function entityAt(text: string, index: number): number {
  if (text.charCodeAt(index + 1) !== CODE.HASH) {
    // the longest name read is `&quot;`: look no further than that for its `;`
    let semicolon = index + 3;
    while (semicolon < index + 6 && semicolon < text.length && text.charCodeAt(semicolon) !== CODE.SEMICOLON)
      semicolon += 1;
    if (text.charCodeAt(semicolon) !== CODE.SEMICOLON) return -1;
    const value = NAMED_ENTITIES.get(text.slice(index, semicolon + 1));
    return value === undefined ? -1 : value * 8 + (semicolon + 1 - index);
  }
  const hex = (text.charCodeAt(index + 2) | 0x20) === 120; // `&#x…;`
  let cursor = index + (hex ? 3 : 2);
  let value = 0;
  const limit = cursor + (hex ? 2 : 3);
  for (; cursor < limit && cursor < text.length; cursor += 1) {
    const digit = text.charCodeAt(cursor);
    if (hex ? !isHex(digit) : !isDigit(digit)) break;
    value = value * (hex ? 16 : 10) + hexValue(digit);
  }
  const width = cursor + 1 - index;
  if (text.charCodeAt(cursor) !== CODE.SEMICOLON || cursor === index + (hex ? 3 : 2)) return -1;
  return value >= 0x20 && value <= 0x7e ? value * 8 + width : -1;
}

/**
 * The index of the next escape worth undoing at or after `from`, or -1. `\n` alone is not one:
 * the rules already read it as a line break, and most JSON text has it. Once there is another,
 * `\n` is undone too, so that a decoded line starts after a real line break.
 */
function nextEscape(text: string, from: number): number {
  for (let index = from; index < text.length - 1; index += 1) {
    const code = text.charCodeAt(index);
    if (code !== CODE.BACKSLASH && code !== CODE.PERCENT && code !== CODE.AMPERSAND) continue;
    if (code === CODE.BACKSLASH && text.charCodeAt(index + 1) === CODE.LOWER_N) {
      index += 1;
      continue;
    }
    if (escapeAt(text, index) >= 0) return index;
  }
  return -1;
}

/** Decoded text around a stretch of escapes: `view` decodes `text.slice(offset, …)`. */
export interface DecodedWindow {
  offset: number;
  view: DecodedView;
}

/**
 * How far either side of its escapes a window reaches. The raw text is read whole anyway, so a
 * window only needs the context of a leak that holds an escape: an escaped DSN has its escapes
 * at the scheme, and an escaped trace has them on every line.
 */
const WINDOW_MARGIN = 1024;

/**
 * The decoded views of the stretches of `text` that hold escapes, each with {@link
 * WINDOW_MARGIN} characters of context either side; escapes closer than twice the margin share a
 * window. A long text with one escaped DSN costs two kilobytes of decoding and rescanning, not
 * a second pass over all of it. Linear: windows do not overlap, except that a quoted-printable
 * text (see {@link quotedPrintableView}), auditd's EXECVE records and NUL-parted command lines
 * (see argv-view.ts) are also read whole, each as it would be shown.
 */
export function decodedWindows(text: string): DecodedWindow[] {
  const windows: DecodedWindow[] = [];
  // views of the whole text, each undefined when the text gives no sign of its form
  const whole = [
    QUOTED_PRINTABLE_SIGNS.test(text) ? quotedPrintableView(text) : undefined,
    execveView(text),
    nulSeparatedView(text),
  ];
  for (const view of whole) if (view !== undefined) windows.push({ offset: 0, view });
  let start = nextEscape(text, 0);
  while (start !== -1) {
    let last = start;
    let next = nextEscape(text, last + 1);
    while (next !== -1 && next - last <= 2 * WINDOW_MARGIN) {
      last = next;
      next = nextEscape(text, last + 1);
    }
    const offset = Math.max(0, start - WINDOW_MARGIN);
    const view = decodedView(text.slice(offset, Math.min(text.length, last + WINDOW_MARGIN)));
    if (view !== undefined) windows.push({ offset, view });
    start = next;
  }
  return windows;
}

/**
 * A mail body in quoted-printable: its header, or a UTF-8 character written as two `=XX` bytes
 * (`f=C3=BCr`), which no other text has. Only then is `=` read as an escape: `port=5432` in any
 * other text is no byte.
 */
const QUOTED_PRINTABLE_SIGNS = /quoted-printable|=[c-f][0-9a-f]=[89ab][0-9a-f]/i;

/** The byte of a quoted-printable `=XX` at `index`, or -1. */
function quotedByteAt(text: string, index: number): number {
  return text.charCodeAt(index) === CODE.EQUALS ? hexAt(text, index + 1, 2) : -1;
}

/** How many continuation bytes a UTF-8 sequence that starts with `lead` has, or -1 for none valid. */
function continuationCount(lead: number): number {
  if (lead >= 0xc2 && lead <= 0xdf) return 1;
  if (lead >= 0xe0 && lead <= 0xef) return 2;
  if (lead >= 0xf0 && lead <= 0xf4) return 3;
  return -1;
}

/**
 * The text as a quoted-printable decoder reads it, with a map back to the original: `=XX` bytes
 * become their characters (UTF-8 sequences one character, or a surrogate pair), and a soft line
 * break (`=` at the end of a line) joins the lines, so a token the mailer folded reads whole.
 * Undefined when nothing in the text decodes. One pass, linear in the length of the text.
 */
export function quotedPrintableView(text: string): DecodedView | undefined {
  const units = new Uint16Array(text.length);
  const origins = new Int32Array(text.length + 1);
  let length = 0;
  let index = 0;
  let decoded = false;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    origins[length] = index;
    if (code !== CODE.EQUALS) {
      units[length++] = code;
      index += 1;
      continue;
    }
    const next = text.charCodeAt(index + 1);
    if (
      next === CODE.NEWLINE ||
      (next === CODE.CARRIAGE_RETURN && text.charCodeAt(index + 2) === CODE.NEWLINE)
    ) {
      index += next === CODE.NEWLINE ? 2 : 3; // a soft line break: no character
      decoded = true;
      continue;
    }
    const lead = quotedByteAt(text, index);
    let point = -1;
    let width = 3;
    if (lead >= 0x20 && lead <= 0x7e) point = lead;
    else {
      const count = continuationCount(lead);
      point = count === -1 ? -1 : lead & (0x3f >> count);
      for (let part = 1; part <= count && point !== -1; part += 1) {
        const byte = quotedByteAt(text, index + 3 * part);
        point = byte >= 0x80 && byte <= 0xbf ? (point << 6) | (byte & 0x3f) : -1;
      }
      width = 3 * (count + 1);
    }
    if (point === -1 || point > 0x10ffff) {
      units[length++] = code;
      index += 1;
      continue;
    }
    if (point > 0xffff) {
      units[length++] = 0xd800 + ((point - 0x10000) >> 10);
      origins[length] = index;
      units[length++] = 0xdc00 + ((point - 0x10000) & 0x3ff);
    } else units[length++] = point;
    index += width;
    decoded = true;
  }
  if (!decoded) return undefined;
  origins[length] = text.length;
  const read = Buffer.from(units.buffer, units.byteOffset, length * 2).toString('utf16le');
  return { text: read, origins: origins.subarray(0, length + 1) };
}

/** How many levels of escaping are undone: JSON inside a JSON string inside a log line is common. */
const LEVELS = 3;

/**
 * The text as it reads once up to three levels of JSON string escapes (`postgres:\/\/…`, a trace's `\"`
 * and `\\n`, `\u002F`), of percent-encoding (`postgres%3A%2F%2F…`) and of HTML character
 * references (`&quot;`, `&#39;`) are undone, with a map back
 * to the original; undefined when the text has none of those escapes. Only printable ASCII is
 * decoded from `%XX` and `\uXXXX`, which is all a connection string or a trace is written in.
 * One pass, linear in the length of the text.
 */
export function decodedView(text: string): DecodedView | undefined {
  let view = decodeOnce(text);
  for (let level = 1; level < LEVELS && view !== undefined; level += 1) {
    const deeper = decodeOnce(view.text);
    if (deeper === undefined) break;
    const outer = view.origins;
    const origins = deeper.origins;
    for (let position = 0; position < origins.length; position += 1) {
      origins[position] = outer[origins[position] as number] ?? text.length;
    }
    view = { text: deeper.text, origins };
  }
  return view;
}

function decodeOnce(text: string): DecodedView | undefined {
  if (nextEscape(text, 0) === -1) return undefined;
  // the decoded code units go into one buffer, read back as a string in one native call
  const units = new Uint16Array(text.length);
  const origins = new Int32Array(text.length + 1);
  let length = 0;
  let index = 0;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    const found =
      code === CODE.BACKSLASH || code === CODE.PERCENT || code === CODE.AMPERSAND
        ? escapeAt(text, index)
        : -1;
    origins[length] = index;
    if (found === -1) {
      units[length++] = code;
      index += 1;
    } else {
      units[length++] = found >> 3;
      index += found & 7;
    }
  }
  origins[length] = text.length;
  const decoded = Buffer.from(units.buffer, units.byteOffset, length * 2).toString('utf16le');
  return { text: decoded, origins: origins.subarray(0, length + 1) };
}

/** The span of the original text that decoded characters `[start, end)` came from. */
export function originalSpan(view: DecodedView, start: number, end: number): { start: number; end: number } {
  const last = view.origins.length - 1;
  return { start: view.origins[Math.min(start, last)] ?? 0, end: view.origins[Math.min(end, last)] ?? 0 };
}

/** The regular expressions above, for the ReDoS check. */
export const DECODED_VIEW_PATTERNS: readonly RegExp[] = [QUOTED_PRINTABLE_SIGNS];
