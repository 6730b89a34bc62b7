import { asciiTable, CODE, isAlphanumeric, isDigit, isHex, isLower, isUpper } from '../char-codes.js';
import { shannonEntropyBitsPerCharacter } from '../shannon-entropy.js';
import { isWordCode } from '../text-scan.js';
import { isKnownPublicValue, isPlaceholderBody } from './placeholders.js';
import { TOKEN_FORMATS, type TokenAlphabet, type TokenFormat } from './token-formats.js';

type Accepts = (code: number) => boolean;

const isBase64Url: Accepts = (code) => isWordCode(code) || code === CODE.HYPHEN;

const ALPHABETS: Record<TokenAlphabet, Accepts> = {
  alphanumeric: isAlphanumeric,
  letters: (code) => isUpper(code) || isLower(code),
  'upper-alphanumeric': (code) => isUpper(code) || isDigit(code) || code === CODE.HYPHEN,
  hex: isHex,
  'hex-dash': (code) => isHex(code) || code === CODE.HYPHEN,
  word: isWordCode,
  'word-dash': isBase64Url,
  'word-dash-dot': (code) => isBase64Url(code) || code === CODE.DOT,
  'word-dash-dot-equals': (code) => isBase64Url(code) || code === CODE.DOT || code === CODE.EQUALS,
  base64: (code) => isAlphanumeric(code) || code === CODE.PLUS || code === CODE.SLASH || code === CODE.EQUALS,
  'base64-underscore': (code) =>
    isAlphanumeric(code) ||
    code === CODE.PLUS ||
    code === CODE.SLASH ||
    code === CODE.EQUALS ||
    code === CODE.UNDERSCORE,
  'webhook-path': (code) =>
    isBase64Url(code) || code === CODE.SLASH || code === CODE.AT || code === CODE.PLUS,
  slack: (code) => isBase64Url(code) || code === CODE.DOT,
  authorization: (code) =>
    isBase64Url(code) ||
    code === CODE.DOT ||
    code === CODE.TILDE ||
    code === CODE.PLUS ||
    code === CODE.SLASH ||
    code === CODE.EQUALS,
};

interface Candidate {
  prefix: string;
  format: TokenFormat;
  accepts: Accepts;
  /** Index of this candidate among all of them, for the per-call skip table. */
  id: number;
}

/** Folds ASCII letters to lower case, so that case-insensitive prefixes share a bucket. */
function foldCode(code: number): number {
  return isUpper(code) ? code + 32 : code;
}

function bucketKey(first: number, second: number): number {
  return (foldCode(first) << 16) | foldCode(second);
}

/**
 * The keyword prefilter: formats bucketed by the first two characters of each prefix, so that
 * each word start costs one map lookup however many formats there are. Longest prefixes first,
 * so `sk-ant-api03-` is tried before `sk-`.
 */
const BUCKETS: ReadonlyMap<number, readonly Candidate[]> = (() => {
  const buckets = new Map<number, Candidate[]>();
  let id = 0;
  for (const format of TOKEN_FORMATS) {
    for (const prefix of format.prefixes) {
      const key = bucketKey(prefix.charCodeAt(0), prefix.charCodeAt(1));
      const list = buckets.get(key) ?? [];
      list.push({ prefix, format, accepts: ALPHABETS[format.alphabet], id });
      id += 1;
      buckets.set(key, list);
    }
  }
  for (const list of buckets.values()) list.sort((left, right) => right.prefix.length - left.prefix.length);
  return buckets;
})();

const CANDIDATE_COUNT = [...BUCKETS.values()].reduce((total, list) => total + list.length, 0);

/** Pairs of folded ASCII codes that open some prefix: a bit test before the map lookup. */
const OPENING_PAIRS: Uint8Array = (() => {
  const pairs = new Uint8Array(128 * 128);
  for (const format of TOKEN_FORMATS) {
    for (const prefix of format.prefixes) {
      pairs[foldCode(prefix.charCodeAt(0)) * 128 + foldCode(prefix.charCodeAt(1))] = 1;
    }
  }
  return pairs;
})();

const WORD_TABLE = asciiTable(isWordCode);

function startsWithAt(text: string, index: number, prefix: string, ignoreCase: boolean): boolean {
  if (!ignoreCase) return text.startsWith(prefix, index);
  if (index + prefix.length > text.length) return false;
  for (let offset = 0; offset < prefix.length; offset += 1) {
    if (foldCode(text.charCodeAt(index + offset)) !== foldCode(prefix.charCodeAt(offset))) return false;
  }
  return true;
}

/** A JWT body: `header.payload[.signature]` where both parts are base64url JSON objects. */
function isJwtBody(body: string): boolean {
  const firstDot = body.indexOf('.');
  if (firstDot < 8) return false;
  return body.startsWith('eyJ', firstDot + 1) && body.length - firstDot > 10;
}

function hasMixedClasses(body: string): boolean {
  let digits = 0;
  let upper = 0;
  let lower = 0;
  for (let index = 0; index < body.length; index += 1) {
    const code = body.charCodeAt(index);
    if (isDigit(code)) digits += 1;
    else if (isUpper(code)) upper += 1;
    else if (isLower(code)) lower += 1;
  }
  return (digits > 0 ? 1 : 0) + (upper > 0 ? 1 : 0) + (lower > 0 ? 1 : 0) >= 2;
}

function countDigits(body: string): number {
  let digits = 0;
  for (let index = 0; index < body.length; index += 1) if (isDigit(body.charCodeAt(index))) digits += 1;
  return digits;
}

