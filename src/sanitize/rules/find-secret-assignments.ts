import { detachedCopy } from '../../util/detached-copy.js';
import { CODE, hexAt, isDigit, isLower, isQuote, isUpper } from '../char-codes.js';
import type { Found } from '../leak-rule.js';
import { CREDENTIAL_VERDICT_KIND, recalledVerdict, recordVerdict } from '../scan-memory.js';
import { shannonEntropyBitsPerCharacter } from '../shannon-entropy.js';
import {
  hasEastAsianLetter,
  isBlank,
  isSpaceCode,
  isWidePunctuation,
  isWordCode,
  lineEnd,
  lineStart,
  scanRight,
} from '../text-scan.js';
import { isPlaceholderValue } from './placeholders.js';
import { isPlainSecretValue, isSecretReference } from './plain-secret-values.js';
import { isOtherLetter, type KeyStrength, keyStrength } from './secret-key-names.js';

/** Longest key name and value read around one operator, in characters. */
const KEY_LENGTH = 128;
const VALUE_LENGTH = 1024;
const BLANKS = 32;

/** Type names that sit between a variable and its `=`: `var token string = "…"`. */
const TYPE_WORDS = new Set([
  'string',
  'String',
  'str',
  'var',
  'val',
  'let',
  'const',
  'final',
  'char',
  'bytes',
  'text',
  'Text',
  'SecureString',
]);

/** A Rust reference before a type: `&`, `&'static `, `&mut `. */
const RUST_REFERENCE = /&(?:'[A-Za-z_]\w{0,20}[ \t]{1,4})?(?:mut[ \t]{1,4})?$/;

/** Authorization schemes: the credential is the word after the scheme. */
const AUTHORIZATION_SCHEMES = new Set([
  'basic',
  'bearer',
  'token',
  'digest',
  'negotiate',
  'apikey',
  'api-key',
  'key',
  'ssws',
  'hmac',
  'aws4-hmac-sha256',
]);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const SHORT_NUMBER = /^[+-]?\d{1,12}(?:\.\d{1,6})?$/;
const PLAIN_WORD = /^[A-Za-z][a-z]*$/;
/** Prose after an unquoted value (`token=abc is set`), but not the next pair of a log line (`user=bob`). */
const PROSE_AFTER = /^[ \t]+[a-z]{2,}(?![\w.-]{0,30}[=:])/;
/** `clearTextPassword`, `ArrowUp`: an identifier made of words, not a random token. */
const CAMEL_CASE_WORDS = /^[A-Za-z][a-z]+(?:[A-Z][a-z]+){1,8}$/;
/** A YAML block scalar's header, with an optional tag, up to its line break: `>-`, `!!binary |`. */
const BLOCK_SCALAR = /(?:!!?[A-Za-z]{1,20}[ \t]{1,4})?[|>][-+1-9]{0,2}[ \t]{0,8}\r?\n/y;

/**
 * How many characters the escape at `index` takes inside a quoted value, or 0 when it closes the
 * value. In a double-quoted value `\"` and `\\` are part of it (`"Vq\"7mR\\z"`); in one opened
 * by an escaped quote (JSON inside a JSON string) `\"` closes it and `\\\"` is a quote inside.
 * Elsewhere a backslash before a quote closes the value, as before.
 */
function escapeLength(text: string, index: number, escapedQuote: boolean, quote: number): number {
  const next = text.charCodeAt(index + 1);
  if (escapedQuote) {
    if (next === quote) return 0;
    if (next === CODE.BACKSLASH) {
      return text.charCodeAt(index + 2) === CODE.BACKSLASH && text.charCodeAt(index + 3) === quote ? 4 : 2;
    }
    return 1;
  }
  if (quote === CODE.DOUBLE_QUOTE) return next === CODE.NEWLINE ? 0 : 2;
  return isQuote(next) ? 0 : 1;
}

/** The first line of an indented block that starts at `from`, without its indentation. */
function readIndentedLine(text: string, from: number): ValueFound | undefined {
  let start = from;
  const indentLimit = Math.min(text.length, from + 64);
  while (start < indentLimit && isBlank(text.charCodeAt(start))) start += 1;
  if (start === from) return undefined;
  const end = lineEnd(text, start, VALUE_LENGTH);
  return end > start ? { start, end, quoted: false } : undefined;
}

/** `!ENV`, `!secret`, `!vault`: a YAML tag; what follows it names where the value comes from. */
const YAML_TAG = /^![A-Za-z][\w.-]{0,30}$/;
/** `var.db_password`, `io.jsonwebtoken`, `sm02915.int.contoso.com`: a reference or a name, not a value. */
const DOTTED_NAME = /^[A-Za-z_][\w-]{0,20}(?:\.[\w-]{1,20}){1,8}$/;
/** A Kubernetes bootstrap token, `abcdef.0123456789abcdef`: dotted, but a secret. */
const BOOTSTRAP_TOKEN = /^[a-z0-9]{6}\.(?=[a-z]{0,15}\d)[a-z0-9]{16}$/i;

/**
 * Whether a dotted value names a property (`config.db.password`, `settings.DB_PASSWORD`) rather
 * than holds a secret. A part that mixes upper case, lower case and digits (`ember84.IHuzi29`),
 * or digits in every part (`ember42.KXJ0T7`), is not a path anyone writes; a bootstrap token is
 * dotted too.
 */
function isPropertyPath(value: string): boolean {
  if (!DOTTED_NAME.test(value) || BOOTSTRAP_TOKEN.test(value)) return false;
  let upper = false;
  let lower = false;
  let digit = false;
  let everyPartHasDigit = true;
  for (let index = 0; index <= value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (index === value.length || code === CODE.DOT) {
      if (upper && lower && digit) return false;
      everyPartHasDigit &&= digit;
      upper = lower = digit = false;
    } else if (isUpper(code)) upper = true;
    else if (isLower(code)) lower = true;
    else if (isDigit(code)) digit = true;
  }
  return !everyPartHasDigit;
}

/**
 * Whether a dotted value given as a password reads as a reference to one (`config.db.password`,
 * `settings.DB_PASS`, `vault.pg`) rather than as a passphrase of dotted words (`rusty-tiger.monkey5`,
 * `correctbattery.battery57`), which password generators and people write: three parts or more, a
 * capital, a secret's name, or a first part that names where settings live.
 */
function isPasswordReference(value: string): boolean {
  // no property is named by digits alone: `Coral.78`, `Summer.2024` are what people choose; nor
  // by a word and digits (`Heron.velvet7701`, `tundra.cinder.walnut22`), as passphrase
  // generators end one
  if (DIGITS_AFTER_LAST_DOT.test(value) || WORD_AND_DIGITS_LAST.test(value)) return false;
  const first = value.slice(0, value.indexOf('.')).toLowerCase();
  if (SETTINGS_ROOTS.has(first)) return true;
  for (let index = 0; index < value.length; index += 1) if (isUpper(value.charCodeAt(index))) return true;
  return value.split('.').length >= 3 || keyStrength(value) !== 'none';
}

const DIGITS_AFTER_LAST_DOT = /\.\d{1,8}$/;
const WORD_AND_DIGITS_LAST = /\.[a-z]{2,20}\d{1,8}$/;

/** First parts of a dotted reference to a setting: `config.db`, `env.PGPASS`, `secrets.pg`. */
const SETTINGS_ROOTS = new Set([
  'app',
  'args',
  'cfg',
  'conf',
  'config',
  'context',
  'creds',
  'credentials',
  'ctx',
  'data',
  'env',
  'input',
  'inputs',
  'local',
  'locals',
  'module',
  'options',
  'opts',
  'os',
  'params',
  'process',
  'props',
  'secret',
  'secrets',
  'self',
  'settings',
  'spec',
  'this',
  'values',
  'var',
  'vars',
  'vault',
]);

const strengthCache = new Map<string, KeyStrength>();
const STRENGTH_CACHE_LIMIT = 4096;

/** {@link keyStrength}, remembered for the few thousand key names seen last. */
export function cachedKeyStrength(key: string): KeyStrength {
  const cached = strengthCache.get(key);
  if (cached !== undefined) return cached;
  const strength = keyStrength(key);
  if (strengthCache.size >= STRENGTH_CACHE_LIMIT) strengthCache.clear();
  strengthCache.set(detachedCopy(key), strength);
  return strength;
}

function isKeyCode(code: number): boolean {
  return (
    isWordCode(code) ||
    code === CODE.HYPHEN ||
    code === CODE.DOT ||
    code === CODE.DOLLAR ||
    (code >= 0xc0 && isOtherLetter(code))
  );
}

/** Lower-case words joined by `_` or `-`, with a colon after them at most: an identifier or an emoji's code. */
const SNAKE_WORDS = /^[a-z]+(?:[_-][a-z]+)+:?$/;

function hasDigit(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) if (isDigit(value.charCodeAt(index))) return true;
  return false;
}

