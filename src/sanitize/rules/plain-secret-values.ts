import { CODE, isDigit, isLower, isUpper } from '../char-codes.js';
import { keyStrength } from './secret-key-names.js';

/**
 * Short or plain values under a name that says outright it holds a secret: `APP_SECRET=hunter2`,
 * `api_key: abc123`, `"client_secret": "letmein"`, `--token swordfish`. Such a value is a
 * credential, however little randomness it has, unless it says what goes there rather than being
 * it: a word that describes (`required`, `string`, `encrypted`, `inherit`, `write`), a reference
 * (a path, a URL, an e-mail address, an ARN, `env:X`, a `CONSTANT_NAME`, a name that is itself
 * secret-named), code (`getToken()`, `a[0]`), a duration, or a made-up stand-in built from the
 * key's own words (`mysecret`, `your-api-key`, `test_token`). Placeholders, templates, masks and
 * ellipses are refused before this is asked (see placeholders.ts).
 */

/**
 * Longest value read as a short made-up secret. From 16 characters on a value is judged as a
 * token, by its length and randomness (find-secret-assignments.ts), as before.
 */
const PLAIN_LENGTH = 15;

/**
 * Words that describe a value instead of being one, in the help text, schemas, tables and
 * listings that show a secret's name: types, states, sources, permissions, encodings, schemes.
 */
const DESCRIPTIVE_WORDS = new Set([
  // types
  'string',
  'str',
  'text',
  'any',
  'bool',
  'boolean',
  'int',
  'integer',
  'number',
  'float',
  'object',
  'array',
  'list',
  'map',
  'dict',
  'bytes',
  'byte',
  'char',
  'secretstr',
  'securestring',
  'sensitive',
  'nonsensitive',
  'password',
  'passwords',
  'secret',
  'secrets',
  'token',
  'tokens',
  'key',
  'keys',
  'apikey',
  'credential',
  'credentials',
  'value',
  'values',
  'literal',
  'opaque',
  // states
  'required',
  'optional',
  'mandatory',
  'none',
  'null',
  'nil',
  'undefined',
  'unknown',
  'empty',
  'blank',
  'unset',
  'notset',
  'set',
  'present',
  'absent',
  'missing',
  'provided',
  'supplied',
  'omitted',
  'omit',
  'include',
  'exclude',
  'configured',
  'unconfigured',
  'valid',
  'invalid',
  'expired',
  'revoked',
  'rotated',
  'rotating',
  'active',
  'inactive',
  'enabled',
  'disabled',
  'pending',
  'issued',
  'granted',
  'denied',
  'allowed',
  'forbidden',
  'authorized',
  'unauthorized',
  'authenticated',
  'verified',
  'unverified',
  'changed',
  'unchanged',
  'updated',
  'deleted',
  'removed',
  'created',
  'new',
  'old',
  'current',
  'previous',
  'latest',
  'primary',
  'secondary',
  'same',
  'different',
  'yes',
  'no',
  'true',
  'false',
  'on',
  'off',
  'tbd',
  'todo',
  'hidden',
  'masked',
  'redacted',
  'encrypted',
  'decrypted',
  'hashed',
  'obfuscated',
  'sealed',
  'plain',
  'plaintext',
  'cleartext',
  'generated',
  'random',
  'randomized',
  'auto',
  'automatic',
  'manual',
  'default',
  'custom',
  'inherit',
  'inherited',
  'shared',
  'private',
  'public',
  'internal',
  'external',
  'global',
  'local',
  'remote',
  'static',
  'dynamic',
  'temporary',
  'permanent',
  'unique',
  'same-origin',
  'origin',
  'site',
  'cross',
  // permissions
  'read',
  'write',
  'readwrite',
  'readonly',
  'writeonly',
  'owner',
  'member',
  'viewer',
  'editor',
  'full',
  'all',
  // where it comes from
  'header',
  'headers',
  'query',
  'cookie',
  'cookies',
  'body',
  'param',
  'params',
  'parameter',
  'form',
  'env',
  'environment',
  'file',
  'files',
  'vault',
  'keychain',
  'keyring',
  'keystore',
  'memory',
  'disk',
  'stdin',
  'prompt',
  'ask',
  'interactive',
  'config',
  'configuration',
  'settings',
  'secretsmanager',
  'ssm',
  'kms',
  // encodings and schemes
  'base64',
  'hex',
  'json',
  'yaml',
  'utf8',
  'bearer',
  'basic',
  'digest',
  'oauth',
  'oauth2',
  'oidc',
  'saml',
  'jwt',
  'jwe',
  'jws',
  'hmac',
  'apikeyauth',
  'rsa',
  'ecdsa',
  'ed25519',
  'aes',
  'sha1',
  'sha256',
  'sha512',
  'hs256',
  'rs256',
  'es256',
  'hs384',
  'hs512',
  'rs384',
  'rs512',
  'es384',
  'es512',
  'ps256',
  'ps384',
  'ps512',
  'md5',
  // SASL mechanisms, as mail servers and clients list them: `DIGEST-MD5`, `SCRAM-SHA-256-PLUS`
  'cram',
  'scram',
  'sha',
  'sha224',
  'sha384',
  'plus',
  'ntlm',
  'gssapi',
  'kerberos',
  'krb5',
  'xoauth2',
  'oauthbearer',
  'aes128',
  'aes192',
  'aes256',
  'gcm',
  'cbc',
  'ctr',
  'x25519',
  'secp256k1',
  'secp256r1',
  'p256',
  'p384',
  'p521',
  'rsa2048',
  'rsa3072',
  'rsa4096',
  'dsa',
  'pem',
  'der',
  'pkcs8',
  'pkcs12',
  'pfx',
  'id',
  // what a command does with a secret (`--secret generate`)
  'generate',
  'create',
  'rotate',
  'revoke',
  'refresh',
  'renew',
  'show',
  'list',
  'get',
  'delete',
  'print',
  // small words of prose and of descriptions joined with hyphens (`auto-generated`, `not-set`)
  'not',
  'is',
  'be',
  'to',
  'the',
  'by',
  'from',
  'in',
  'of',
  'at',
  'only',
  'per',
  'see',
  'use',
  'here',
  'there',
  'below',
  'above',
  'later',
  'needed',
  'ignored',
  'unused',
  'deprecated',
  'legacy',
  'example',
  'sample',
  'demo',
  'dummy',
  'fake',
  'mock',
  'stub',
  'test',
  'testing',
]);

