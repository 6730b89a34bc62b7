import { asciiTable, CODE, isAlphanumeric } from '../char-codes.js';
import type { Found } from '../leak-rule.js';

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