function hasMixedCase(value: string): boolean {
  let upper = false;
  let lower = false;
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (isUpper(code)) upper = true;
    else if (isLower(code)) lower = true;
  }
  return upper && lower;
}

/**
 * Whether `value`, assigned to a key of the given strength, can be a credential. Passwords are
 * secrets whatever they look like (unless they are placeholders or prose), and so are short or
 * plain values under a name that says it holds a secret (`APP_SECRET=hunter2`, `api_key: abc123`,
 * see {@link isPlainSecretValue}); other keys need a value with the length and randomness of a
 * token. `bareWordIsName` says that the value stands where code would put a variable (`token =
 * response;`), so an all-letter word there is a name, not a secret.
 */
export function isCredentialValue(
  value: string,
  strength: KeyStrength,
  proseFollows = false,
  bareWordIsName = false,
): boolean {
  if (strength === 'none') return false;
  const kind =
    CREDENTIAL_VERDICT_KIND +
    STRENGTH_ORDER.indexOf(strength) * 4 +
    (proseFollows ? 2 : 0) +
    (bareWordIsName ? 1 : 0);
  return (
    recalledVerdict(kind, value) ??
    recordVerdict(kind, value, decideCredentialValue(value, strength, proseFollows, bareWordIsName))
  );
}

/** A value without the `.`, `,` or `;` a sentence puts after it. */
function withoutSentenceEnd(value: string): string {
  let end = value.length;
  while (end > 0 && ',.;'.includes(value.charAt(end - 1))) end -= 1;
  return end === value.length ? value : value.slice(0, end);
}

/** The order of strengths that numbers {@link isCredentialValue}'s verdicts in the scan's memory. */
const STRENGTH_ORDER: readonly KeyStrength[] = [
  'password',
  'explicit',
  'provider-secret',
  'secret',
  'provider',
];

function decideCredentialValue(
  value: string,
  strength: KeyStrength,
  proseFollows: boolean,
  bareWordIsName: boolean,
): boolean {
  const trimmed = value.trim();
  // the cheap tests first: most values under a secret-named key in prose are short words
  const explicit = strength === 'explicit' || strength === 'provider-secret';
  if (trimmed.length < 3 || (strength !== 'password' && !explicit && trimmed.length < 8)) return false;
  // prose in Chinese, Japanese or Korean after the name: `パスワード：8文字以上` ("8 characters or more");
  // told first, since a run of such prose has no blank to end it and reads long
  if (hasEastAsianLetter(trimmed)) return false;
  // a placeholder ends a sentence as often as not: `Default: null.`
  if (isPlaceholderValue(trimmed)) return false;
  const bare = withoutSentenceEnd(trimmed);
  if (bare !== trimmed && isPlaceholderValue(bare)) return false;
  if (ISO_DATE.test(trimmed) || SHORT_NUMBER.test(trimmed)) return false;
  if (isPropertyPath(trimmed) && (strength !== 'password' || isPasswordReference(trimmed))) return false;
  if (isSecretReference(trimmed)) return false;
  if (YAML_TAG.test(trimmed)) return false;
  // code, or a source file as a test runner names it (`PASS src/app.test.ts`)
  if (isCodeLookup(trimmed) || SOURCE_FILE.test(trimmed) || POWERSHELL_CALL.test(trimmed)) return false;
  const plainWord = PLAIN_WORD.test(trimmed);
  if (strength === 'password') return trimmed.length >= 4 && !(plainWord && proseFollows);
  if (explicit && isPlainSecretValue(trimmed, proseFollows, bareWordIsName)) return true;
  // hex has sixteen letters, so a random hex token repeats more than a mixed one of its length
  // (`Token: 3fea6af1349166ea`, 2.9 bits): under an explicit name its alphabet is the sign
  if (explicit && HEX_TOKEN.test(trimmed) && hasDigit(trimmed)) return true;
  if (isCamelCaseWords(trimmed)) return false;
  // a token has no blanks, and is not mostly words: `etcdctl get /x`, `id:AgencyIdentificationCode`
  if (trimmed.length < 8 || plainWord || /\s/.test(trimmed) || isMostlyWords(trimmed)) return false;
  const entropy = shannonEntropyBitsPerCharacter(trimmed);
  // a provider's key is no run of lower-case words: `white_check_mark:` after `…/mailgun :` is an
  // emoji's code (`cafebabe:deadbeef`, Sidekiq's licence, is a key)
  if (strength === 'provider' || strength === 'provider-secret')
    return trimmed.length >= 10 && entropy >= 2 && !SNAKE_WORDS.test(trimmed);
  // short values need more randomness to be told from identifiers such as `cmp2-qat-12083`
  // prose after a short value says it is a name; a long mixed-case one is a token whatever follows
  if (hasDigit(trimmed)) {
    const tokenLike = trimmed.length >= 16 && hasMixedCase(trimmed);
    // under a name that says outright it holds a secret, a token need not be the most random of
    // its length: a sixteen-character one with a few repeats (`Pw7L2DjFwPfj7!Pb`, 3.3 bits) is one
    const least = explicit && tokenLike ? 3 : trimmed.length < 20 ? 3.4 : 2.8;
    return (!proseFollows || tokenLike) && entropy >= least;
  }
  return trimmed.length >= 16 && hasMixedCase(trimmed) && entropy >= 3.5;
}

/**
 * Whether a value is code that looks the secret up: a call or an index on a name
 * (`os.getenv("DB_PASSWORD")`, `getenv(`, `os.environ["API_KEY"]`, `config.get('token')`). A
 * name without a dot counts only when the call closes the value or the value stops at its
 * bracket, so a password such as `Abc(123` is still one.
 */
function isCodeLookup(value: string): boolean {
  const lookup = CODE_LOOKUP.exec(value);
  if (lookup === null) return false;
  const [whole, name] = lookup as unknown as [string, string];
  if (name.includes('.')) return true;
  // the argument is a property or a quoted name (`getApiKey(process.env.STAGE`, `getenv("KEY`),
  // whether or not the value read reaches the closing bracket
  const argument = value.slice(whole.length);
  if (isQuote(argument.charCodeAt(0)) || DOTTED_NAME.test(argument.replace(TRAILING_CALL_END, '')))
    return true;
  const last = value.charCodeAt(value.length - 1);
  return whole.length === value.length || last === CODE.CLOSE_PAREN || last === CODE.CLOSE_BRACKET;
}

/** A relative path to a source file: `src/components/Button.test.tsx`, `tests/test_api.py`. */
const SOURCE_FILE =
  /^(?:\.{0,2}\/)?(?:[\w.@-]{1,64}\/){0,12}[\w.-]{1,64}\.(?:[cm]?[jt]sx?|py|rb|go|rs|java|kt|swift|php|cs|ex|exs|dart|scala|vue|svelte)$/;

/** What closes a call and its statement: `)`, `);`, `]`. */
const TRAILING_CALL_END = /[)\]]?;?$/;

/** A PowerShell cmdlet that reads or builds the secret: `$pw = Read-Host -AsSecureString`. */
const POWERSHELL_CALL = /^(?:Read|Get|ConvertTo|ConvertFrom|New|Import|Invoke)-[A-Z][A-Za-z]{2,40}$/;

