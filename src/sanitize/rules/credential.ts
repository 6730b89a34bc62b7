import type { LeakRule, LeakSpan } from '../leak-rule.js';
import { shannonEntropyBitsPerCharacter } from '../shannon-entropy.js';
import { isSpaceCode, isWordCode, scanRight } from '../text-scan.js';

/**
 * Provider tokens recognised by a fixed prefix. Each starts with a literal, so a search is linear;
 * the `verify` step weeds out prefixes followed by ordinary words (`sk-this-is-a-slug`).
 */
const PREFIXED_TOKENS: readonly { pattern: RegExp; verify: (token: string) => boolean }[] = [
  // AWS access key ids (long-term AKIA, temporary ASIA, and the other principal prefixes)
  { pattern: /\b(?:AKIA|ASIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|ABIA|ACCA)[A-Z0-9]{16}\b/g, verify: () => true },
  { pattern: /\bgh[pousr]_[A-Za-z0-9]{30,255}/g, verify: () => true },
  { pattern: /\bgithub_pat_[A-Za-z0-9_]{22,255}/g, verify: () => true },
  { pattern: /\bglpat-[A-Za-z0-9_-]{20,64}/g, verify: () => true },
  // OpenAI (sk-, sk-proj-, sk-svcacct-) and Anthropic (sk-ant-api03-) keys
  { pattern: /\bsk-[A-Za-z0-9_-]{20,255}/g, verify: looksRandom },
  { pattern: /\b[rs]k_(?:live|test)_[A-Za-z0-9]{10,255}/g, verify: () => true },
  { pattern: /\bwhsec_[A-Za-z0-9+/=]{20,255}/g, verify: () => true },
  { pattern: /\bxox[abposre]-[A-Za-z0-9-]{10,255}/g, verify: () => true },
  { pattern: /\bxapp-\d-[A-Za-z0-9-]{10,255}/g, verify: () => true },
  { pattern: /\bhooks\.slack\.com\/services\/[A-Za-z0-9/]{20,128}/g, verify: () => true },
  { pattern: /\bAIza[0-9A-Za-z_-]{35}/g, verify: () => true },
  { pattern: /\bya29\.[0-9A-Za-z_-]{20,2048}/g, verify: () => true },
  { pattern: /\bGOCSPX-[0-9A-Za-z_-]{20,64}/g, verify: () => true },
  { pattern: /\bnpm_[A-Za-z0-9]{36}\b/g, verify: () => true },
  { pattern: /\bhf_[A-Za-z0-9]{30,64}\b/g, verify: looksRandom },
  { pattern: /\bSG\.[A-Za-z0-9_-]{16,32}\.[A-Za-z0-9_-]{20,64}/g, verify: () => true },
  { pattern: /\bshp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}\b/g, verify: () => true },
  { pattern: /\bdop_v1_[a-f0-9]{64}\b/g, verify: () => true },
  { pattern: /\bhv[sbr]\.[A-Za-z0-9_-]{24,255}/g, verify: () => true },
  { pattern: /\bdapi[a-f0-9]{32}\b/g, verify: () => true },
  { pattern: /\bAccountKey=[A-Za-z0-9+/]{40,128}={0,2}/g, verify: () => true },
  { pattern: /\bSharedAccessSignature=[^\s;"']{16,512}/g, verify: () => true },
  // JSON Web Tokens: a base64url header and payload, both of which open with `{"`
  {
    pattern: /\beyJ[A-Za-z0-9_-]{8,4096}\.eyJ[A-Za-z0-9_-]{8,8192}\.?[A-Za-z0-9_-]{0,1024}/g,
    verify: () => true,
  },
];

/** `Authorization: Bearer ...`, `Basic ...` and `Token ...` credentials. */
const AUTHORIZATION_SCHEME = /\b(?:Bearer|Basic|Token|Digest)[ \t]{1,4}[A-Za-z0-9._~+/=-]{16,4096}/g;

/** The opening line of a PEM block; the code checks that it is a private key. */
const PEM_BEGIN = /-----BEGIN [A-Z0-9 ]{1,40}-----/g;

/** A key name that announces a secret; the code then reads the separator and the value. */
const SECRET_KEY_NAME =
  /(?:passw(?:or)?d|passphrase|\bpwd|secret|token|api[_-]?key|apikey|access[_-]?key|auth[_-]?key|private[_-]?key|credentials?|signing[_-]?key|encryption[_-]?key|session[_-]?(?:id|key)|cookie|\bauth)/gi;

/** Key names (once lower-cased) that contain a secret word but name something harmless. */
const HARMLESS_KEY_SUFFIX =
  /(?:_|-|\b)(?:type|types|url|uri|at|count|counts|length|limit|limits|policy|expiry|expires|expires_in|expires_at|ttl|hint|label|format|size|header|name|names|field|reset|required|strength|prompt|usage|used|budget|max|min|rotation|rotated|created|updated|manager|endpoint|path|file)$/;

/** Values that are placeholders, not secrets. */
const PLACEHOLDER_VALUE =
  /^(?:\*+|x+|•+|<[^>]{0,40}>|\[[^\]]{0,40}\]|\{\{[^}]{0,40}\}\}|\$\{[^}]{0,40}\}|\$[A-Z_]{1,40}|%[A-Z_]{1,40}%|null|nil|none|undefined|true|false|yes|no|required|optional|redacted|hidden|masked|changeme|your[-_ ].{0,40}|example|string|empty|n\/a|set|unset|present|missing|valid|invalid|expired)$/i;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** Credentials: provider tokens, private keys, JWTs, auth headers and `password=`-style assignments. */
