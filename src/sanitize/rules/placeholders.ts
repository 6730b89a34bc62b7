import { CODE } from '../char-codes.js';
import { FILLER_VERDICT_KIND, PLACEHOLDER_VERDICT_KIND, rememberedVerdict } from '../scan-memory.js';
import { eachMatch } from '../text-scan.js';

/**
 * Placeholders are not secrets. Help text, documentation and support answers show where a
 * credential goes (`ghp_xxxx…`, `AKIAXXXXXXXXXXXXXXXX`, `<your-token>`, `${API_KEY}`, `****`), and
 * redacting them would hide the very thing the user asked about.
 */

/** Characters that fill a placeholder body: `x`, `X`, `0`, `*`, `.`, `•`, `#`, `-`, `_`. */
function isFillerCode(code: number): boolean {
  return (
    code === 120 ||
    code === 88 ||
    code === CODE.DIGIT_0 ||
    code === CODE.ASTERISK ||
    code === CODE.DOT ||
    code === 0x2022 ||
    code === CODE.HASH ||
    code === CODE.HYPHEN ||
    code === CODE.UNDERSCORE
  );
}

const PLACEHOLDER_WORDS =
  /example|sample|dummy|placeholder|your[_-]|redacted|change[_-]?me|replace[_-]?me|insert[_-]|fake/gi;

/**
 * Values published on purpose, so never secret: gitleaks' global stopwords and the Google API
 * keys its gcp-api-key rule allows (public Firebase and sample keys), from config/gitleaks.toml
 * (MIT, Copyright (c) 2019 Zachary Rice; see NOTICE.md).
 */
const KNOWN_PUBLIC_VALUES = new Set([
  '014df517-39d1-4453-b7b3-9930c563627c',
  '6fe4476ee5a1832882e326b506d14126',
  'AIzaSyAnLA7NfeLquW1tJFpx_eQCxoX-oo6YyIs',
  'AIzaSyCkEhVjf3pduRDt6d1yKOMitrUEke8agEM',
  'AIzaSyDMAScliyLx7F0NPDEJi1QmyCgHIAODrlU',
  'AIzaSyD3asb-2pEZVqMkmL6M9N6nHZRR_znhrh0',
  'AIzayDNSXIbFmlXbIE6mCzDLQAqITYefhixbX4A',
  'AIzaSyAdOS2zB6NCsk1pCdZ4-P6GBdi_UUPwX7c',
  'AIzaSyASWm6HmTMdYWpgMnjRBjxcQ9CKctWmLd4',
  'AIzaSyANUvH9H9BsUccjsu2pCmEkOPjjaXeDQgY',
  'AIzaSyA5_iVawFQ8ABuTZNUdcwERLJv_a_p4wtM',
  'AIzaSyA4UrcGxgwQFTfaI3no3t7Lt1sjmdnP5sQ',
  'AIzaSyDSb51JiIcB6OJpwwMicseKRhhrOq1cS7g',
  'AIzaSyBF2RrAIm4a0mO64EShQfqfd2AFnzAvvuU',
  'AIzaSyBcE-OOIbhjyR83gm4r2MFCu4MJmprNXsw',
  'AIzaSyB8qGxt4ec15vitgn44duC5ucxaOi4FmqE',
  'AIzaSyA8vmApnrHNFE0bApF4hoZ11srVL_n0nvY',
  // the test-mode secret key Stripe's API reference shows in every example
  'sk_test_4eC39HqLyjWDarjtT1zdp7dc',
  // the sample token jwt.io's debugger opens with, quoted in countless tutorials
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c',
  // the Azure Storage emulator (Azurite), as `local.settings.json` names it: no account, no key
  'UseDevelopmentStorage=true',
]);

/** Whether a whole token is a value published on purpose (a public sample key or stopword). */
export function isKnownPublicValue(token: string): boolean {
  return KNOWN_PUBLIC_VALUES.has(token);
}