/** Sixteen to 128 hex digits, a letter among them: a token's body under an explicit name. */
const HEX_TOKEN = /^(?=[0-9]{0,127}[a-f])[0-9a-f]{16,128}$/i;

/** The opening of the element after a property list's `<key>`, and how far blanks may part them. */
const PLIST_STRING = '<string>';
const PLIST_GAP = 256;

/**
 * Reads a property list's `<key>NAME</key>` and the value element after it, and reports a
 * `<string>` that NAME makes a secret. False when no value element follows: then `<key>` holds a
 * key itself (`<result><key>LUFR…</key></result>`), as other XML writes one.
 */
function readPropertyListValue(text: string, from: number, found: Found): boolean {
  const name = readValue(text, from, true);
  if (name === undefined || !text.startsWith('</key>', name.end)) return false;
  let cursor = name.end + 6;
  const limit = Math.min(text.length, cursor + PLIST_GAP);
  while (cursor < limit && isSpaceCode(text.charCodeAt(cursor))) cursor += 1;
  if (!PLIST_VALUE.test(text.slice(cursor, cursor + 10))) return false;
  if (!text.startsWith(PLIST_STRING, cursor)) return true;
  const strength = cachedKeyStrength(text.slice(name.start, name.end));
  if (strength === 'none') return true;
  const value = readValue(text, cursor + PLIST_STRING.length, true);
  if (value !== undefined && isCredentialValue(text.slice(value.start, value.end), strength))
    found(value.start, value.end);
  return true;
}

/** The elements a property list writes a value in. */
const PLIST_VALUE = /^<(?:string|integer|real|true|false|date|data|array|dict)\b/;

/** Schemes of references into a secret store, as configuration loaders resolve them. */
const SECRET_STORE_SCHEMES = new Set([
  'vault',
  'op',
  'ssm',
  'awssm',
  'secretsmanager',
  'gcpsm',
  'sm',
  'azkv',
  'keyvault',
  'sops',
  'doppler',
  'infisical',
  'bws',
  'conjur',
  'akeyless',
  'k8s',
  'kube',
  'secret',
]);

/** Whether a secret store's scheme, then a path written right after its colon, opens the value at `valueStart`. */
function isSecretStorePath(text: string, key: string, valueStart: number): boolean {
  if (!SECRET_STORE_SCHEMES.has(key.toLowerCase()) || isBlank(text.charCodeAt(valueStart))) return false;
  const end = scanRight(text, valueStart, isPathCode, 256);
  return end > valueStart && text.slice(valueStart, end).includes('/');
}

function isPathCode(code: number): boolean {
  return (
    isWordCode(code) || code === CODE.SLASH || code === CODE.HYPHEN || code === CODE.DOT || code === CODE.HASH
  );
}

/** A file's name with its extension, as code search output opens a line with it. */
const FILE_NAME = /\.[A-Za-z][A-Za-z0-9]{0,5}$/;

/** Whether `key`, then a line number and a colon after the operator, reads as a code search result. */
function isSearchLocation(text: string, key: string, valueStart: number): boolean {
  if (!FILE_NAME.test(key)) return false;
  const digitsEnd = scanRight(text, valueStart, isDigit, 9);
  return digitsEnd > valueStart && text.charCodeAt(digitsEnd) === CODE.COLON;
}

