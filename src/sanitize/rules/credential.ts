import type { LeakRule, LeakSpan } from '../leak-rule.js';
import { shannonEntropyBitsPerCharacter } from '../shannon-entropy.js';
import { eachMatch, isSpaceCode, isWordCode, scanRight } from '../text-scan.js';

/** How a provider token continues after its prefix. */
interface TokenShape {
  prefix: string;
  /** Characters of the token body. */
  accepts: (code: number) => boolean;
  minimumLength: number;
  maximumLength: number;
  verify?: (body: string) => boolean;
}

const ALPHANUMERIC = (code: number) => isWordCode(code) && code !== 95;
const BASE64URL = (code: number) => isWordCode(code) || code === 45;
const BASE64 = (code: number) => ALPHANUMERIC(code) || code === 43 || code === 47 || code === 61;
const HEX = (code: number) =>
  (code >= 48 && code <= 57) || (code >= 97 && code <= 102) || (code >= 65 && code <= 70);
const UPPER_ALPHANUMERIC = (code: number) => (code >= 48 && code <= 57) || (code >= 65 && code <= 90);

/**
 * Provider tokens recognised by a fixed prefix, longest prefixes first. The trigger below is a
 * plain alternation of these prefixes; the body is then read by hand, so the scan is linear.
 */
const TOKEN_SHAPES: readonly TokenShape[] = [
  ...['AKIA', 'ASIA', 'AGPA', 'AIDA', 'AROA', 'AIPA', 'ANPA', 'ANVA', 'ABIA', 'ACCA'].map((prefix) => ({
    prefix,
    accepts: UPPER_ALPHANUMERIC,
    minimumLength: 16,
    maximumLength: 16,
  })),
  ...['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_'].map((prefix) => ({
    prefix,
    accepts: ALPHANUMERIC,
    minimumLength: 30,
    maximumLength: 255,
  })),
  { prefix: 'github_pat_', accepts: isWordCode, minimumLength: 22, maximumLength: 255 },
  { prefix: 'glpat-', accepts: BASE64URL, minimumLength: 20, maximumLength: 64 },
  // OpenAI (sk-, sk-proj-, sk-svcacct-) and Anthropic (sk-ant-api03-) keys
  { prefix: 'sk-', accepts: BASE64URL, minimumLength: 20, maximumLength: 255, verify: looksRandom },
  ...['sk_live_', 'rk_live_', 'sk_test_', 'rk_test_'].map((prefix) => ({
    prefix,
    accepts: ALPHANUMERIC,
    minimumLength: 10,
    maximumLength: 255,
  })),
  { prefix: 'whsec_', accepts: BASE64, minimumLength: 20, maximumLength: 255 },
  ...['xoxb-', 'xoxp-', 'xoxa-', 'xoxo-', 'xoxs-', 'xoxr-', 'xoxe-', 'xapp-'].map((prefix) => ({
    prefix,
    accepts: (code: number) => ALPHANUMERIC(code) || code === 45,
    minimumLength: 10,
    maximumLength: 255,
  })),
  {
    prefix: 'hooks.slack.com/services/',
    accepts: (code: number) => ALPHANUMERIC(code) || code === 47,
    minimumLength: 20,
    maximumLength: 128,
  },
  { prefix: 'AIza', accepts: BASE64URL, minimumLength: 35, maximumLength: 35 },
  {
    prefix: 'ya29.',
    accepts: (code) => BASE64URL(code) || code === 46,
    minimumLength: 20,
    maximumLength: 2048,
  },
  { prefix: 'GOCSPX-', accepts: BASE64URL, minimumLength: 20, maximumLength: 64 },
  { prefix: 'npm_', accepts: ALPHANUMERIC, minimumLength: 36, maximumLength: 36 },
  { prefix: 'hf_', accepts: ALPHANUMERIC, minimumLength: 30, maximumLength: 64, verify: looksRandom },
  {
    prefix: 'SG.',
    accepts: (code) => BASE64URL(code) || code === 46,
    minimumLength: 40,
    maximumLength: 128,
    verify: (body) => body.includes('.'),
  },
  ...['shpat_', 'shpss_', 'shpca_', 'shppa_'].map((prefix) => ({
    prefix,
    accepts: HEX,
    minimumLength: 32,
    maximumLength: 32,
  })),
  { prefix: 'dop_v1_', accepts: HEX, minimumLength: 64, maximumLength: 64 },
  ...['hvs.', 'hvb.', 'hvr.'].map((prefix) => ({
    prefix,
    accepts: BASE64URL,
    minimumLength: 24,
    maximumLength: 255,
  })),
  { prefix: 'dapi', accepts: HEX, minimumLength: 32, maximumLength: 32 },
  { prefix: 'AccountKey=', accepts: BASE64, minimumLength: 40, maximumLength: 128 },
  {
    prefix: 'SharedAccessSignature=',
    accepts: (code) => !isSpaceCode(code) && code !== 59 && code !== 34 && code !== 39,
    minimumLength: 16,
    maximumLength: 512,
  },
  // JSON Web Tokens: a base64url header and payload, both of which open with `{"`
  {
    prefix: 'eyJ',
    accepts: (code) => BASE64URL(code) || code === 46,
    minimumLength: 16,
    maximumLength: 16_384,
    verify: isJwtBody,
  },
  // `Authorization: Bearer ...`, `Basic ...`, `Token ...`
  ...['Bearer ', 'Basic ', 'Token ', 'Digest '].map((prefix) => ({
    prefix,
    accepts: (code: number) =>
      BASE64URL(code) || code === 46 || code === 126 || code === 43 || code === 47 || code === 61,
    minimumLength: 16,
    maximumLength: 4096,
    verify: looksRandom,
  })),
];