/**
 * Whether a token body after a known prefix is a placeholder: mostly filler characters
 * (`xxxx`, `XXXX`, `0000`, `****`), or words that only documentation uses (`EXAMPLE`, `your_`).
 */
export function isPlaceholderBody(body: string, repeatedAllowed = false): boolean {
  if (body.length === 0) return true;
  // one pass for every count below: a long value is read once, not once for each of them
  let filler = 0;
  let longestRun = 0;
  let run = 0;
  let longestSame = 0; // the longest run of one filler character
  let same = 0;
  let inRepeats = 0; // characters in runs of three or more of one character (`aaaa1111…`)
  let repeat = 1;
  let ascending = 1; // the current run of ascending characters (`abcdefghij…`, `0123456789`)
  let longSequence = false;
  let previous = Number.NaN;
  for (let index = 0; index < body.length; index += 1) {
    const code = body.charCodeAt(index);
    if (isFillerCode(code)) {
      filler += 1;
      run += 1;
      same = code === previous ? same + 1 : 1;
      if (run > longestRun) longestRun = run;
      if (same > longestSame) longestSame = same;
    } else run = same = 0;
    if (index > 0) {
      if (code === previous) repeat += 1;
      else {
        if (repeat >= 3) inRepeats += repeat;
        repeat = 1;
      }
      if (code === previous + 1) {
        ascending += 1;
        // ten or more ascending characters never occur by chance
        if (ascending >= 10) longSequence = true;
      } else ascending = 1;
    }
    previous = code;
  }
  if (repeat >= 3) inRepeats += repeat;
  // half filler makes a placeholder when some of it is one character repeated (`xx-xxx`,
  // `**.***`): a random token can hold as many `x`, `#` and `-` scattered (`Xq9-oXJd#X`, `g-XxiR`)
  if ((filler * 2 >= body.length && longestSame >= 3) || filler * 4 >= body.length * 3) return true;
  if (longestRun >= 8 && !repeatedAllowed) return true;
  // most characters sit in runs of one repeated character
  if (!repeatedAllowed && inRepeats * 5 >= body.length * 3) return true;
  if (longSequence) return true;
  // a word, a symbol and a year or a number is how people make passwords (`Changeme!2024`,
  // `Example@123`), even from a placeholder's word
  return !HUMAN_PASSWORD.test(body) && hasPlaceholderWord(body);
}

