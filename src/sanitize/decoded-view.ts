import { CODE, isHex } from './char-codes.js';

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

function hexValue(code: number): number {
  return code <= CODE.DIGIT_9 ? code - CODE.DIGIT_0 : (code | 0x20) - 87;
}

/** The value of `count` hex digits at `index`, or -1 when they are not all hex digits. */
function hexAt(text: string, index: number, count: number): number {
  if (index + count > text.length) return -1;
  let value = 0;
  for (let offset = 0; offset < count; offset += 1) {
    const code = text.charCodeAt(index + offset);
    if (!isHex(code)) return -1;
    value = value * 16 + hexValue(code);
  }
  return value;
}

/** Whether `text` holds an escape that {@link decodedView} undoes; a single pass over its codes. */
function hasEscapes(text: string): boolean {
  for (let index = 0; index < text.length - 1; index += 1) {
    const code = text.charCodeAt(index);
    if (code === CODE.BACKSLASH) {
      const next = text.charCodeAt(index + 1);
      // `\n` alone is read as a line break by the rules already; only a trace also needs `\"`
      if (next !== CODE.LOWER_N && (simpleEscape(next) >= 0 || next === LOWER_U)) return true;
    } else if (
      code === CODE.PERCENT &&
      isHex(text.charCodeAt(index + 1)) &&
      isHex(text.charCodeAt(index + 2))
    ) {
      return true;
    }
  }
  return false;
}

/** How many levels of escaping are undone: JSON inside a JSON string inside a log line is common. */
const LEVELS = 3;

/**
 * The text as it reads once up to three levels of JSON string escapes (`postgres:\/\/…`, a trace's `\"`
 * and `\\n`, `\u002F`) and of percent-encoding (`postgres%3A%2F%2F…`) is undone, with a map back
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
    view = { text: deeper.text, origins: deeper.origins.map((origin) => outer[origin] ?? text.length) };
  }
  return view;
}

function decodeOnce(text: string): DecodedView | undefined {
  if (!hasEscapes(text)) return undefined;
  const codes: number[] = [];
  const origins = new Int32Array(text.length + 1);
  let index = 0;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    let decoded = -1;
    let width = 1;
    if (code === CODE.BACKSLASH) {
      const next = text.charCodeAt(index + 1);
      decoded = simpleEscape(next);
      width = 2;
      if (next === LOWER_U) {
        decoded = hexAt(text, index + 2, 4);
        width = 6;
      }
    } else if (code === CODE.PERCENT) {
      decoded = hexAt(text, index + 1, 2);
      width = 3;
    }
    if (decoded === -1 || (width > 2 && (decoded < 0x20 || decoded > 0x7e))) {
      decoded = code;
      width = 1;
    }
    origins[codes.length] = index;
    codes.push(decoded);
    index += width;
  }
  origins[codes.length] = text.length;
  let decodedText = '';
  // String.fromCharCode takes its arguments on the stack: build the text in bounded chunks
  for (let start = 0; start < codes.length; start += 8192) {
    decodedText += String.fromCharCode(...codes.slice(start, start + 8192));
  }
  return { text: decodedText, origins: origins.subarray(0, codes.length + 1) };
}

/** The span of the original text that decoded characters `[start, end)` came from. */
export function originalSpan(view: DecodedView, start: number, end: number): { start: number; end: number } {
  const last = view.origins.length - 1;
  return { start: view.origins[Math.min(start, last)] ?? 0, end: view.origins[Math.min(end, last)] ?? 0 };
}