export const credentialRule: LeakRule = {
  name: 'credential',
  description:
    'API keys and tokens with a known prefix (AWS, GitHub, OpenAI, Anthropic, Stripe, Slack, Google, ...), JWTs, PEM private keys, Authorization headers, and secret-named assignments whose value looks like a secret.',
  patterns: [
    ...PREFIXED_TOKENS.map((token) => token.pattern),
    AUTHORIZATION_SCHEME,
    PEM_BEGIN,
    SECRET_KEY_NAME,
    HARMLESS_KEY_SUFFIX,
    PLACEHOLDER_VALUE,
    ISO_DATE,
  ],
  find(text) {
    const spans: LeakSpan[] = [];
    for (const { pattern, verify } of PREFIXED_TOKENS) {
      for (const match of text.matchAll(pattern)) {
        if (verify(match[0])) spans.push(span(match.index, match.index + match[0].length));
      }
    }
    for (const match of text.matchAll(AUTHORIZATION_SCHEME)) {
      const token = match[0].slice(match[0].search(/[ \t]/)).trim();
      if (looksRandom(token)) spans.push(span(match.index, match.index + match[0].length));
    }
    for (const match of text.matchAll(PEM_BEGIN)) {
      if (!match[0].includes('PRIVATE KEY')) continue;
      const endMarker = text.indexOf('-----END ', match.index);
      const end =
        endMarker === -1 || endMarker - match.index > 16_384
          ? Math.min(text.length, match.index + 16_384)
          : pemBlockEnd(text, endMarker);
      spans.push(span(match.index, end));
    }
    findSecretAssignments(text, spans);
    return spans;
  },
};

function span(start: number, end: number): LeakSpan {
  return { rule: 'credential', start, end };
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
  for (const match of text.matchAll(SECRET_KEY_NAME)) {
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
    if (isSecretValue(keyName, value, separator === 61 || quoted, text, valueEnd)) {
      spans.push(span(valueStart, valueEnd));
    }
  }
}

function isSecretValue(keyName: string, value: string, strongSeparator: boolean, text: string, end: number) {
  const trimmed = value.replace(/[.:]$/, '');
  if (trimmed.length < 4 || PLACEHOLDER_VALUE.test(trimmed) || ISO_DATE.test(trimmed)) return false;
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