/** Words a made-up stand-in is built from: `mysecret`, `your-api-key`, `test_token`, `secret-value`. */
const STAND_IN_WORDS = [
  'my',
  'your',
  'our',
  'the',
  'some',
  'this',
  'that',
  'a',
  'an',
  'test',
  'testing',
  'dev',
  'local',
  'demo',
  'sample',
  'example',
  'dummy',
  'fake',
  'mock',
  'foo',
  'bar',
  'baz',
  'qux',
  'secret',
  'secrets',
  'token',
  'tokens',
  'key',
  'keys',
  'api',
  'apikey',
  'access',
  'client',
  'auth',
  'pass',
  'password',
  'pwd',
  'value',
  'here',
  'default',
  'goes',
  'put',
  'insert',
  'new',
  'app',
  'private',
];

/** A duration or a size: `3600s`, `24h`, `30d`, `512kb`. */
const DURATION_OR_SIZE = /^\d{1,9}(?:ms|s|sec|m|min|h|hr|d|w|y|b|kb|mb|gb|k)$/i;

/** `DB_PASSWORD`, `STRIPE_KEY`: the name of a variable, given where its value would go. */
const CONSTANT_NAME = /^[A-Z][A-Z0-9]{0,40}(?:_[A-Z0-9]{1,40}){1,8}$/;