/** Sourcegraph: `sgp_<40 hex>`, `sgp_<16 hex>_<40 hex>` or `sgp_local_<40 hex>`. */
function isSourcegraphBody(body: string): boolean {
  const parts = body.split('_');
  const isHexText = (part: string) => [...part].every((character) => isHex(character.charCodeAt(0)));
  const last = parts[parts.length - 1] ?? '';
  if (last.length !== 40 || !isHexText(last)) return false;
  if (parts.length === 1) return true;
  const first = parts[0] ?? '';
  return parts.length === 2 && (first === 'local' || (first.length === 16 && isHexText(first)));
}

function shapeHolds(format: TokenFormat, body: string): boolean {
  if (format.shape === 'jwt') return isJwtBody(body);
  if (format.shape === 'anthropic') return body.endsWith('AA');
  // bot and user tokens carry two numeric ids; legacy workspace tokens at least a digit or two
  if (format.shape === 'slack') return countDigits(body) >= 10;
  if (format.shape === 'slack-legacy')
    return countDigits(body) >= 2 && shannonEntropyBitsPerCharacter(body) >= 3;
  if (format.shape === 'sourcegraph') return isSourcegraphBody(body);
  if (format.shape === 'sentry')
    return body.startsWith('eyJ') && body.length - body.lastIndexOf('_') - 1 === 43;
  if (format.shape === 'mixed') return hasMixedClasses(body);
  if (format.shape === 'dotted') return body.includes('.');
  return true;
}

/**
 * Provider tokens with a known prefix, each as a span `[start, end)`. One pass over the text;
 * at each word start a two-character bucket names the few formats worth trying.
 *
 * A candidate's body is read up to its maximum length, so a text made of its prefix over and over
 * (`sk-sk-sk-…`, `eyJ.eyJ.…`) would cost that length at every repetition. Once a candidate is
 * turned down, it is not tried again inside the body it just read: a later start there reads a
 * suffix of the same run, which the same checks turn down too. Each candidate reads each
 * character at most once, so the pass stays linear.
 */
export function findPrefixedTokens(text: string, found: (start: number, end: number) => void): void {
  let previousIsWord = false;
  let skipUntil: Int32Array | undefined;
  for (let index = 0; index < text.length - 1; index += 1) {
    const code = text.charCodeAt(index);
    const isWord = code < 128 && WORD_TABLE[code] === 1;
    if (previousIsWord && isWord) continue;
    previousIsWord = isWord;
    if (!isWord || code >= 128) continue;
    const second = text.charCodeAt(index + 1);
    if (second >= 128 || OPENING_PAIRS[foldCode(code) * 128 + foldCode(second)] !== 1) continue;
    const candidates = BUCKETS.get(bucketKey(code, second));
    if (candidates === undefined) continue;
    for (let which = 0; which < candidates.length; which += 1) {
      const { prefix, format, accepts, id } = candidates[which] as Candidate;
      if (!startsWithAt(text, index, prefix, format.ignoreCase === true)) continue;
      if (skipUntil !== undefined && index < (skipUntil[id] as number)) continue;
      const bodyStart = index + prefix.length;
      let bodyEnd = bodyStart;
      const limit = Math.min(text.length, bodyStart + format.maximumLength + 1);
      while (bodyEnd < limit && accepts(text.charCodeAt(bodyEnd))) bodyEnd += 1;
      const verdict = judge(text, index, bodyStart, bodyEnd, format);
      if (verdict === 'found') {
        const end = trimmedEnd(text, bodyStart, bodyEnd);
        found(index, end);
        index = end - 1;
        previousIsWord = true;
        break;
      }
      skipUntil ??= new Int32Array(CANDIDATE_COUNT);
      skipUntil[id] = bodyEnd;
      if (verdict === 'stop') break;
    }
  }
}

/** The end of a token body without the sentence punctuation that may follow it. */
function trimmedEnd(text: string, bodyStart: number, bodyEnd: number): number {
  let end = bodyEnd;
  while (end > bodyStart && text.charCodeAt(end - 1) === CODE.DOT) end -= 1;
  return end;
}

/**
 * Whether the body read after a prefix is a token of `format`: `found`, or turned down, where
 * `stop` also rules out the shorter prefixes tried after this one at the same start.
 */
function judge(
  text: string,
  start: number,
  bodyStart: number,
  bodyEnd: number,
  format: TokenFormat,
): 'found' | 'next' | 'stop' {
  const end = trimmedEnd(text, bodyStart, bodyEnd);
  const length = end - bodyStart;
  const giveUp = format.exclusive === true ? 'stop' : 'next';
  if (length < format.minimumLength || length > format.maximumLength) return giveUp;
  const body = text.slice(bodyStart, end);
  // a token that runs into filler is a template: `xoxp-5723…-####################`
  const after = text.charCodeAt(end);
  if (after === CODE.HASH || after === CODE.ASTERISK || after === 0x2022) return 'stop';
  if (
    isPlaceholderBody(body, format.repeatedBodyAllowed === true) ||
    isKnownPublicValue(text.slice(start, end))
  )
    return 'stop';
  // a file name or host that merely starts like a token: `video_box.ico-7a38….png`
  if (text.charCodeAt(end) === CODE.DOT && isWordCode(text.charCodeAt(end + 1))) return 'next';
  if (!shapeHolds(format, body)) return giveUp;
  if (format.minimumEntropy !== undefined && shannonEntropyBitsPerCharacter(body) < format.minimumEntropy)
    return 'next';
  return 'found';
}