/** A capitalised word, a symbol, then two digits or more: `Changeme!2024`, `Welcome@123`. */
const HUMAN_PASSWORD = /^[A-Z][a-z]{3,15}[!@#$%^&*?.+_-]\d{2,8}$/;

/**
 * Whether a placeholder word stands in `body` as someone wrote it: in one case or capitalised
 * (`EXAMPLE`, `example`, `myFakeKey`), not in the mixed case of random letters (`GRFAkE`).
 */
function hasPlaceholderWord(body: string): boolean {
  let written = false;
  eachMatch(PLACEHOLDER_WORDS, body, (match) => {
    const word = match[0];
    const rest = word.slice(1);
    if (rest === rest.toLowerCase() || word === word.toUpperCase()) written = true;
    return written ? body.length : undefined;
  });
  return written;
}

/** Whole values that stand for "no secret here". */
const PLACEHOLDER_VALUE =
  /^(?:null|nil|none|undefined|true|false|yes|no|on|off|required|optional|redacted|hidden|masked|changeme|example|string|empty|n\/a|set|unset|present|missing|valid|invalid|expired|enabled|disabled|secret|password|token|test|dummy|sample|placeholder|default|auto|env|bearer|basic)$/i;

/**
 * Key material published on purpose: an OpenSSH public key (`ssh-ed25519 AAAA…`), a PEM public
 * key or certificate, a key's SHA-256 fingerprint (`SHA256:+DiY3w…`). A value under a key named
 * `key` (GitHub's `/user/keys`) or after `key fingerprint is` is one of these, not a secret.
 */
const PUBLIC_KEY_MATERIAL =
  /^(?:(?:ssh-(?:rsa|dss|ed25519)|ecdsa-sha2-nistp(?:256|384|521)|sk-(?:ssh-ed25519|ecdsa-sha2-nistp256)@openssh\.com) AAAA[A-Za-z0-9+/]{16}|-----BEGIN (?:PUBLIC KEY|RSA PUBLIC KEY|CERTIFICATE)-----|SHA256:[A-Za-z0-9+/]{43}(?:=|\.?$))/;

/**
 * Values that say where a secret is, or that it was taken out, or that name a principal: a YAML
 * tag that looks it up (`!secret wifi_password`, `!env_var DB_PASS`, `!vault …`), Windows setup's
 * `*SENSITIVE*DATA*DELETED*`, a Windows security identifier (`S-1-5-21-…`, an account's id), a
 * Twilio resource id (`AccountSid`, `CallSid`: two letters and 32 hex digits; the `SK` of an API
 * key is left out, as gitleaks reads it as a secret), and a GraphQL type where a schema or an
 * operation declares an argument (`$password: String!`), and a command in backquotes that prints the
 * secret (mutt's `` `pass show mail/work` ``).
 */
const NOT_A_SECRET =
  /^(?:!(?:secret|env_var|env|vault|include|sops|ssm|aws_secret)[ \t]+[\w./:-]{1,128}|\*SENSITIVE\*DATA\*DELETED\*|S-1-\d{1,2}(?:-\d{1,10}){1,14}|(?:AC|CA|SM|MM|MG|PN|RE|CF|QU|WS|IS|FW|UT|ZS|XE)[0-9a-f]{32}|\[?(?:String|ID|Int|Float|Boolean)!?\]?!?|`[a-z][\w.-]{0,30}[ \t][^`\n]{1,200}`)$/;

/** A note of words alone in parentheses, where a table or listing has no value: `(SSO)`, `(see vault)`. */
const PARENTHESISED_NOTE = /^\([A-Za-z][A-Za-z .'-]{0,40}\)$/;

/** The first word of a note in parentheses that stands for a value: `(not set)`, `(sensitive value)`. */
const PARENTHESISED_WORD =
  /^(?:not|sensitive|omitted|filtered|encrypted|obscured|elided|removed|protected)$/i;

/** `myPassword`, `myServerAddress`, `MySecretKey`: what goes there, as connection-string docs name it. */
const MY_PLACEHOLDER = /^[Mm]y[A-Z][a-z]{2,20}(?:[A-Z][a-z]{1,20}){0,3}$/;

/** Template markers around a placeholder: `<token>`, `[secret]`, `{{ key }}`, `${KEY}`, `%KEY%`, `$KEY`. */
const TEMPLATE_VALUE =
  /^(?:<[^<>]{1,80}>|\[[^[\]]{1,80}\]|\{\{[^{}]{1,120}\}\}|\$\{[^{}]{1,80}\}|\$\([^()]{1,80}\)|%[A-Za-z_][\w.]{0,60}%|\$[A-Za-z_]\w{0,60}|@[A-Za-z_]\w{0,60}@|\{[A-Za-z_]\w{0,60}\})$/;

/**
 * `sk_test_...`, `ghp_…`, `xoxb-...`, `...`, `abc***xyz`, `••••1234`: a value shortened or masked
 * on purpose, as documentation and dashboards show one. Three dots (or `…`), three asterisks or
 * three bullets in a row never occur in a generated credential.
 */
export function isEllipsisOrMask(value: string): boolean {
  return (
    value.includes('...') ||
    value.includes('\u2026') ||
    value.includes('***') ||
    value.includes('\u2022\u2022\u2022')
  );
}

/** Whether a value assigned to a secret-named key is a placeholder rather than a credential. */
export function isPlaceholderValue(value: string): boolean {
  return rememberedVerdict(PLACEHOLDER_VERDICT_KIND, value, decidePlaceholderValue);
}

function decidePlaceholderValue(value: string): boolean {
  if (PLACEHOLDER_VALUE.test(value) || TEMPLATE_VALUE.test(value) || KNOWN_PUBLIC_VALUES.has(value))
    return true;
  const first = value.charCodeAt(0);
  if (value.startsWith('ENC[') || value.startsWith('$ANSIBLE_VAULT;')) return true; // encrypted by SOPS or Ansible Vault
  if (REGISTRY_TYPE.test(value)) return true; // the type `reg query` lists before a value, not the value
  // `(hidden)`, `(sensitive value)`, `(not set)`, or the `(not` a reader stopped at a blank
  if (first === CODE.OPEN_PAREN) {
    const word = value.slice(1, value.endsWith(')') ? -1 : undefined);
    if (PLACEHOLDER_VALUE.test(word) || PARENTHESISED_WORD.test(word) || PARENTHESISED_NOTE.test(value))
      return true;
  }
  if (MY_PLACEHOLDER.test(value) || PUBLIC_KEY_MATERIAL.test(value) || NOT_A_SECRET.test(value)) return true;
  if (WITHHELD_MARKER.test(value)) return true;
  if (isEllipsisOrMask(value)) return true;
  const second = value.charCodeAt(1);
  // an unfinished template or reference: `{base64(…`, `$(cat …`, `${KEY:-x`, `<user`
  if (first === CODE.OPEN_BRACE || first === CODE.LESS_THAN) return true;
  if (first === CODE.DOLLAR && (second === CODE.OPEN_BRACE || second === CODE.OPEN_PAREN)) return true;
  return isPlaceholderBody(value);
}

const REGISTRY_TYPE = /^REG_(?:SZ|EXPAND_SZ|MULTI_SZ|DWORD|QWORD|BINARY|NONE)$/;

/** Words a template writes where the value goes: `your-token-here`, `changeme`, `TODO`. */
const FILLER_WORDS =
  /^(?:your[_-][\w.-]{0,60}|change[_-]?me|replace[_-]?me|insert[_-][\w.-]{0,60}|todo|tbd|fixme)$/i;

/**
 * Whether a value is what a template writes for one to be filled in, as a `.env.example` does:
 * `<your-token>`, `${VAR}`, `****`, `sk_live_xxxx`, `your-token-here`, `changeme`. Narrower than
 * {@link isPlaceholderValue}, which also passes values that are no secret (an address, a word).
 */
export function isTemplateFiller(value: string): boolean {
  return rememberedVerdict(FILLER_VERDICT_KIND, value, decideTemplateFiller);
}

function decideTemplateFiller(value: string): boolean {
  return (
    TEMPLATE_VALUE.test(value) ||
    FILLER_WORDS.test(value) ||
    FILLER_RUN.test(value) ||
    isEllipsisOrMask(value)
  );
}

/** A constant's name written where a value was withheld: `HIDDEN_DUE_TO_SECURITY_REASONS`. */
const WITHHELD_MARKER = /^[A-Z]{2,20}(?:_[A-Z]{2,20}){2,8}$/;

/** A run of filler where a token's body goes: `sk_live_xxxxxxxx`, `AKIAXXXXXXXXXXXXXXXX`. */
const FILLER_RUN = /(?:x{6}|X{6})/;

/** The regular expressions above, for the ReDoS check. */
export const PLACEHOLDER_PATTERNS: readonly RegExp[] = [
  REGISTRY_TYPE,
  FILLER_WORDS,
  FILLER_RUN,
  WITHHELD_MARKER,
  PLACEHOLDER_WORDS,
  PLACEHOLDER_VALUE,
  PARENTHESISED_WORD,
  PARENTHESISED_NOTE,
  TEMPLATE_VALUE,
  MY_PLACEHOLDER,
  PUBLIC_KEY_MATERIAL,
  NOT_A_SECRET,
  HUMAN_PASSWORD,
];
