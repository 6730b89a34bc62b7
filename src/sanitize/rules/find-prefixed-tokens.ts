import { asciiTable, CODE, isAlphanumeric, isDigit, isHex, isLower, isUpper } from '../char-codes.js';
import { shannonEntropyBitsPerCharacter } from '../shannon-entropy.js';
import { isWordCode } from '../text-scan.js';
import { isKnownPublicValue, isPlaceholderBody } from './placeholders.js';
import { TOKEN_FORMATS, type TokenAlphabet, type TokenFormat } from './token-formats.js';

type Accepts = (code: number) => boolean;

const isBase64Url: Accepts = (code) => isWordCode(code) || code === CODE.HYPHEN;

const DJANGO_SYMBOLS = '!@#$%^&*(-_=+)';

const ALPHABETS: Record<TokenAlphabet, Accepts> = {
  alphanumeric: isAlphanumeric,
  'alphanumeric-dollar': (code) => isAlphanumeric(code) || code === CODE.DOLLAR,
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
  // Django's `get_random_secret_key()`: lower-case letters, digits and `!@#$%^&*(-_=+)`
  'django-secret': (code) =>
    isLower(code) || isDigit(code) || DJANGO_SYMBOLS.includes(String.fromCharCode(code)),
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

/**
 * The keyword prefilter: every prefix in one trie over ASCII folded to lower case, so that a word
 * start costs a step per character it shares with some prefix, however many formats there are.
 * Node 0 is the root; `TRIE_CHILDREN[node * 128 + code]` is a child, or 0 for none, and
 * `TRIE_ENDS[node]` lists the candidates whose prefix ends there.
 */
const { TRIE_CHILDREN, TRIE_ENDS, CANDIDATE_COUNT, LONGEST_PREFIX } = (() => {
  const children: number[] = new Array(128).fill(0);
  const ends: (Candidate[] | undefined)[] = [undefined];
  let id = 0;
  let longest = 0;
  for (const format of TOKEN_FORMATS) {
    for (const prefix of format.prefixes) {
      // the scan rejects a word start on its first two characters before it walks the trie
      if (prefix.length < 2)
        throw new Error(`token format ${format.id}: prefix "${prefix}" is shorter than 2`);
      let node = 0;
      for (let offset = 0; offset < prefix.length; offset += 1) {
        const slot = node * 128 + foldCode(prefix.charCodeAt(offset));
        if (children[slot] === 0) {
          children[slot] = ends.length;
          ends.push(undefined);
          for (let code = 0; code < 128; code += 1) children.push(0);
        }
        node = children[slot] as number;
      }
      const list = ends[node] ?? [];
      list.push({ prefix, format, accepts: ALPHABETS[format.alphabet], id });
      ends[node] = list;
      id += 1;
      longest = Math.max(longest, prefix.length);
    }
  }
  return {
    TRIE_CHILDREN: Int32Array.from(children),
    TRIE_ENDS: ends as readonly (readonly Candidate[] | undefined)[],
    CANDIDATE_COUNT: id,
    LONGEST_PREFIX: longest,
  };
})();

/** The trie nodes with candidates that one word start reaches, deepest last; reused by every call. */
const reached = new Int32Array(LONGEST_PREFIX);

/** Walks the trie from `index`, fills {@link reached}, and returns how many nodes it holds. */
function reachNodes(text: string, index: number): number {
  let node = 0;
  let count = 0;
  const limit = Math.min(text.length, index + LONGEST_PREFIX);
  for (let at = index; at < limit; at += 1) {
    const code = text.charCodeAt(at);
    if (code >= 128) break;
    node = TRIE_CHILDREN[node * 128 + foldCode(code)] as number;
    if (node === 0) break;
    if (TRIE_ENDS[node] !== undefined) {
      reached[count] = node;
      count += 1;
    }
  }
  return count;
}

const WORD_TABLE = asciiTable(isWordCode);

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
  // Airtable: `pat<14 alphanumerics>.<64 hex>`
  if (format.shape === 'airtable')
    return body.charCodeAt(14) === CODE.DOT && [...body.slice(15)].every((c) => isHex(c.charCodeAt(0)));
  // Braintree: `<merchant id>$<32 hex>` after the environment
  if (format.shape === 'dollar') {
    const dollar = body.indexOf('$');
    return dollar >= 8 && body.length - dollar - 1 >= 24 && body.indexOf('$', dollar + 1) === -1;
  }
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
 * at each word start a walk down the prefix trie names the few formats worth trying.
 *
 * A candidate's body is read up to its maximum length, so a text made of its prefix over and over
 * (`sk-sk-sk-…`, `eyJ.eyJ.…`) would cost that length at every repetition. Once a candidate is
 * turned down, it is not tried again inside the body it just read: a later start there reads a
 * suffix of the same run, which the same checks turn down too. Each candidate reads each
 * character at most once, so the pass stays linear.
 */
export function findPrefixedTokens(text: string, found: (start: number, end: number) => void): void {
  let skipUntil: Int32Array | undefined;
  try {
    skipUntil = scanTokens(text, found);
  } finally {
    // handed back clear for the next scan; a scan that found no body to turn down took none
    if (skipUntil !== undefined) spareSkips = skipUntil.fill(0);
  }
}

/**
 * Where each candidate may next be tried, kept between scans: most short strings turn down a
 * candidate or two, and a zeroed typed array made for each of them cost more than their scan.
 * A scan takes it (a scan inside another finds none and makes its own) and hands it back clear.
 */
let spareSkips: Int32Array | undefined;

function takeSkips(): Int32Array {
  const skips = spareSkips ?? new Int32Array(CANDIDATE_COUNT);
  spareSkips = undefined;
  return skips;
}

/** findPrefixedTokens' pass; returns the skips it took, if it took them. */
function scanTokens(text: string, found: (start: number, end: number) => void): Int32Array | undefined {
  let previousIsWord = false;
  let skipUntil: Int32Array | undefined;
  for (let index = 0; index < text.length - 1; index += 1) {
    const code = text.charCodeAt(index);
    const isWord = code < 128 && WORD_TABLE[code] === 1;
    if (previousIsWord && isWord) continue;
    previousIsWord = isWord;
    if (!isWord || code >= 128) continue;
    // every prefix is at least two characters long: most word starts end here, without a call
    const firstNode = TRIE_CHILDREN[foldCode(code)] as number;
    const second = text.charCodeAt(index + 1);
    if (firstNode === 0 || second >= 128 || TRIE_CHILDREN[firstNode * 128 + foldCode(second)] === 0) continue;
    // longest prefixes first, so `sk-ant-api03-` is tried before `sk-`
    let tried = reachNodes(text, index);
    let outcome: 'found' | 'next' | 'stop' = 'next';
    while (tried > 0 && outcome === 'next') {
      tried -= 1;
      const candidates = TRIE_ENDS[reached[tried] as number] as readonly Candidate[];
      for (let which = 0; which < candidates.length && outcome === 'next'; which += 1) {
        const { prefix, format, accepts, id } = candidates[which] as Candidate;
        if (skipUntil !== undefined && index < (skipUntil[id] as number)) continue;
        if (format.ignoreCase !== true && !text.startsWith(prefix, index)) continue;
        const bodyStart = index + prefix.length;
        let bodyEnd = bodyStart;
        const limit = Math.min(text.length, bodyStart + format.maximumLength + 1);
        while (bodyEnd < limit && accepts(text.charCodeAt(bodyEnd))) bodyEnd += 1;
        outcome = judge(text, index, bodyStart, bodyEnd, format);
        let end = outcome === 'found' ? trimmedEnd(text, bodyStart, bodyEnd) : -1;
        if (end === -1 && prefix.length >= CUT_PREFIX_LENGTH) {
          end = cutTokenEnd(text, index, bodyStart, bodyEnd, format, accepts);
          if (end !== -1) outcome = 'found';
        }
        if (outcome === 'found') {
          found(index, end);
          index = end - 1;
          previousIsWord = true;
        } else {
          skipUntil ??= takeSkips();
          skipUntil[id] = bodyEnd;
        }
      }
    }
  }
  return skipUntil;
}

/** The shortest prefix, and the shortest body, that make a token cut short still one. */
const CUT_PREFIX_LENGTH = 4;
const CUT_BODY_LENGTH = 16;
/** How many lines a token wrapped at a terminal's width may run on. */
const WRAPPED_LINES = 4;

/**
 * Where a token of `format` that is too short to be one ends, when something cut it short: the
 * text ends in it, an ellipsis follows it (`ghp_4fK2mQ9xL7pR3tV8wZ1…`), or it wraps onto the
 * next lines, which hold nothing but its characters (`gh auth token` in a narrow terminal).
 * The model must read none of it: two thirds of a token leave little to guess. -1 when it is no
 * such token: a prefix of four characters at least, a body of sixteen that mixes letters and
 * digits or cases, and no placeholder or base64 JSON header.
 */
function cutTokenEnd(
  text: string,
  start: number,
  bodyStart: number,
  bodyEnd: number,
  format: TokenFormat,
  accepts: Accepts,
): number {
  const end = trimmedEnd(text, bodyStart, bodyEnd);
  const length = end - bodyStart;
  if (length < CUT_BODY_LENGTH || length >= format.minimumLength) return -1;
  const body = text.slice(bodyStart, end);
  // a token that opens base64 JSON (`ops_eyJzaWduSW5BZGRyZXNzIjoi…`, `{"signInAddress":…`) starts
  // with its header, after which a document elides the rest: the secret sits further on. Only
  // where the body starts: a random body holds `eyJ` further in by chance
  if (text.slice(start, bodyStart + 3).includes('eyJ')) return -1;
  if (!hasMixedClasses(body) || isPlaceholderBody(body, false) || isKnownPublicValue(text.slice(start, end)))
    return -1;
  if (shannonEntropyBitsPerCharacter(body) < 3) return -1;
  if (end === text.length || text.startsWith('…', end) || text.startsWith('...', end)) return end;
  // wrapped: the rest stands alone on the lines below, and makes the token whole
  let wrappedEnd = end;
  let wrappedLength = length;
  for (let lines = 0; lines < WRAPPED_LINES && wrappedLength < format.minimumLength; lines += 1) {
    const lineStart = afterLineBreak(text, wrappedEnd);
    if (lineStart === -1) return -1;
    // no further than a whole token runs, so a long line after a short token is not read to its end
    const lineLimit = Math.min(text.length, lineStart + format.maximumLength + 1);
    let lineEnd = lineStart;
    while (lineEnd < lineLimit && accepts(text.charCodeAt(lineEnd))) lineEnd += 1;
    if (lineEnd - lineStart < 8 || (lineEnd < text.length && afterLineBreak(text, lineEnd) === -1)) return -1;
    wrappedEnd = lineEnd;
    wrappedLength += lineEnd - lineStart;
  }
  return wrappedLength >= format.minimumLength ? wrappedEnd : -1;
}

/** Where the line after the break at `index` starts (`\n` or `\r\n`), or -1 when no break is there. */
function afterLineBreak(text: string, index: number): number {
  if (text.charCodeAt(index) === CODE.NEWLINE) return index + 1;
  if (text.charCodeAt(index) === CODE.CARRIAGE_RETURN && text.charCodeAt(index + 1) === CODE.NEWLINE)
    return index + 2;
  return -1;
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
