import { asciiTable, CODE, hexAt, isAlphanumeric, isDigit, isHex } from '../char-codes.js';
import type { Found } from '../leak-rule.js';
import { eachMatch, isBlank } from '../text-scan.js';

/** Shortest base64 run worth decoding, and the most of one run that is decoded. */
const SHORTEST_RUN = 24;
const LONGEST_DECODED_RUN = 8192;

function isBase64Code(code: number): boolean {
  return (
    isAlphanumeric(code) ||
    code === CODE.PLUS ||
    code === CODE.SLASH ||
    code === CODE.EQUALS ||
    code === CODE.UNDERSCORE ||
    code === CODE.HYPHEN
  );
}

/** Whether decoded bytes read as text: almost all printable ASCII, tabs and newlines. */
function isText(bytes: Buffer): boolean {
  if (bytes.length < 12) return false;
  let printable = 0;
  for (const byte of bytes) {
    if ((byte >= 32 && byte <= 126) || byte === 9 || byte === 10 || byte === 13) printable += 1;
  }
  return printable >= bytes.length * 0.95;
}

/** Whether a run mixes the character classes that random base64 has, unlike a word or a hex digest. */
function looksEncoded(run: string): boolean {
  let upper = false;
  let lower = false;
  for (let index = 0; index < run.length; index += 1) {
    const code = run.charCodeAt(index);
    if (code >= CODE.UPPER_A && code <= CODE.UPPER_Z) upper = true;
    else if (code >= CODE.LOWER_A && code <= CODE.LOWER_Z) lower = true;
    if (upper && lower) return true;
  }
  return false;
}

const BASE64_TABLE = asciiTable(isBase64Code);

function isBase64At(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  return code < 128 && BASE64_TABLE[code] === 1;
}

/**
 * Base64 runs that decode to text holding a credential or connection string (a base64 JWT, a
 * `user:password` pair, an encoded DSN). `inspect` runs the plain-text finders on the decoded
 * text; a run is reported whole when it finds anything. Each run is decoded once, at most
 * {@link LONGEST_DECODED_RUN} characters of it, so the cost stays linear.
 */
export function findEncodedSecrets(text: string, inspect: (decoded: string) => boolean, found: Found): void {
  let index = 0;
  while (index < text.length) {
    if (!isBase64At(text, index)) {
      index += 1;
      continue;
    }
    const start = index;
    // `=` is only padding, so it ends a run: `config=cG9z…` holds the run after it
    while (index < text.length && isBase64At(text, index) && text.charCodeAt(index) !== CODE.EQUALS)
      index += 1;
    const paddingEnd = Math.min(text.length, index + 2);
    while (index < paddingEnd && text.charCodeAt(index) === CODE.EQUALS) index += 1;
    const length = index - start;
    if (length < SHORTEST_RUN) continue;
    const run = text.slice(start, start + Math.min(length, LONGEST_DECODED_RUN));
    // a hex run (`echo 736b5f6c… | xxd -r -p`) decodes as hex; a digest decodes to no text
    if (isHexText(run)) {
      const decoded = decodeHex(run);
      if (decoded !== undefined && inspect(decoded)) found(start, index);
      continue;
    }
    if (!looksEncoded(run)) continue;
    const decoded = decodeText(run) ?? decodeAfterJoinedName(run);
    if (decoded !== undefined && inspect(decoded)) found(start, index);
  }
}

/** Whether a run is an even number of hex digits in one case, as `xxd -p` and `hex` write them. */
function isHexText(run: string): boolean {
  if (run.length % 2 === 1) return false;
  let upper = false;
  let lower = false;
  for (let index = 0; index < run.length; index += 1) {
    const code = run.charCodeAt(index);
    if (code >= CODE.LOWER_A && code <= CODE.LOWER_A + 5) lower = true;
    else if (code >= CODE.UPPER_A && code <= CODE.UPPER_A + 5) upper = true;
    else if (code < CODE.DIGIT_0 || code > CODE.DIGIT_9) return false;
  }
  return !(upper && lower);
}

/** A hex run decoded, when it reads as text. */
function decodeHex(run: string): string | undefined {
  const bytes = Buffer.from(run, 'hex');
  return isText(bytes) ? bytes.toString('latin1') : undefined;
}

/** The run decoded, when it reads as text. */
function decodeText(run: string): string | undefined {
  if (run.length < SHORTEST_RUN) return undefined;
  const bytes = Buffer.from(run, 'base64');
  return isText(bytes) ? bytes.toString('latin1') : undefined;
}

/**
 * The run decoded from just past a `-` or `_` in its first {@link NAME_REACH} characters, where a
 * name is joined to the encoded part (`secret_value-cG9zdGdy…`): base64url shares those characters
 * with names, so the first {@link JOINTS_TRIED} joints are tried in turn until one decodes to text.
 */
function decodeAfterJoinedName(run: string): string | undefined {
  const reach = Math.min(run.length, NAME_REACH);
  let tried = 0;
  for (let index = 1; index < reach && tried < JOINTS_TRIED; index += 1) {
    const code = run.charCodeAt(index);
    if (code !== CODE.HYPHEN && code !== CODE.UNDERSCORE) continue;
    tried += 1;
    const decoded = decodeText(run.slice(index + 1));
    if (decoded !== undefined) return decoded;
  }
  return undefined;
}

const NAME_REACH = 40;
const JOINTS_TRIED = 3;

/**
 * The opening of a hex dump's line, as `xxd`, `hexdump -C` and `od -A x -t x1z` write it: an
 * offset of six to eight hex digits at the start of a line, an optional colon, then a blank.
 * Tried only where a line starts.
 */
