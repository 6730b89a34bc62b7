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
    while (index < text.length && isBase64At(text, index)) index += 1;
    const length = index - start;
    if (length < SHORTEST_RUN) continue;
    const run = text.slice(start, start + Math.min(length, LONGEST_DECODED_RUN));
    if (!looksEncoded(run)) continue;
    const bytes = Buffer.from(run, 'base64');
    if (!isText(bytes)) continue;
    if (inspect(bytes.toString('latin1'))) found(start, index);
  }
}