/** The prefixes of {@link TOKEN_SHAPES} as one alternation, built from literals only. */
const TOKEN_PREFIX = new RegExp(
  `\\b(?:${TOKEN_SHAPES.map((shape) => shape.prefix.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})`,
  'g',
);

/** The opening of a PEM block; the code checks that it is a private key. */
const PEM_BEGIN = /-----BEGIN /g;
const PEM_PRIVATE_HEADER = /^-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----/;

/** A key name that announces a secret; the code then reads the separator and the value. */
const SECRET_KEY_NAME =
  /(?:passw(?:or)?d|passphrase|\bpwd|secret|token|api[_-]?key|apikey|access[_-]?key|auth[_-]?key|private[_-]?key|credentials?|signing[_-]?key|encryption[_-]?key|session[_-]?(?:id|key)|cookie|\bauth(?!or))/gi;

/** Key names (once lower-cased) that contain a secret word but name something harmless. */
const HARMLESS_KEY_SUFFIX =
  /(?:_|-|\b)(?:type|types|url|uri|at|count|counts|length|limit|limits|policy|expiry|expires|expires_in|expires_at|ttl|hint|label|format|size|header|name|names|field|reset|required|strength|prompt|usage|used|budget|max|min|rotation|rotated|created|updated|manager|endpoint|path|file)$/;

/** Values that are placeholders, not secrets. */
const PLACEHOLDER_VALUE =
  /^(?:\*+|x+|•+|\$[A-Z_]+|%[A-Z_]+%|null|nil|none|undefined|true|false|yes|no|required|optional|redacted|hidden|masked|changeme|your[-_ ]\w+|example|string|empty|n\/a|set|unset|present|missing|valid|invalid|expired)$/i;

/** Template markers around a placeholder: `<token>`, `[secret]`, `{{ key }}`, `${KEY}`. */
const PLACEHOLDER_BRACKETS: readonly (readonly [string, string])[] = [
  ['<', '>'],
  ['[', ']'],
  ['{{', '}}'],
  ['${', '}'],
];

