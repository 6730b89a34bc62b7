import { CODE, hexValue, isHex } from './char-codes.js';

/**
 * Command lines that a record writes one argument at a time, read as the shell showed them, so
 * that a password flag and its value (`-pX`, `-a X`, `-u user:X`) are found as in a terminal:
 * auditd's EXECVE records (`a0="mysql" a1="-uroot" a2="-pX"`, an argument with a blank or a quote
 * written in hex) and `/proc/<pid>/cmdline`, whose arguments are parted by NUL characters.
 */

/** A text as it reads once rewritten, with `origins[i]` the original index of character `i`. */
interface DecodedView {
  text: string;
  origins: Int32Array;
}

const EXECVE = 'type=EXECVE';
/** The most arguments read from one record; auditd splits longer command lines itself. */
const MOST_ARGUMENTS = 128;

/** Where a view is being written: its code units and, for each, the original index it came from. */
class ViewWriter {
  readonly units: Uint16Array;
  readonly origins: Int32Array;
  length = 0;
  /** Where the last argument written ends in the original: a blank or a line break after it maps there. */
  lastEnd = 0;

  constructor(size: number) {
    this.units = new Uint16Array(size);
    this.origins = new Int32Array(size + 1);
  }

  push(unit: number, origin: number): void {
    this.units[this.length] = unit;
    this.origins[this.length] = origin;
    this.length += 1;
  }

  view(): DecodedView {
    this.origins[this.length] = this.lastEnd;
    const text = Buffer.from(this.units.buffer, this.units.byteOffset, this.length * 2).toString('utf16le');
    return { text, origins: this.origins.subarray(0, this.length + 1) };
  }
}

/**
 * Reads the `aN=` arguments of the EXECVE record at `from` into `out`, parted by blanks, and
 * returns where the record's line ends. A quoted argument is copied; a bare one is auditd's hex
 * for an argument with a blank, a quote or a control character, and is decoded when it stands
 * for printable ASCII.
 */
function readRecord(text: string, from: number, out: ViewWriter): number {
  let lineEnd = text.indexOf('\n', from);
  if (lineEnd === -1) lineEnd = text.length;
  let cursor = from;
  let written = 0;
  while (written < MOST_ARGUMENTS) {
    const at = text.indexOf(' a', cursor);
    if (at === -1 || at >= lineEnd) break;
    let digits = at + 2;
    while (
      digits < lineEnd &&
      text.charCodeAt(digits) >= CODE.DIGIT_0 &&
      text.charCodeAt(digits) <= CODE.DIGIT_9
    )
      digits += 1;
    if (digits === at + 2 || text.charCodeAt(digits) !== CODE.EQUALS) {
      cursor = at + 2;
      continue;
    }
    let start = digits + 1;
    const quoted = text.charCodeAt(start) === CODE.DOUBLE_QUOTE;
    if (quoted) start += 1;
    let end = start;
    while (
      end < lineEnd &&
      (quoted ? text.charCodeAt(end) !== CODE.DOUBLE_QUOTE : text.charCodeAt(end) !== CODE.SPACE)
    )
      end += 1;
    if (written > 0) out.push(CODE.SPACE, out.lastEnd);
    if (!quoted && (end - start) % 2 === 0 && isPrintableHex(text, start, end)) {
      for (let index = start; index < end; index += 2)
        out.push(hexValue(text.charCodeAt(index)) * 16 + hexValue(text.charCodeAt(index + 1)), index);
    } else {
      for (let index = start; index < end; index += 1) out.push(text.charCodeAt(index), index);
    }
    written += 1;
    out.lastEnd = end;
    cursor = quoted ? end + 1 : end;
  }
  return lineEnd;
}

/** Whether `text[start, end)` is hex for printable ASCII, as auditd writes an argument with a blank. */
function isPrintableHex(text: string, start: number, end: number): boolean {
  if (end - start < 4) return false;
  for (let index = start; index < end; index += 2) {
    const high = text.charCodeAt(index);
    const low = text.charCodeAt(index + 1);
    if (!isHex(high) || !isHex(low)) return false;
    const value = hexValue(high) * 16 + hexValue(low);
    if (value < 0x20 || value > 0x7e) return false;
  }
  return true;
}

/**
 * The command lines of every auditd EXECVE record in `text`, one per line, with a map back to
 * where each character stands in the record; undefined when the text holds none. Linear: each
 * record is read once, from its `type=EXECVE`.
 */
export function execveView(text: string): DecodedView | undefined {
  let at = text.indexOf(EXECVE);
  if (at === -1) return undefined;
  const out = new ViewWriter(text.length);
  while (at !== -1) {
    if (out.length > 0) out.push(CODE.NEWLINE, out.lastEnd);
    const lineEnd = readRecord(text, at + EXECVE.length, out);
    at = text.indexOf(EXECVE, lineEnd);
  }
  return out.length === 0 ? undefined : out.view();
}

/**
 * The text with each NUL read as a blank, as `/proc/<pid>/cmdline` parts its arguments;
 * undefined when it has none. Every character keeps its place.
 */
export function nulSeparatedView(text: string): DecodedView | undefined {
  if (text.indexOf('\u0000') === -1) return undefined;
  const origins = new Int32Array(text.length + 1);
  for (let index = 0; index <= text.length; index += 1) origins[index] = index;
  return { text: text.replaceAll('\u0000', ' '), origins };
}