/** A name, then the bracket that calls or indexes it; Elixir and Ruby end some names in `!` or `?`. */
const CODE_LOOKUP = /^([A-Za-z_$][\w$]{0,40}(?:\.[A-Za-z_$][\w$]{0,40}){0,6}[!?]?)[([]/;

/**
 * Whether CamelCase words (`AgencyIdentificationCode`) make up most of a value. A run counts only
 * when its words average four letters or more: a random token's letters fall into short parts that
 * can each pass for a word by chance (`nagSekgAt`, `YeHyKgic`), an identifier's seldom do.
 */
function isMostlyWords(value: string): boolean {
  let wordy = 0;
  for (const segment of value.split(/[^A-Za-z]+/)) {
    // every word at least three letters: a random run that happens to read (`woWizinfHrno`) has a
    // two-letter one as often as not, where names are made of words (`AgencyIdentificationCode`)
    if (
      segment.length >= 8 &&
      segment.length >= 4 * countCamelWords(segment) &&
      !SHORT_CAMEL_WORD.test(segment) &&
      isCamelCaseWords(segment)
    )
      wordy += segment.length;
  }
  return wordy * 3 >= value.length * 2;
}

/** A CamelCase word of one or two letters: `wo` of `woWiz`, `Hr` of `HrNo`, `Id` of `IdCard`. */
const SHORT_CAMEL_WORD = /^[a-z]{1,2}(?=[A-Z])|[A-Z][a-z]?(?![a-z])/;

/** How many CamelCase words a run of letters holds: one per capital, and one more if it starts in lower case. */
function countCamelWords(letters: string): number {
  let words = isLower(letters.charCodeAt(0)) ? 1 : 0;
  for (let index = 0; index < letters.length; index += 1) if (isUpper(letters.charCodeAt(index))) words += 1;
  return words;
}

/**
 * Whether `value` is CamelCase words: every part holds a vowel, no run of four consonants and only
 * letter pairs that words hold, so a random token that happens to alternate cases
 * (`mrxEsnhoGrvCgb`, `JeeKoqcqejAnnoj`) is not taken for one.
 */
function isCamelCaseWords(value: string): boolean {
  if (!CAMEL_CASE_WORDS.test(value)) return false;
  for (const part of value.split(/(?=[A-Z])/)) {
    if (!/[aeiouyAEIOUY]/.test(part) || CONSONANT_RUN.test(part) || !hasWordPairsOnly(part)) return false;
  }
  return true;
}

/** Four consonants in a row, which words of an identifier rarely hold and random letters often do. */
const CONSONANT_RUN = /[b-df-hj-np-tv-xz]{4}/i;

/** Whether every pair of adjacent letters in `part` is one that words hold (see {@link WORD_PAIRS}). */
function hasWordPairsOnly(part: string): boolean {
  const word = part.toLowerCase();
  for (let index = 1; index < word.length; index += 1) {
    const follows = WORD_PAIRS[word.charCodeAt(index - 1) - 97];
    if (follows === undefined || !follows.includes(word.charAt(index))) return false;
  }
  return true;
}

/**
 * For each letter from `a` to `z`, the letters that follow it inside words of identifiers at least
 * once in 100,000 pairs, counted over 2.4 million words in the TypeScript declarations of common npm
 * packages. About 60% of all pairs: a random letter pair falls outside with a chance of 0.4, so a
 * random run of twenty letters almost never passes, while 99% of the real identifiers that pass the
 * other checks still do.
 */
const WORD_PAIRS = [
  'bcdfghijklmnpqrstuvwxyz',
  'acdehijklmnoprstuy',
  'acehiklmoprstuy',
  'abcdefgilmoprstuvy',
  'abcdefghijklmnopqrstuvwxy',
  'aefilnorstuy',
  'aceghilmnoprstuy',
  'abehilmnorstuy',
  'abcdefgklmnopqrstuvxz',
  'aeosuw',
  'abcdefgilnopstuw',
  'abcdefghiklmoprstuvwy',
  'abceilmnopsu',
  'abcdefghijklmnoprstuvwy',
  'abcdefgijklmnoprstuvwxyz',
  'abcdefghiloprstuy',
  'u',
  'abcdefgiklmnoprstuvwy',
  'abcefhiklmnoprstuwxy',
  'abcdefghilmnoprstuwy',
  'abcdefgilmnoprstx',
  'aeio',
  'aeghilnoprs',
  'acehipty',
  'abcefilmnoprstw',
  'aeiouy',
];

/**
 * Keys that hold the value of a setting named elsewhere: one level up (Spring's `/env`, YAML
 * blocks, SSM), or beside a name key in the same entry (see {@link NAME_KEYS}). Compared with
 * case and separators removed.
 */
const VALUE_KEYS = new Set([
  'value',
  'val',
  'stringvalue',
  'secretvalue',
  'plaintext',
  'parametervalue',
  'optionvalue',
  'settingvalue',
  'propertyvalue',
  'defaultvalue',
  // CloudFormation parameters and Terraform variables: `MasterUserPassword:` / `Default: …`
  'default',
  'currentvalue',
  'initialvalue',
  // a wallet's recovery phrase (`"mnemonic": {"phrase": …}`)
  'phrase',
  // a game panel's variable as a server overrides it (Pterodactyl's `server_value`), and a
  // typed credential's text (`{"type": "password", "raw": …}`)
  'servervalue',
  'raw',
  // a registry value as `reg query` lists it and tools return it (`{"name": "DefaultPassword",
  // "type": "REG_SZ", "data": …}`), and a DNS or key-value store's record
  'data',
]);

/**
 * Keys whose value names the setting a {@link VALUE_KEYS} key beside them holds: Kubernetes,
 * Helm, ECS, Nomad and Terraform env lists (`- name: DB_PASSWORD` / `value: …`, `{"name": …,
 * "value": …}`, `name = "…"` / `value = "…"`), Postman and Vercel (`key`), CloudFormation
 * (`ParameterKey`), Elastic Beanstalk (`OptionName`), HTML forms (`name="password" value="…"`).
 */
const NAME_KEYS = new Set([
  'name',
  'key',
  'parameterkey',
  'parametername',
  'optionname',
  'variable',
  'varname',
  'variablename',
  'envname',
  'envvar',
  'field',
  'fieldname',
  'settingname',
  'property',
  'propertyname',
  // Azure's key listings (`{"keyName": "key1", "value": …}`), and a typed entry such as a
  // Keycloak credential or a form field (`{"type": "password", "value": …}`)
  'keyname',
  'type',
  // password managers' item fields: 1Password's `{"id": "password", "label": …, "value": …}`
  'id',
  'label',
  'purpose',
  // Asterisk's realtime rows (`{"attribute": "password", "value": …}`), Magento's config rows and
  // JSON Patch (`{"path": "payment/api/shared_secret", "value": …}`), a panel's `env_variable`
  'attribute',
  'path',
  'envvariable',
  'setting',
  'option',
  'parameter',
]);

/** A value key right after a name key's value: `" value="`, `", "Value":`, `\n  value:`. */
const VALUE_KEY_NEXT = /["']?[ \t]{0,8}(?:[,;][ \t]{0,8}|\r?\n[ \t]{0,16})?["']?value["']?[ \t]{0,4}[=:]/iy;

/** Sixteen characters or more with a digit among them: what a name seldom is and a token usually is. */
function looksLikeToken(value: string): boolean {
  return value.length >= 16 && hasDigit(value);
}

function valueKeyFollows(text: string, from: number): boolean {
  VALUE_KEY_NEXT.lastIndex = from;
  return VALUE_KEY_NEXT.test(text);
}

/** How far apart a name key and its value key may sit in one entry, in characters. */
const PAIR_REACH = 200;

/** A key's part in a name/value entry: it names the setting, holds its value, or neither. */
export type PairRole = 'name' | 'value' | 'neither';
const roleCache = new Map<string, PairRole>();

/** A key's role in a name/value entry, remembered for the few thousand key names seen last. */
export function pairRole(key: string): PairRole {
  // XML read as JSON (BadgerFish, GeoServer's REST API) writes an element's text as `$`
  if (key === '$') return 'value';
  if (key.length < 3 || key.length > 24) return 'neither';
  let role = roleCache.get(key);
  if (role === undefined) {
    role = readPairRole(key);
    if (roleCache.size >= STRENGTH_CACHE_LIMIT) roleCache.clear();
    roleCache.set(detachedCopy(key), role);
  }
  return role;
}

/** A key's role in a name/value entry: compared without case or separators. */
function readPairRole(key: string): PairRole {
  let normal = '';
  // and its attributes with an `@`: `{"@key": "passwd", "$": "X"}`
  for (let index = key.charCodeAt(0) === CODE.AT ? 1 : 0; index < key.length; index += 1) {
    const code = key.charCodeAt(index);
    if (isUpper(code)) normal += String.fromCharCode(code + 32);
    else if (isLower(code)) normal += key.charAt(index);
    else if (code !== CODE.UNDERSCORE && code !== CODE.HYPHEN && code !== CODE.DOT) return 'neither';
  }
  if (NAME_KEYS.has(normal)) return 'name';
  return VALUE_KEYS.has(normal) ? 'value' : 'neither';
}

/**
 * `{"value": "…", "name": "API_TOKEN"}`: the value of an entry whose name comes after it, read
 * once the name (at `nameKeyStart`) has said it is secret-named.
 */
function findPendingValue(
  text: string,
  from: number,
  nameKeyStart: number,
  strength: KeyStrength,
  found: Found,
): void {
  const value = readValue(text, from, false);
  if (value === undefined || value.end > nameKeyStart || closesBetween(text, value.end, nameKeyStart)) return;
  const proseFollows = !value.quoted && PROSE_AFTER.test(text.slice(value.end, value.end + 8));
  if (isCredentialValue(text.slice(value.start, value.end), strength, proseFollows))
    found(value.start, value.end);
}

/** Whether an entry closes (`}`) between two offsets: a name and a value on either side belong to different entries. */
function closesBetween(text: string, from: number, to: number): boolean {
  for (let index = from; index < to; index += 1) if (text.charCodeAt(index) === CODE.CLOSE_BRACE) return true;
  return false;
}

/** How far back the `ENC[` that opens a SOPS value is looked for: past its cipher's name. */
const SOPS_REACH = 24;

/** Whether the key at `index` follows a SOPS value's `ENC[` and its cipher (`ENC[AES256_GCM,data:`). */
function insideSopsValue(text: string, index: number): boolean {
  const limit = Math.max(3, index - SOPS_REACH);
  for (let cursor = index - 1; cursor >= limit; cursor -= 1) {
    const code = text.charCodeAt(cursor);
    if (code === CODE.OPEN_BRACKET) return text.startsWith('ENC', cursor - 3);
    if (code === CODE.CLOSE_BRACKET || isSpaceCode(code)) return false;
  }
  return false;
}

/**
 * Whether an entry ends in `text[from, to)`: an object closes, or a YAML list starts its next
 * item (`\n  - name: LOG_FORMAT`), as Kubernetes env lists write one entry after another.
 */
function endsEntryBetween(text: string, from: number, to: number): boolean {
  for (let index = from; index < to; index += 1) {
    const code = text.charCodeAt(index);
    if (code === CODE.CLOSE_BRACE) return true;
    if (code !== CODE.NEWLINE) continue;
    let cursor = index + 1;
    while (cursor < to && isBlank(text.charCodeAt(cursor))) cursor += 1;
    if (text.charCodeAt(cursor) === CODE.HYPHEN && isBlank(text.charCodeAt(cursor + 1))) return true;
  }
  return false;
}

/** How far past a secret-named key its nested `value` key may sit, in characters. */
const NESTED_REACH = 320;

/** Whether the value after an operator is an object (`{`) or starts on the next line (YAML). */
function opensNestedValue(text: string, from: number): boolean {
  let cursor = from;
  const limit = Math.min(text.length, from + BLANKS);
  while (cursor < limit && isBlank(text.charCodeAt(cursor))) cursor += 1;
  const code = text.charCodeAt(cursor);
  return (
    code === CODE.OPEN_BRACE ||
    code === CODE.NEWLINE ||
    code === CODE.CARRIAGE_RETURN ||
    (code === CODE.BACKSLASH && text.charCodeAt(cursor + 1) === CODE.LOWER_N)
  );
}

/** `cookie`, `Set-Cookie`, `cookies`: a value made of `name=value; …` pairs. */
function isCookieKey(key: string): boolean {
  const lower = key.toLowerCase();
  return lower.endsWith('cookie') || lower.endsWith('cookies');
}

/**
 * The `name=value` pairs inside a quoted value that is not a credential as a whole: a cookie
 * string (`PHPSESSID=…; lang=en`), a query string, a keyword list. A pair is a secret when its
 * name is secret-named and its value can be a credential; in a cookie, also when the value has
 * the length and randomness of a token whatever the cookie is called. Reads the value once.
 */
function findNestedPairs(text: string, start: number, end: number, cookie: boolean, found: Found): void {
  let cursor = start;
  while (cursor < end) {
    let equals = cursor;
    while (equals < end && text.charCodeAt(equals) !== CODE.EQUALS) equals += 1;
    if (equals >= end) return;
    let nameStart = equals;
    while (nameStart > cursor && isKeyCode(text.charCodeAt(nameStart - 1))) nameStart -= 1;
    let valueEnd = equals + 1;
    while (valueEnd < end) {
      const code = text.charCodeAt(valueEnd);
      if (code === CODE.SEMICOLON || code === CODE.AMPERSAND || code === CODE.COMMA || isSpaceCode(code))
        break;
      valueEnd += 1;
    }
    const name = text.slice(nameStart, equals);
    const value = text.slice(equals + 1, valueEnd);
    const strength = name.length > 0 ? cachedKeyStrength(name) : 'none';
    if (
      value.length > 0 &&
      (isCredentialValue(value, strength) || (cookie && isCredentialValue(value, 'secret')))
    )
      found(equals + 1, valueEnd);
    cursor = valueEnd + 1;
  }
}

/** The end of a `name="` or `key="` attribute, before its quoted value. */
const NAMING_ATTRIBUTE = /(?:^|[\s<])(?:name|key)=["']$/i;

interface KeyFound {
  key: string;
  /** Where the key starts (its opening quote excluded). */
  start: number;
  quoted: boolean;
  /** The `<` of an XML element's opening tag, when the operator is its `>`. */
  element: boolean;
}

/**
 * Where an element's tag name starts when the local name ending at `localStart` has a namespace
 * prefix before it (`wsse:` of `<wsse:Password>`); `localStart` itself when it has none.
 */
function namespacePrefixStart(text: string, localStart: number): number {
  if (text.charCodeAt(localStart - 1) !== CODE.COLON) return localStart;
  let cursor = localStart - 1;
  const limit = Math.max(0, cursor - 32);
  while (cursor > limit && isKeyCode(text.charCodeAt(cursor - 1))) cursor -= 1;
  return cursor < localStart - 1 && text.charCodeAt(cursor - 1) === CODE.LESS_THAN ? cursor : localStart;
}

/** How far after its opening tag a namespaced element's closing tag is looked for: a secret is shorter. */
const ELEMENT_TEXT_LENGTH = 256;

/** Whether `closing` is in the {@link ELEMENT_TEXT_LENGTH} characters after `from`: a bounded search. */
function closesWithin(text: string, closing: string, from: number): boolean {
  return text.slice(from, from + ELEMENT_TEXT_LENGTH + closing.length).includes(closing);
}

/** Reads the key name to the left of an operator that starts at `operatorStart`. */
function readKey(text: string, operatorStart: number, operator: number): KeyFound | undefined {
  let cursor = operatorStart;
  const blankLimit = Math.max(0, cursor - BLANKS);
  while (cursor > blankLimit && isBlank(text.charCodeAt(cursor - 1))) cursor -= 1;
  if (text.charCodeAt(cursor - 1) === CODE.CLOSE_BRACKET) cursor -= 1; // env['KEY'] = …
  const closing = text.charCodeAt(cursor - 1);
  if (isQuote(closing)) {
    const keyEnd = cursor - 1;
    const limit = Math.max(0, keyEnd - KEY_LENGTH);
    let keyStart = keyEnd;
    while (keyStart > limit && text.charCodeAt(keyStart - 1) !== closing) {
      if (text.charCodeAt(keyStart - 1) === CODE.NEWLINE) return undefined;
      keyStart -= 1;
    }
    if (keyStart === limit && text.charCodeAt(keyStart - 1) !== closing) return undefined;
    // a quoted attribute that closes its tag names the element's text only as `name` or `key`
    // (Android's `<string name="api_key">X</string>`), never as `class` (`<td class="x">X</td>`)
    if (
      operator === CODE.GREATER_THAN &&
      !NAMING_ATTRIBUTE.test(text.slice(Math.max(0, keyStart - 6), keyStart))
    )
      return undefined;
    let key = text.slice(keyStart, keyEnd);
    if (key.endsWith('\\')) key = key.slice(0, -1); // a JSON-escaped quote: \"key\"
    return { key, start: keyStart, quoted: true, element: false };
  }
  const keyEnd = cursor;
  const limit = Math.max(0, keyEnd - KEY_LENGTH);
  while (cursor > limit && isKeyCode(text.charCodeAt(cursor - 1))) cursor -= 1;
  // a comma separates only quoted arguments, or an Erlang tuple's atom from its value:
  // `{password, "X"}` in sys.config and rebar.config
  if (operator === CODE.COMMA && !opensTuple(text, cursor)) return undefined;
  let key = text.slice(cursor, keyEnd);
  if (operator === CODE.GREATER_THAN) {
    // `KEY=<your-openai-key>`: a placeholder in angle brackets after an operator, not an element
    const beforeTag = text.charCodeAt(cursor - 2);
    if (beforeTag === CODE.EQUALS || beforeTag === CODE.COLON) return undefined;
    // a namespaced element names its text by its local part: `<wsse:Password>X</wsse:Password>`;
    // it must close, since `<user:password>` is also how usage text writes a placeholder
    const tagStart = key.length > 0 ? namespacePrefixStart(text, cursor) : cursor;
    if (tagStart !== cursor && !closesWithin(text, `</${text.slice(tagStart, keyEnd)}>`, keyEnd))
      return undefined;
    return text.charCodeAt(tagStart - 1) === CODE.LESS_THAN && key.length > 0
      ? { key, start: cursor, quoted: false, element: true }
      : undefined;
  }
  if (TYPE_WORDS.has(key)) {
    // `var token string = …` or `token: String = …`: the name is the word before the type,
    // and before a Rust reference to it (`KEY: &str = …`, `KEY: &'static str = …`)
    let before = cursor;
    const reference = RUST_REFERENCE.exec(text.slice(Math.max(0, before - 32), before));
    if (reference !== null) before -= reference[0].length;
    while (before > blankLimit && isBlank(text.charCodeAt(before - 1))) before -= 1;
    if (text.charCodeAt(before - 1) === CODE.COLON) before -= 1;
    while (before > 0 && isBlank(text.charCodeAt(before - 1))) before -= 1;
    const nameEnd = before;
    while (before > Math.max(0, nameEnd - KEY_LENGTH) && isKeyCode(text.charCodeAt(before - 1))) before -= 1;
    if (before < nameEnd) {
      key = text.slice(before, nameEnd);
      cursor = before;
    }
  }
  return key.length > 0 ? { key, start: cursor, quoted: false, element: false } : undefined;
}

/** Whether an Erlang tuple opens right before the atom at `atom`: `{password, …`. */
function opensTuple(text: string, atom: number): boolean {
  let cursor = atom;
  while (cursor > atom - BLANKS && isBlank(text.charCodeAt(cursor - 1))) cursor -= 1;
  return text.charCodeAt(cursor - 1) === CODE.OPEN_BRACE && isLower(text.charCodeAt(atom));
}

interface ValueFound {
  start: number;
  end: number;
  quoted: boolean;
}

/**
 * PHP's `var_dump` writes an array's value on the line after its key, behind its type:
 * `["pass"]=>\n  string(16) "X"`. Returns where that quoted value starts, or `from` unchanged.
 */
function afterDumpedType(text: string, from: number): number {
  let cursor = from;
  const limit = Math.min(text.length, from + 24);
  while (cursor < limit && isSpaceCode(text.charCodeAt(cursor))) cursor += 1;
  if (!text.startsWith('string(', cursor)) return from;
  cursor += 7;
  const digits = cursor;
  while (cursor < digits + 9 && isDigit(text.charCodeAt(cursor))) cursor += 1;
  if (cursor === digits || text.charCodeAt(cursor) !== CODE.CLOSE_PAREN) return from;
  return cursor + 1;
}

function readValue(text: string, from: number, element: boolean): ValueFound | undefined {
  let cursor = from;
  const blankLimit = Math.min(text.length, cursor + (element ? 256 : BLANKS));
  while (
    cursor < blankLimit &&
    (element ? isSpaceCode(text.charCodeAt(cursor)) : isBlank(text.charCodeAt(cursor)))
  )
    cursor += 1;
  const opening = text.charCodeAt(cursor);
  if (element) {
    const start = cursor;
    const limit = Math.min(text.length, start + VALUE_LENGTH);
    while (
      cursor < limit &&
      text.charCodeAt(cursor) !== CODE.LESS_THAN &&
      text.charCodeAt(cursor) !== CODE.NEWLINE
    )
      cursor += 1;
    let end = cursor;
    while (end > start && isSpaceCode(text.charCodeAt(end - 1))) end -= 1;
    // an element's value runs to its closing tag, on this line or a later one (or to the end of a
    // text cut short); other text, or another opening tag, follows a name in angle brackets in
    // prose or a usage line (`set requirepass <password>; see …`, `SET <KEY> <user> <password>`)
    const tagLimit = Math.min(text.length, cursor + 256);
    while (cursor < tagLimit && isSpaceCode(text.charCodeAt(cursor))) cursor += 1;
    if (
      cursor < tagLimit &&
      (text.charCodeAt(cursor) !== CODE.LESS_THAN || text.charCodeAt(cursor + 1) !== CODE.SLASH)
    )
      return undefined;
    return end > start ? { start, end, quoted: false } : undefined;
  }
  // an Erlang binary: `repo_key => <<"X">>`, `{password, <<"X">>}`
  if (opening === CODE.LESS_THAN && text.startsWith('<<"', cursor)) return readValue(text, cursor + 2, false);
  const escapedQuote = opening === CODE.BACKSLASH && isQuote(text.charCodeAt(cursor + 1));
  if (isQuote(opening) || escapedQuote) {
    const quote = escapedQuote ? text.charCodeAt(cursor + 1) : opening;
    const start = cursor + (escapedQuote ? 2 : 1);
    const limit = Math.min(text.length, start + VALUE_LENGTH);
    let end = start;
    while (end < limit) {
      const code = text.charCodeAt(end);
      if (code === CODE.NEWLINE || code === quote) break;
      if (code === CODE.BACKSLASH) {
        const skip = escapeLength(text, end, escapedQuote, quote);
        if (skip === 0) break;
        end += skip;
        continue;
      }
      end += 1;
    }
    // a quote that opens on a blank and never closes on its line closes something before it:
    // `read -s -p 'pg password: ' PGPASSWORD`
    if (text.charCodeAt(end) !== quote && end < limit && isBlank(text.charCodeAt(start))) return undefined;
    return { start, end: Math.min(end, limit), quoted: true };
  }
  if (opening === CODE.OPEN_BRACKET) {
    // the first string of a list under a secret's name: Mojolicious' `secrets => ['X']`,
    // `"api_keys": ["X", …]`; a list of anything else is left to the rules that read it
    let item = cursor + 1;
    while (item < cursor + 1 + BLANKS && isBlank(text.charCodeAt(item))) item += 1;
    return isQuote(text.charCodeAt(item)) ? readValue(text, item, false) : readBareItem(text, item);
  }
  if (opening === CODE.OPEN_BRACE) return undefined; // a nested object
  // a YAML block scalar (`password: >-`, `key: !!binary |`): the value is the indented line below
  BLOCK_SCALAR.lastIndex = cursor;
  if (BLOCK_SCALAR.test(text)) return readIndentedLine(text, BLOCK_SCALAR.lastIndex);
  if (opening === CODE.NEWLINE || opening === CODE.CARRIAGE_RETURN) return readNextLineScalar(text, cursor);
  const start = cursor;
  const next = text.charCodeAt(cursor + 1);
  if (opening === CODE.DOLLAR && (next === CODE.OPEN_BRACE || next === CODE.OPEN_PAREN)) {
    // a shell expansion is a reference, however it ends: `${KEY:=$2}`, `$(cat /run/secrets/x)`
    return undefined;
  }
  const limit = Math.min(text.length, start + VALUE_LENGTH);
  while (cursor < limit) {
    const code = text.charCodeAt(cursor);
    // a letter beyond ASCII as Java properties and native2ascii write it: `K\u00f5rvits`
    if (code === CODE.BACKSLASH && isEscapedLetter(text, cursor)) {
      cursor += 6;
      continue;
    }
    if (
      isSpaceCode(code) ||
      isQuote(code) ||
      code === CODE.COMMA ||
      code === CODE.SEMICOLON ||
      code === CODE.AMPERSAND ||
      code === CODE.CLOSE_BRACE ||
      code === CODE.CLOSE_PAREN ||
      code === CODE.CLOSE_BRACKET ||
      code === CODE.LESS_THAN ||
      code === CODE.BACKSLASH ||
      isWidePunctuation(code)
    )
      break;
    cursor += 1;
  }
  return cursor > start ? { start, end: cursor, quoted: false } : undefined;
}

/** Whether a `\uXXXX` escape of a character past Latin-1's controls (`\u00f5`, `\u0161`) starts at `index`. */
function isEscapedLetter(text: string, index: number): boolean {
  return text.charCodeAt(index + 1) === 117 && hexAt(text, index + 2, 4) >= 0xa0; // `u`
}

/**
 * A list's first item when it is bare, and the list holds one word per item: Java's
 * `Map.toString()` of request headers (`{x-api-key=[X], Accept=[*\/*]}`), a YAML flow sequence
 * (`api_keys: [X, Y]`). Prose in brackets (`[see the vault]`) is no item.
 */
function readBareItem(text: string, from: number): ValueFound | undefined {
  const limit = Math.min(text.length, from + VALUE_LENGTH);
  let end = from;
  while (end < limit) {
    const code = text.charCodeAt(end);
    if (isSpaceCode(code) || isQuote(code) || code === CODE.COMMA || code === CODE.CLOSE_BRACKET) break;
    if (code === CODE.OPEN_BRACKET || code === CODE.OPEN_BRACE) return undefined;
    end += 1;
  }
  const close = text.charCodeAt(end);
  if (end === from || (close !== CODE.CLOSE_BRACKET && close !== CODE.COMMA)) return undefined;
  // a word of letters alone in brackets is a mask a framework writes: Rails' `[FILTERED]`, `[Filtered]`
  return LETTERS_ONLY.test(text.slice(from, end)) ? undefined : { start: from, end, quoted: false };
}

const LETTERS_ONLY = /^[A-Za-z]+$/;

/**
 * A YAML plain scalar on the line after its key, indented deeper, as Salt's outputter and
 * hand-written YAML put one: `replication_password:\n        X`. The line holds the value
 * alone; a key (`valueFrom:`), a list item or a comment there opens a block instead.
 */
function readNextLineScalar(text: string, lineBreak: number): ValueFound | undefined {
  const keyLine = lineStart(text, lineBreak, 256);
  let keyIndent = 0;
  while (keyLine + keyIndent < lineBreak && isBlank(text.charCodeAt(keyLine + keyIndent))) keyIndent += 1;
  let start = lineBreak + (text.charCodeAt(lineBreak) === CODE.CARRIAGE_RETURN ? 2 : 1);
  const indentStart = start;
  const indentLimit = Math.min(text.length, start + 64);
  while (start < indentLimit && isBlank(text.charCodeAt(start))) start += 1;
  if (start - indentStart <= keyIndent) return undefined;
  const first = text.charCodeAt(start);
  if (
    first === CODE.HYPHEN ||
    first === CODE.HASH ||
    first === CODE.OPEN_BRACE ||
    first === CODE.OPEN_BRACKET
  )
    return undefined;
  const value = isQuote(first) ? readValue(text, start, false) : undefined;
  let end = value === undefined ? start : value.end + 1;
  if (value === undefined) {
    const limit = Math.min(text.length, start + VALUE_LENGTH);
    while (end < limit && !isSpaceCode(text.charCodeAt(end))) end += 1;
  }
  // the value ends its line, and is no key of a block below
  let after = end;
  while (after < text.length && isBlank(text.charCodeAt(after))) after += 1;
  const ending = text.charCodeAt(after);
  if (after < text.length && ending !== CODE.NEWLINE && ending !== CODE.CARRIAGE_RETURN) return undefined;
  if (value !== undefined) return value;
  if (text.charCodeAt(end - 1) === CODE.COLON) return undefined;
  return end > start ? { start, end, quoted: false } : undefined;
}

/** After `Authorization: Basic`, the credential is the next word; extend the value over it. */
function extendOverScheme(text: string, value: ValueFound): ValueFound {
  const scheme = text.slice(value.start, value.end).toLowerCase();
  if (!AUTHORIZATION_SCHEMES.has(scheme) || text.charCodeAt(value.end) !== CODE.SPACE) return value;
  let end = value.end + 1;
  const limit = Math.min(text.length, end + VALUE_LENGTH);
  while (end < limit) {
    const code = text.charCodeAt(end);
    if (
      isSpaceCode(code) ||
      isQuote(code) ||
      code === CODE.COMMA ||
      code === CODE.SEMICOLON ||
      code === CODE.BACKSLASH
    )
      break;
    end += 1;
  }
  return { ...value, end };
}

/** The operator around index `at`: `=`, `:`, `:=`, `::=`, `:::=`, `?=`, `.=`, `+=`, `=>`, `,`, or `>`. */
function operatorBounds(text: string, at: number): { start: number; end: number } {
  let end = at + 1;
  while (end < at + 4 && (text.charCodeAt(end) === CODE.COLON || text.charCodeAt(end) === CODE.EQUALS))
    end += 1;
  if (text.charCodeAt(end) === CODE.GREATER_THAN && text.charCodeAt(end - 1) === CODE.EQUALS) end += 1;
  let start = at;
  const before = text.charCodeAt(start - 1);
  if (
    text.charCodeAt(at) === CODE.EQUALS &&
    (before === CODE.QUESTION || before === CODE.DOT || before === CODE.PLUS || before === CODE.EXCLAMATION)
  )
    start -= 1;
  return { start, end };
}

/**
 * Whether a call's argument list opens before the quote at `quote`: `setProperty("KEY", "…")`,
 * `Setenv("KEY", "…")`. Only then is a quoted key before a comma a name with its value after it;
 * in `"name": "password", "type"` or `["email", "password", "name"]` it is a list of words.
 */
function opensArguments(text: string, quote: number): boolean {
  let cursor = text.charCodeAt(quote - 1) === CODE.BACKSLASH ? quote - 1 : quote;
  const limit = Math.max(0, cursor - BLANKS);
  while (cursor > limit && isBlank(text.charCodeAt(cursor - 1))) cursor -= 1;
  return text.charCodeAt(cursor - 1) === CODE.OPEN_PAREN;
}

/** A quoted value of 16 or more characters with a digit: a token, whatever precedes it. */
function isLongToken(text: string, value: ValueFound): boolean {
  return value.end - value.start >= 16 && hasDigit(text.slice(value.start, value.end));
}

/**
 * `API key: …`, `Primary key: …`: a key word written as the second word of a phrase takes the
 * phrase's strength, so the word before a bare `key` decides what it holds.
 */
function phraseStrength(text: string, key: KeyFound, strength: KeyStrength): KeyStrength {
  if (!isBlank(text.charCodeAt(key.start - 1))) return strength;
  let wordEnd = key.start - 1;
  while (wordEnd > key.start - 4 && isBlank(text.charCodeAt(wordEnd - 1))) wordEnd -= 1;
  let wordStart = wordEnd;
  const limit = Math.max(0, wordEnd - 24);
  while (
    wordStart > limit &&
    (isUpper(text.charCodeAt(wordStart - 1)) || isLower(text.charCodeAt(wordStart - 1)))
  )
    wordStart -= 1;
  if (wordStart === wordEnd || isWordCode(text.charCodeAt(wordStart - 1))) return strength;
  return cachedKeyStrength(`${text.slice(wordStart, wordEnd)} ${key.key}`);
}

/** Whether a key is written in upper case, as environment and Makefile variables are: `APP_SECRET`. */
function isUpperCaseKey(key: string): boolean {
  for (let index = 0; index < key.length; index += 1) if (isLower(key.charCodeAt(index))) return false;
  return true;
}

/**
 * Whether an unquoted value stands where code puts a variable rather than a literal: `token =
 * response;`, `{ secret: body, … }`, `login(token=value)`. Configuration writes its literals bare
 * (`APP_SECRET=hunter2`, `token: swordfish`, `--token=x`); code quotes them.
 */
function standsForVariable(
  text: string,
  key: KeyFound,
  operator: { start: number; end: number },
  value: ValueFound,
): boolean {
  if (value.quoted) return false;
  const after = text.charCodeAt(value.end);
  if (
    after === CODE.COMMA ||
    after === CODE.SEMICOLON ||
    after === CODE.CLOSE_BRACE ||
    after === CODE.CLOSE_PAREN
  )
    return true;
  return (
    text.charCodeAt(operator.start) === CODE.EQUALS &&
    isBlank(text.charCodeAt(operator.start - 1)) &&
    !key.quoted &&
    !isUpperCaseKey(key.key) &&
    text.charCodeAt(key.start - 1) !== CODE.HYPHEN
  );
}

/** How far back an ARN's `arn:` may stand from one of its segments. */
const ARN_REACH = 96;

/** Whether the name at `start` is a segment of an ARN: the word it is part of opens with `arn:`. */
function isInArn(text: string, start: number): boolean {
  let from = start;
  const floor = Math.max(0, start - ARN_REACH);
  while (from > floor && !isSpaceCode(text.charCodeAt(from - 1)) && !isQuote(text.charCodeAt(from - 1)))
    from -= 1;
  return text.startsWith('arn:', from);
}

/** Whether the key at `start` follows a colon (`arn:aws:`) or opens a `${…}` reference. */
function isNameSegment(text: string, start: number): boolean {
  return text.charCodeAt(start - 1) === CODE.COLON || opensReference(text, start);
}

/** Whether the key at `start` opens a `${…}` reference: `${AWS_SECRET_ACCESS_KEY:?must be set}`. */
function opensReference(text: string, start: number): boolean {
  return text.charCodeAt(start - 1) === CODE.OPEN_BRACE && text.charCodeAt(start - 2) === CODE.DOLLAR;
}

/**
 * Values assigned to secret-named keys in any of the shapes configuration and code use: `key =
 * value`, `key: value`, `"key": "value"`, `key := "…"`, `KEY ::= …`, `KEY ?= …`, `$key .= "…"`,
 * `"key" => "…"`, `var key string = "…"`, `setProperty("KEY", "…")`, `env['KEY'] = '…'` and
 * `<key>value</key>`. Reports each value as a span.
 */
export function findSecretAssignments(text: string, found: (start: number, end: number) => void): void {
  // the strength of a secret-named key whose value is an object or a block, lent to a `value`
  // key inside it until `heldUntil`
  let heldStrength: KeyStrength = 'none';
  let heldUntil = -1;
  // the strength of the name a name key gave (`name: DB_PASSWORD`), lent to the value key of the
  // same entry until `namedUntil`; and a value key read before any name (`{"value": …, "name": …}`)
  let namedStrength: KeyStrength = 'none';
  let namedUntil = -1;
  // where the value of a value key read before any name starts, -1 when there is none
  let pendingFrom = -1;
  for (let index = 0; index < text.length; index += 1) {
    const character = text.charCodeAt(index);
    // CJK text writes the colon full-width: `密码：…`
    const code = character === CODE.FULLWIDTH_COLON ? CODE.COLON : character;
    if (code !== CODE.EQUALS && code !== CODE.COLON && code !== CODE.COMMA && code !== CODE.GREATER_THAN)
      continue;
    if (
      code === CODE.COLON &&
      text.charCodeAt(index + 1) === CODE.SLASH &&
      text.charCodeAt(index + 2) === CODE.SLASH
    )
      continue; // a URL's scheme; the connection-string rule reads URLs
    const operator = operatorBounds(text, index);
    const key = readKey(text, operator.start, code);
    index = operator.end - 1;
    if (key === undefined) continue;
    // `git@github.com:acme/api.git`: a host after `@`, then a path, is not a key and its value;
    // a name after `@` and before `=` is one (Ruby's `@api_key="…"`, T-SQL's `SET @password = '…'`)
    if (!key.quoted && code === CODE.COLON && text.charCodeAt(key.start - 1) === CODE.AT) continue;
    // `vault:secret/data/app#password`, `op:vaults/x/items/y`: a path in a secret store, not its value
    if (!key.quoted && code === CODE.COLON && isSecretStorePath(text, key.key, operator.end)) continue;
    // `deploy/set-password.ps1:3:$pw = …`: a file and a line number, as code search writes them
    if (!key.quoted && code === CODE.COLON && isSearchLocation(text, key.key, operator.end)) continue;
    // a property list names a value in one element and writes it in the next:
    // `<key>APIToken</key> <string>…</string>`; the name itself is no secret
    if (key.element && key.key === 'key' && readPropertyListValue(text, operator.end, found)) continue;
    // `ENC[AES256_GCM,data:…,iv:…,tag:…]`: the parts of a value SOPS encrypted, not keys of their own
    if (!key.quoted && code === CODE.COLON && insideSopsValue(text, key.start)) continue;
    let strength = cachedKeyStrength(key.key);
    // `arn:aws:iam::…`: a provider's name as a segment of a colon-separated name; `${vault:path}`,
    // `${ssm:/path}`: a resolver's reference; any segment of an ARN (`arn:aws:secretsmanager:…`)
    if (
      !key.quoted &&
      code === CODE.COLON &&
      isNameSegment(text, key.start) &&
      (strength === 'provider' ||
        strength === 'secret' ||
        opensReference(text, key.start) ||
        (strength !== 'none' && isInArn(text, key.start)))
    )
      continue;
    if (strength === 'secret' && !key.quoted) strength = phraseStrength(text, key, strength);
    const role = pairRole(key.key);
    if (role === 'name') {
      // `- name: DB_PASSWORD`, `"Key": "API_TOKEN"`: the name decides the entry's value
      const named = readValue(text, operator.end, key.element);
      const nameStrength =
        named === undefined || named.end - named.start > KEY_LENGTH
          ? 'none'
          : cachedKeyStrength(text.slice(named.start, named.end));
      // an entry may hold more than one name-like key (`"name": "DefaultPassword", "type":
      // "REG_SZ"`): one that names no secret leaves the entry to the secret's name before it
      const keepsEarlierName =
        nameStrength === 'none' &&
        namedStrength !== 'none' &&
        index < namedUntil &&
        !endsEntryBetween(text, namedUntil - PAIR_REACH, key.start);
      if (!keepsEarlierName) {
        namedStrength = nameStrength;
        namedUntil = (named?.end ?? operator.end) + PAIR_REACH;
      }
      if (pendingFrom !== -1 && namedStrength !== 'none' && pendingFrom + PAIR_REACH > key.start)
        findPendingValue(text, pendingFrom, key.start, namedStrength, found);
      pendingFrom = -1;
      // a name key that is also a secret's name (`key`) holds a name when a value key comes next:
      // `<add key="webpages:Version" value="3.0.0.0" />`, `{"Key": "Region", "Value": …}`; unless
      // what it holds is as long and as mixed as a token (`{"key": "Zq8Rk2Lx5Vn9Tb3W", "value": …}`)
      if (
        strength !== 'none' &&
        named !== undefined &&
        valueKeyFollows(text, named.end) &&
        !looksLikeToken(text.slice(named.start, named.end))
      )
        continue;
    }
    let pairedByName = false;
    if (strength === 'none') {
      if (role !== 'value') continue;
      if (index < namedUntil && !closesBetween(text, namedUntil - PAIR_REACH, key.start)) {
        strength = namedStrength;
        pairedByName = true;
        namedUntil = -1;
      }
      // a name that names no secret (`Type: String`) leaves the value to the name one level up
      if (strength === 'none' && index < heldUntil) {
        // `"spring.datasource.password": {"value": "…"}`: the secret sits one level below its name
        strength = heldStrength;
        heldUntil = -1;
      }
    }
    if (strength === 'none') {
      // a value key before its entry's name is read when the name comes, if it comes; the value
      // of an entry whose name is not secret-named is not read at all
      if (!pairedByName) pendingFrom = operator.end;
      continue;
    }
    const arrow = text.charCodeAt(operator.end - 1) === CODE.GREATER_THAN;
    const valueFrom = arrow ? afterDumpedType(text, operator.end) : operator.end;
    let value = readValue(text, valueFrom, key.element);
    if (value === undefined) {
      if (opensNestedValue(text, operator.end)) {
        heldStrength = strength;
        heldUntil = operator.end + NESTED_REACH;
        namedUntil = -1; // the nearer name is this key's: `"name": "cfg", "properties": {"x.password": {"value": …`
      }
      continue;
    }
    if (
      code === CODE.COMMA &&
      (!value.quoted ||
        !(
          (key.quoted ? opensArguments(text, key.start - 1) : opensTuple(text, key.start)) ||
          isLongToken(text, value)
        ))
    )
      continue;
    if (key.key.toLowerCase().endsWith('authorization')) value = extendOverScheme(text, value);
    // a URL's query parameter (`?sig=…`, `&token=…`) ends the sentence's say over it
    const inQuery =
      !key.quoted &&
      (text.charCodeAt(key.start - 1) === CODE.AMPERSAND || text.charCodeAt(key.start - 1) === CODE.QUESTION);
    // `docker run -e API_TOKEN=x app`, `APP_SECRET=x npm start`: a shell assignment is followed by
    // the command, not by prose
    const shellAssignment =
      code === CODE.EQUALS && operator.start === key.start + key.key.length && isUpperCaseKey(key.key);
    const proseFollows =
      !value.quoted &&
      !inQuery &&
      !shellAssignment &&
      PROSE_AFTER.test(text.slice(value.end, value.end + 40));
    const raw = text.slice(value.start, value.end);
    const scheme = raw.indexOf(' ');
    const credential =
      scheme > 0 && key.key.toLowerCase().endsWith('authorization') ? raw.slice(scheme + 1) : raw;
    if (isCredentialValue(credential, strength, proseFollows, standsForVariable(text, key, operator, value)))
      found(value.start, value.end);
    else if (value.quoted) findNestedPairs(text, value.start, value.end, isCookieKey(key.key), found);
    // Operators inside a value read for a secret-named key belong to that value, found or not:
    // reading on from its end keeps the pass linear on text such as `KEY=KEY=KEY=…`, where every
    // operator would otherwise read the same kilobyte again.
    index = Math.max(index, value.end - 1);
  }
}

/** The regular expressions above, for the ReDoS check. */
export const ASSIGNMENT_PATTERNS: readonly RegExp[] = [
  NAMING_ATTRIBUTE,
  LETTERS_ONLY,
  ISO_DATE,
  VALUE_KEY_NEXT,
  SNAKE_WORDS,
  BLOCK_SCALAR,
  CONSONANT_RUN,
  SHORT_NUMBER,
  PLAIN_WORD,
  PROSE_AFTER,
  CAMEL_CASE_WORDS,
  SHORT_CAMEL_WORD,
  DOTTED_NAME,
  BOOTSTRAP_TOKEN,
  YAML_TAG,
  CODE_LOOKUP,
  TRAILING_CALL_END,
  HEX_TOKEN,
  POWERSHELL_CALL,
  SOURCE_FILE,
  DIGITS_AFTER_LAST_DOT,
  RUST_REFERENCE,
  FILE_NAME,
  WORD_AND_DIGITS_LAST,
  PLIST_VALUE,
];