/** `arn:aws:…`, `env:API_KEY`, `file:/run/…`, `vault:secret/…`, altool's `@keychain:NAME`: a reference to where a secret lives. */
const REFERENCE_PREFIX =
  /^(?:arn|env|file|vault|secret|secrets|ssm|kms|keyvault|awssm|gcpsm|ref|sdb):|^op:\/\/|^@Microsoft\.KeyVault\(|^os\.environ\/|^@(?:keychain|env):/i;

/** Whether a value names where a secret is kept rather than holding it: `arn:aws:secretsmanager:…`, `env:TOKEN`, 1Password's `op://vault/item/field`. */
export function isSecretReference(value: string): boolean {
  return REFERENCE_PREFIX.test(value);
}

/**
 * A digit between two letters (`w7Q`, `Y5z`), which a random token holds and the name of a
 * setting seldom does: a token that holds a secret's word by chance (`Pw7PwY5zN`) is no name.
 */
export const DIGIT_BETWEEN_LETTERS = /[A-Za-z]\d{1,8}[A-Za-z]/;

/** `AuthToken`, `clientSecret`: a name in CamelCase. */
const CAMEL_NAME = /^[A-Za-z][a-z]+[A-Z]/;

/** Separators between the words of a value. */
const WORD_SEPARATOR = /[-_.]/;
const WORD_SEPARATORS = /[-_.]/g;

/** A character that code or markup puts in a value, never a password: `getToken()`, `a[0]`, `x=y`. */
function isCodeCode(code: number): boolean {
  return (
    code === CODE.OPEN_PAREN ||
    code === CODE.CLOSE_PAREN ||
    code === CODE.OPEN_BRACKET ||
    code === CODE.CLOSE_BRACKET ||
    code === CODE.OPEN_BRACE ||
    code === CODE.CLOSE_BRACE ||
    code === CODE.LESS_THAN ||
    code === CODE.GREATER_THAN ||
    code === CODE.EQUALS ||
    code === CODE.SEMICOLON ||
    code === CODE.COMMA ||
    code === CODE.PIPE ||
    code === CODE.DOUBLE_QUOTE ||
    code === CODE.SINGLE_QUOTE ||
    code === CODE.BACKTICK ||
    code === CODE.SLASH ||
    code === CODE.BACKSLASH
  );
}

/** Whether `word` (lower case, letters only) is made wholly of {@link STAND_IN_WORDS}. */
function isStandIn(word: string): boolean {
  // reachable[i]: the first i letters split into stand-in words; at most 64 × 48 steps
  const reachable = new Uint8Array(word.length + 1);
  reachable[0] = 1;
  for (let index = 0; index < word.length; index += 1) {
    if (reachable[index] === 0) continue;
    for (const part of STAND_IN_WORDS) {
      if (word.startsWith(part, index)) reachable[index + part.length] = 1;
    }
  }
  return reachable[word.length] === 1;
}

/** Whether a value is made only of words that describe a secret (`required`, `read-only`, `hs256`). */
export function describesValue(value: string): boolean {
  const lower = value.toLowerCase();
  return lower.split(WORD_SEPARATOR).every((word) => word.length === 0 || DESCRIPTIVE_WORDS.has(word));
}

/**
 * Whether a value under an explicitly secret name is a credential although it is short or plain.
 * `proseFollows`: words follow an unquoted value, so a plain word is part of a sentence.
 * `bareWordIsName`: the value stands where code puts a variable (`token = response;`).
 */
export function isPlainSecretValue(value: string, proseFollows: boolean, bareWordIsName: boolean): boolean {
  if (value.length < 4 || value.length > PLAIN_LENGTH) return false;
  let letters = 0;
  let digits = 0;
  let upper = 0;
  let separators = 0;
  let at = -1;
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (isLower(code)) letters += 1;
    else if (isUpper(code)) {
      letters += 1;
      upper += 1;
    } else if (isDigit(code)) digits += 1;
    else if (code <= CODE.SPACE || isCodeCode(code)) return false;
    else if (code === CODE.AT) at = index;
    else if (code === CODE.HYPHEN || code === CODE.UNDERSCORE || code === CODE.DOT) separators += 1;
  }
  if (value.charCodeAt(value.length - 1) === CODE.COLON) return false; // `token:`: a label
  if (letters === 0) return false; // `1234-5678`, `2024.1`: numbers and dates, not made-up passwords
  if (at > 0 && value.indexOf('.', at) > at) return false; // an e-mail address
  if (DURATION_OR_SIZE.test(value) || CONSTANT_NAME.test(value) || REFERENCE_PREFIX.test(value)) return false;
  const lower = value.toLowerCase();
  // `aes256`, `id_ed25519`, `read-only`: words and algorithm names that describe the secret
  if (describesValue(value)) return false;
  const symbols = value.length - letters - digits - separators;
  if (digits === 0 && symbols === 0) {
    // letters and separators only: a word, or words joined by `-`, `_` or `.`
    if (proseFollows || bareWordIsName) return false;
    if (isStandIn(lower.replace(WORD_SEPARATORS, ''))) return false;
    // `AuthToken`, `clientSecret`: a name written in CamelCase, given where its value would go
    if (upper > 0 && letters === value.length && CAMEL_NAME.test(value)) return false;
  }
  // `token: auth_token`, `api_key = get_api_key`, `apiKey`: an identifier of several words, one
  // of them secret-named, is a reference to the secret, not the secret; a symbol other than a
  // separator (`Pw7#PwHP-`) or a digit between letters (`Xw7QdY7Pw`) makes it no identifier
  if (symbols > 0 || DIGIT_BETWEEN_LETTERS.test(value)) return true;
  return !(separators > 0 || CAMEL_NAME.test(value)) || keyStrength(value) === 'none';
}

/** The regular expressions above, for the ReDoS check. */
export const PLAIN_SECRET_PATTERNS: readonly RegExp[] = [
  DIGIT_BETWEEN_LETTERS,
  DURATION_OR_SIZE,
  CONSTANT_NAME,
  REFERENCE_PREFIX,
  CAMEL_NAME,
  WORD_SEPARATOR,
  WORD_SEPARATORS,
];