function isPlaceholder(value: string): boolean {
  if (PLACEHOLDER_VALUE.test(value)) return true;
  return PLACEHOLDER_BRACKETS.some(([open, close]) => value.startsWith(open) && value.endsWith(close));
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** Credentials: provider tokens, private keys, JWTs, auth headers and `password=`-style assignments. */
export const credentialRule: LeakRule = {
  name: 'credential',
  description:
    'API keys and tokens with a known prefix (AWS, GitHub, OpenAI, Anthropic, Stripe, Slack, Google, ...), JWTs, PEM private keys, Authorization headers, and secret-named assignments whose value looks like a secret.',
  patterns: [
    TOKEN_PREFIX,
    PEM_BEGIN,
    PEM_PRIVATE_HEADER,
    SECRET_KEY_NAME,
    HARMLESS_KEY_SUFFIX,
    PLACEHOLDER_VALUE,
    ISO_DATE,
  ],
  find(text) {
    const spans: LeakSpan[] = [];
    findPrefixedTokens(text, spans);
    eachMatch(PEM_BEGIN, text, (match) => {
      if (!PEM_PRIVATE_HEADER.test(text.slice(match.index, match.index + 80))) return;
      const endMarker = text.indexOf('-----END ', match.index);
      const end =
        endMarker === -1 || endMarker - match.index > 16_384
          ? Math.min(text.length, match.index + 16_384)
          : pemBlockEnd(text, endMarker);
      spans.push(span(match.index, end));
    });
    findSecretAssignments(text, spans);
    return spans;
  },
};

function span(start: number, end: number): LeakSpan {
  return { rule: 'credential', start, end };
}

/** Reads each prefixed token's body by hand and resumes the search after it, so runs are read once. */
function findPrefixedTokens(text: string, spans: LeakSpan[]): void {
  TOKEN_PREFIX.lastIndex = 0;
  for (let match = TOKEN_PREFIX.exec(text); match !== null; match = TOKEN_PREFIX.exec(text)) {
    const prefix = match[0];
    const shape = TOKEN_SHAPES.find((candidate) => candidate.prefix === prefix);
    const bodyStart = match.index + prefix.length;
    if (shape === undefined) continue;
    const bodyEnd = scanRight(text, bodyStart, shape.accepts, shape.maximumLength + 1);
    const length = bodyEnd - bodyStart;
    const body = text.slice(bodyStart, bodyEnd);
    if (length >= shape.minimumLength && length <= shape.maximumLength && (shape.verify?.(body) ?? true)) {
      spans.push(span(match.index, bodyEnd));
    }
    // a later prefix inside this body would read the same run again
    TOKEN_PREFIX.lastIndex = Math.max(bodyEnd, match.index + 1);
  }
}

/** `header.payload[.signature]` where the payload is base64url JSON too. */
function isJwtBody(body: string): boolean {
  const [header = '', payload = ''] = body.split('.', 3);
  return header.length >= 8 && payload.startsWith('eyJ') && payload.length >= 8;
}

function pemBlockEnd(text: string, endMarker: number): number {
  const close = text.indexOf('-----', endMarker + 9);
  return close === -1 || close - endMarker > 80 ? text.length : close + 5;
}

/** A token with letters and digits that is not a dictionary-like slug. */
function looksRandom(token: string): boolean {
  let digits = 0;
  let upper = 0;
  let lower = 0;
  for (let index = 0; index < token.length; index += 1) {
    const code = token.charCodeAt(index);
    if (code >= 48 && code <= 57) digits += 1;
    else if (code >= 65 && code <= 90) upper += 1;
    else if (code >= 97 && code <= 122) lower += 1;
  }
  const classes = (digits > 0 ? 1 : 0) + (upper > 0 ? 1 : 0) + (lower > 0 ? 1 : 0);
  return classes >= 2 && digits > 0 && shannonEntropyBitsPerCharacter(token) >= 3;
}

function isKeyCode(code: number): boolean {
  return isWordCode(code) || code === 45 || code === 46;
}

function isQuoteCode(code: number): boolean {
  return code === 34 || code === 39 || code === 96;
}

/** Reads `key = value`, `key: "value"`, `"key": "value"` and `key=>value` after a secret word. */
function findSecretAssignments(text: string, spans: LeakSpan[]): void {
  SECRET_KEY_NAME.lastIndex = 0;
  for (let match = SECRET_KEY_NAME.exec(text); match !== null; match = SECRET_KEY_NAME.exec(text)) {
    const keyStart = match.index;
    const keyEnd = scanRight(text, keyStart + match[0].length, isKeyCode, 64);
    const keyName = text.slice(keyStart, keyEnd).toLowerCase();
    if (HARMLESS_KEY_SUFFIX.test(keyName)) continue;
    let cursor = keyEnd;
    if (isQuoteCode(text.charCodeAt(cursor)) || text.charCodeAt(cursor) === 93) cursor += 1;
    cursor = scanRight(text, cursor, (code) => code === 32 || code === 9, 4);
    const separator = text.charCodeAt(cursor);
    if (separator !== 61 && separator !== 58) continue;
    cursor += 1;
    if (separator === 61 && text.charCodeAt(cursor) === 62) cursor += 1; // `=>`
    if (separator === 58 && text.charCodeAt(cursor) === 61) cursor += 1; // `:=`
    cursor = scanRight(text, cursor, (code) => code === 32 || code === 9, 4);
    const quote = text.charCodeAt(cursor);
    const quoted = isQuoteCode(quote) || (quote === 92 && text.charCodeAt(cursor + 1) === 34);
    let valueStart = cursor;
    let valueEnd: number;
    if (quoted) {
      valueStart = cursor + (quote === 92 ? 2 : 1);
      const closer = quote === 92 ? 92 : quote;
      valueEnd = scanRight(text, valueStart, (code) => code !== closer && code !== 10, 1024);
    } else {
      valueEnd = scanRight(
        text,
        valueStart,
        (code) =>
          !isSpaceCode(code) && code !== 44 && code !== 59 && code !== 38 && code !== 125 && code !== 41,
        1024,
      );
    }
    const value = text.slice(valueStart, valueEnd);
    // a nested object or list is not itself the secret; its own keys are checked on their own
    if (!quoted && (text.charCodeAt(valueStart) === 123 || text.charCodeAt(valueStart) === 91)) continue;
    // a secret word inside this value belongs to it: resume after the value, so each run is read once
    SECRET_KEY_NAME.lastIndex = Math.max(valueEnd, keyEnd);
    if (isSecretValue(keyName, value, separator === 61 || quoted, text, valueEnd)) {
      spans.push(span(valueStart, valueEnd));
    }
  }
}

function isSecretValue(keyName: string, value: string, strongSeparator: boolean, text: string, end: number) {
  const trimmed = value.replace(/[.:]$/, '');
  if (trimmed.length < 4 || isPlaceholder(trimmed) || ISO_DATE.test(trimmed)) return false;
  if (/^\d{1,12}$/.test(trimmed)) return false;
  const isPassword = /passw|passphrase|pwd/.test(keyName);
  const hasDigit = /\d/.test(trimmed);
  const isPlainWord = /^[a-z]{1,24}$/.test(trimmed);
  // `password: must be at least 8 characters` is prose: a plain word followed by more words
  const followedByProse = /^ [a-z]{2,}/.test(text.slice(end, end + 5));
  if (isPassword) {
    if (strongSeparator) return !(isPlainWord && followedByProse);
    return !isPlainWord && trimmed.length >= 6;
  }
  if (trimmed.length < 8 || isPlainWord) return false;
  if (followedByProse && !hasDigit) return false;
  return shannonEntropyBitsPerCharacter(trimmed) >= (hasDigit ? 2.8 : 3.5);
}