export const HEX_DUMP_LINE = /[ \t]{0,8}[0-9a-fA-F]{6,8}:?[ \t]/y;
/** The most bytes one dump line is read for: `xxd -c 32` writes 32. */
const DUMP_LINE_BYTES = 32;
/** The most bytes of one dump decoded: a long dump's secret is in its first lines or its window after. */
const DUMP_BYTES = 8192;

/**
 * Hex dumps whose bytes hold a credential: the dump's lines are decoded back into the bytes
 * they show, control bytes read as line breaks, and `inspect` reads that text. A dump that
 * holds anything is reported whole, from its first line to its last: its column of characters
 * shows the secret too, split across lines. Each line is read once.
 */
export function findHexDumps(text: string, inspect: (decoded: string) => boolean, found: Found): void {
  // the first line that opens like a dump's, found line by line before anything is allocated
  let first = 0;
  for (HEX_DUMP_LINE.lastIndex = 0; !HEX_DUMP_LINE.test(text); HEX_DUMP_LINE.lastIndex = first) {
    const next = text.indexOf('\n', first);
    if (next === -1) return;
    first = next + 1;
  }
  let blockStart = -1;
  let blockEnd = -1;
  let bytes: number[] = [];
  const flush = () => {
    if (blockStart !== -1 && bytes.length >= 12 && inspect(String.fromCharCode(...bytes)))
      found(blockStart, blockEnd);
    blockStart = -1;
    bytes = [];
  };
  for (let lineStart = first; lineStart < text.length; ) {
    const lineEnd = endOfLine(text, lineStart);
    HEX_DUMP_LINE.lastIndex = lineStart;
    const before = bytes.length;
    if (HEX_DUMP_LINE.test(text) && bytes.length < DUMP_BYTES)
      readDumpBytes(text, HEX_DUMP_LINE.lastIndex, lineEnd, bytes);
    if (bytes.length === before) flush();
    else {
      if (blockStart === -1) blockStart = lineStart;
      blockEnd = lineEnd;
    }
    lineStart = lineEnd + 1;
  }
  flush();
}

function endOfLine(text: string, from: number): number {
  const end = text.indexOf('\n', from);
  return end === -1 ? text.length : end;
}

/**
 * Appends the bytes one dump line shows, from `from` to the end of its hex groups: groups of
 * two, four or eight hex digits parted by one or two blanks, up to a `|` or `>` (the character
 * column of `hexdump -C` and `od`) or anything that is no group. Control bytes become `\n`.
 */
function readDumpBytes(text: string, from: number, lineEnd: number, bytes: number[]): void {
  let cursor = from;
  let read = 0;
  while (cursor < lineEnd && read < DUMP_LINE_BYTES) {
    let blanks = 0;
    while (cursor < lineEnd && isBlank(text.charCodeAt(cursor))) {
      cursor += 1;
      blanks += 1;
    }
    if (read > 0 && (blanks === 0 || blanks > 2)) return;
    let end = cursor;
    while (end < lineEnd && end - cursor < 9 && isHex(text.charCodeAt(end))) end += 1;
    const width = end - cursor;
    // a group ends at a blank or at the line's end
    if ((width !== 2 && width !== 4 && width !== 8) || (end < lineEnd && !isBlank(text.charCodeAt(end))))
      return;
    for (let index = cursor; index < end && read < DUMP_LINE_BYTES; index += 2) {
      const byte = hexAt(text, index, 2);
      bytes.push(byte >= 32 && byte <= 126 ? byte : CODE.NEWLINE);
      read += 1;
    }
    cursor = end;
  }
}

/** The opening of a list of numbers: `[104,249,…`, as Solana's CLI writes a keypair file. */
export const BYTE_LIST_OPEN = /\[[ \t\n]{0,4}\d/g;
/** The bytes of an Ed25519 keypair (Solana's `id.json`), secret half first. */
const KEYPAIR_BYTES = 64;
/** Of 64 random bytes, about 57 differ; a list of counts, codes or pixels repeats far more. */
const KEYPAIR_DISTINCT = 40;

/**
 * Keypairs written as a list of 64 bytes (`[104,249,68,…]`): every item a whole number up to
 * 255, and most of them different, as random bytes are. The list goes whole. A list that fails
 * is left at the item that failed: no list opens inside the digits, commas and blanks read.
 */
export function findByteListKeys(text: string, found: Found): void {
  if (text.length < 2 * KEYPAIR_BYTES || text.indexOf('[') === -1) return;
  const seen = new Uint8Array(256);
  eachMatch(BYTE_LIST_OPEN, text, (match) => {
    seen.fill(0);
    let cursor = match.index + 1;
    let count = 0;
    let distinct = 0;
    while (count <= KEYPAIR_BYTES) {
      while (isListBlank(text.charCodeAt(cursor))) cursor += 1;
      let value = 0;
      let digits = 0;
      while (digits < 4 && isDigit(text.charCodeAt(cursor))) {
        value = value * 10 + text.charCodeAt(cursor) - CODE.DIGIT_0;
        cursor += 1;
        digits += 1;
      }
      if (digits === 0 || value > 255) return cursor;
      count += 1;
      if (seen[value] === 0) {
        seen[value] = 1;
        distinct += 1;
      }
      while (isListBlank(text.charCodeAt(cursor))) cursor += 1;
      const separator = text.charCodeAt(cursor);
      if (separator === CODE.CLOSE_BRACKET) {
        if (count === KEYPAIR_BYTES && distinct >= KEYPAIR_DISTINCT) found(match.index, cursor + 1);
        return cursor + 1;
      }
      if (separator !== CODE.COMMA) return cursor;
      cursor += 1;
    }
    return cursor;
  });
}

function isListBlank(code: number): boolean {
  return code === CODE.SPACE || code === 9 || code === CODE.NEWLINE || code === CODE.CARRIAGE_RETURN;
}
