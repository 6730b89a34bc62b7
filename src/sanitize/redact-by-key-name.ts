import { detachedCopy } from '../util/detached-copy.js';
import { credentialRule } from './rules/credential.js';
import { isCredentialValue, pairRole } from './rules/find-secret-assignments.js';
import { isPlaceholderValue } from './rules/placeholders.js';
import { describesValue, isSecretReference } from './rules/plain-secret-values.js';
import { type KeyStrength, keyStrength } from './rules/secret-key-names.js';

/** Short enum-like words that a secret-named key may hold without holding a secret: `bearer`, `active`. */
const ENUM_LIKE = /^[a-z]+(?:[_-][a-z]+){0,2}$/;
const ENUM_LIKE_LENGTH = 12;

const strengthCache = new Map<string, KeyStrength>();
const CACHE_LIMIT = 4096;

/**
 * How strongly a property name announces a credential, cached because data repeats its keys.
 * Only `password` and `secret` strengths redact by name; a provider's name alone does not.
 */
export function secretKeyStrength(key: string): KeyStrength {
  let strength = strengthCache.get(key);
  if (strength === undefined) {
    strength = keyStrength(key);
    if (strengthCache.size >= CACHE_LIMIT) strengthCache.clear();
    strengthCache.set(detachedCopy(key), strength);
  }
  return strength === 'provider' ? 'none' : strength;
}

/**
 * The members of a JSON Web Key that hold its private or symmetric key (RFC 7518, section 6):
 * named by one or two letters, they are secrets only in an object that says it is a key (`kty`).
 */
const JWK_PRIVATE_MEMBERS = new Set(['d', 'p', 'q', 'dp', 'dq', 'qi', 'k']);

/**
 * {@link secretKeyStrength} for a key among the `keys` of one object: a JSON Web Key's private
 * members (`{"kty": "EC", "d": …}`) hold a private key, which their names alone do not say.
 * `keys` is only searched for a key of such a name, so a huge object costs no more.
 */
export function memberStrength(key: string, keys: readonly string[]): KeyStrength {
  if (key.length <= 2 && JWK_PRIVATE_MEMBERS.has(key) && keys.includes('kty')) return 'password';
  return secretKeyStrength(key);
}

/**
 * Whether a string under a secret-named key (`password`, `api_key`, `client_secret`, `token`,
 * `Authorization`, `cookie`, `dsn`, …) must be redacted whatever it looks like. Values that
 * cannot be credentials stay: empty strings, placeholders (`***`, `<your-token>`, `${VAR}`),
 * words that describe the value under a name that says it holds a secret (`required`), and short
 * enum-like words under other secret-named keys (`bearer`, `active`, `none`).
 */
export function isSecretByKeyName(strength: KeyStrength, value: string): boolean {
  if (strength === 'none') return false;
  const trimmed = value.trim();
  if (trimmed.length === 0) return false;
  const embedded = embeddedJsonHoldsSecret(strength, trimmed);
  if (embedded !== undefined) return embedded;
  // `arn:aws:secretsmanager:…`, `op://vault/item/field`: where the secret is kept, not the secret
  if (isPlaceholderValue(trimmed) || isSecretReference(trimmed)) return false;
  // a message about the value, as a form's validation writes one under the field's name:
  // `"password": ["This password is too common."]`
  if (SENTENCE.test(trimmed)) return false;
  if (strength === 'password') return true;
  // `last_login: 2026-09-01T16:57:00Z`, `session_count: "12"`: a time or a number is no
  // credential, nor is a file's name (an S3 listing's `"Key": "reports/2026-11.csv"`)
  // nor an issue's key (`"key": "SEC-42"`, as Jira writes one)
  if (TIME_OR_NUMBER.test(trimmed) || FILE_NAME.test(trimmed) || ISSUE_KEY.test(trimmed)) return false;
  // a name that says it holds a secret (`client_secret`, `api_key`) takes a plain word too, unless
  // the word describes the value (`required`, `encrypted`)
  if (strength === 'explicit' || strength === 'provider-secret') return !describesValue(trimmed);
  return !(trimmed.length <= ENUM_LIKE_LENGTH && ENUM_LIKE.test(trimmed));
}

/** A sentence: a capital, then three words or more, then its full stop. */
const SENTENCE = /^[A-Z][a-z]{0,20}(?: [^\s]{1,40}){3,40}[.!?]$/;

/** The longest JSON text under a secret's name that is read for the secret inside it; a longer one is taken for a secret. */
const EMBEDDED_JSON_LENGTH = 65_536;
/** The most strings of such a text that are judged; a text with more is taken for a secret. */
const EMBEDDED_JSON_LEAVES = 4_096;

/**
 * Whether a JSON object or list written as a string under a secret's name holds the secret:
 * Windows LAPS keeps `"msLAPS-Password": "{\"n\":\"Administrator\",\"p\":\"…\"}"`, and a
 * token endpoint's answer is often kept as text. The secret is one of its values, under a name of
 * its own that need not say so (`p`), so each string in it is judged as an item of a list under
 * the outer name (see {@link isListedSecret}): any value but a placeholder under a
 * password's name, a token-shaped one under another secret's. Undefined for a text that is no
 * such JSON (`{base64(…`, `{{ .Values.token }}`), which is judged as before.
 */
function embeddedJsonHoldsSecret(strength: KeyStrength, trimmed: string): boolean | undefined {
  const first = trimmed.charCodeAt(0);
  if (first !== 123 && first !== 91) return undefined;
  // no template or placeholder runs this long: too much to read, and too much to keep
  if (trimmed.length > EMBEDDED_JSON_LENGTH) return true;
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const pending: unknown[] = [parsed];
  let judged = 0;
  while (pending.length > 0) {
    const node = pending.pop();
    if (typeof node === 'string') {
      judged += 1;
      if (judged > EMBEDDED_JSON_LEAVES || isListedSecret(strength, node)) return true;
    } else if (typeof node === 'object' && node !== null) {
      for (const child of Object.values(node)) pending.push(child);
    }
  }
  return false;
}

/** A tracker's issue key: a project's capitals, a hyphen and a number (`SEC-42`, `PLAT2-1187`). */
const ISSUE_KEY = /^[A-Z][A-Z0-9]{1,9}-\d{1,7}$/;
const FILE_NAME =
  /^[\w./-]{1,200}\.(?:csv|json|txt|log|pdf|png|jpe?g|gif|svg|html?|xml|ya?ml|zip|gz|tar|parquet|md)$/i;
/** A time, or a number as short as the text rules allow one (a longer run of digits can be a key). */
const TIME_OR_NUMBER =
  /^(?:\d{4}-\d{2}-\d{2}(?:[T ][\d:.]{5,18}(?:Z|[+-]\d{2}:?\d{2})?)?|[+-]?\d{1,12}(?:\.\d{1,6})?)$/;

/**
 * The strength an object lends the fields that hold a setting's value (`value`, `Value`,
 * `ParameterValue`, `default`): that of the secret a name field beside them names (`{"name":
 * "DB_PASSWORD", "value": …}`, `{"Key": "api_token", "Value": …}`, `{"type": "secret", "value":
 * …}`), a password's when a flag beside them says the value is secret (`{"sensitive": true,
 * "value": …}`), else `inherited`, that of the key the object sits under (`"spring.datasource.password":
 * {"value": …}`). `values[i]` is the field of `keys[i]`, read once by the caller. 'none' when no
 * field holds a value.
 */
export function lentStrength(
  keys: readonly string[],
  values: readonly unknown[],
  inherited: KeyStrength,
): KeyStrength {
  let holdsValue = false;
  let named: KeyStrength = 'none';
  let flagged = false;
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index]!;
    const role = pairRole(key);
    if (role === 'value') holdsValue = true;
    else if (role === 'name' && named === 'none') {
      const name = values[index];
      if (typeof name === 'string' && name.length <= 128) named = secretKeyStrength(name);
    } else if (values[index] === true && SECRET_FLAGS.has(key.toLowerCase())) flagged = true;
  }
  if (!holdsValue) return 'none';
  // a flag that marks the value secret says more than any name: `terraform output -json`'s
  // `{"sensitive": true, "value": …}`, a pipeline variable's `{"isSecret": true, "value": …}`
  if (flagged) return 'password';
  return named === 'none' ? inherited : named;
}

/** Fields that, set to `true`, mark the value beside them as secret. */
const SECRET_FLAGS = new Set(['sensitive', 'issensitive', 'issecret', 'secret']);

/**
 * The strength a field's value is judged by: its key's own, or, for a field that holds a value,
 * what the object lends it (see {@link lentStrength}). A name field of such an entry (`Key`,
 * `name`) names the setting, so its own value (`"Key": "Name"`) is not judged as a secret. `own`
 * is the key's own strength, for a caller that has it already.
 */
export function fieldStrength(
  key: string,
  lent: KeyStrength,
  entry: boolean,
  own: KeyStrength = secretKeyStrength(key),
): KeyStrength {
  if (!entry) return own;
  const role = pairRole(key);
  if (role === 'value') return own === 'none' ? lent : own;
  return role === 'name' ? 'none' : own;
}

/**
 * Whether the value fields of a name/value entry (already copied into `record`) can stay when
 * judged by the name beside them; true for an object that is no entry.
 */
export function entryValuesCanStay(
  keys: readonly string[],
  record: Readonly<Record<string, unknown>>,
): boolean {
  const values = keys.map((key) => record[key]);
  const lent = lentStrength(keys, values, 'none');
  if (lent === 'none') return true;
  for (let index = 0; index < keys.length; index++) {
    const value = values[index];
    if (pairRole(keys[index]!) === 'value' && typeof value === 'string' && isSecretByKeyName(lent, value))
      return false;
  }
  return true;
}

/** Whether an object is a name/value entry: one of its keys holds a value (see {@link lentStrength}). */
export function isEntry(keys: readonly string[]): boolean {
  for (const key of keys) if (pairRole(key) === 'value') return true;
  return false;
}

/**
 * The strength a list under a key lends its items: a password's (`"userPassword": ["X"]` of an
 * LDAP entry, Tasmota's `"sta_pwd": ["X", ""]`), since every item of such a list is one, and that
 * of a name that says outright it holds a secret (`"privateKey": ["MIIEv…"]` of a Keycloak realm
 * export). A list under such a name often holds the secrets' names instead (`"secrets":
 * ["db-password"]`), so its items are judged by {@link isListedSecret}. Other names lend nothing.
 */
export function listStrength(strength: KeyStrength | undefined): KeyStrength | undefined {
  return strength === 'password' || strength === 'explicit' || strength === 'provider-secret'
    ? strength
    : undefined;
}

/**
 * Whether an item of a list under a key of `strength` (see {@link listStrength}) is a secret: any
 * value but a placeholder under a password's name; under another secret's name, only a value
 * with a token's length and randomness, so the names of secrets stay.
 */
export function isListedSecret(strength: KeyStrength, item: string): boolean {
  if (strength === 'password') return isSecretByKeyName(strength, item);
  return isSecretByKeyName(strength, item) && isCredentialValue(item, 'secret');
}

/**
 * Whether an object or a list under a key of `strength` holds what only a walk that lends it that
 * strength can judge: a name/value entry (`"spring.datasource.password": {"value": …}`), a list
 * of secrets (`"userPassword": ["X"]`, see {@link listStrength}), or rich text that wraps the
 * secret (`"Password": {"rich_text": [{"plain_text": "X"}]}`, see {@link TEXT_WRAPPERS}).
 */
export function holdsSecretBelow(strength: KeyStrength, value: object, depth = 0): boolean {
  if (strength === 'none') return false;
  try {
    if (!Array.isArray(value)) {
      const keys = Object.keys(value);
      if (isEntry(keys)) return true;
      if (depth >= WRAPPING_DEPTH) return false;
      for (const key of keys) {
        if (!TEXT_WRAPPERS.has(key)) continue;
        const field = (value as Record<string, unknown>)[key];
        if (
          typeof field === 'string' ? isSecretByKeyName(strength, field) : holdsBelow(strength, field, depth)
        )
          return true;
      }
      return false;
    }
    if (listStrength(strength) === undefined) return false;
    for (const item of value) {
      if (typeof item === 'string' ? isListedSecret(strength, item) : holdsBelow(strength, item, depth))
        return true;
    }
    return false;
  } catch {
    return true; // a value that cannot be read here is left to the careful walk
  }
}

function holdsBelow(strength: KeyStrength, field: unknown, depth: number): boolean {
  return (
    typeof field === 'object' &&
    field !== null &&
    depth < WRAPPING_DEPTH &&
    holdsSecretBelow(strength, field, depth + 1)
  );
}

/**
 * Keys under which rich-text formats keep a field's text: Notion's `rich_text` and `plain_text`
 * (`"Password": {"rich_text": [{"plain_text": "X"}]}`), and the `text` and `content` of
 * Atlassian's and Slack's documents. Under a secret's name, the text they hold is that secret.
 */
const TEXT_WRAPPERS = new Set(['rich_text', 'richText', 'plain_text', 'plainText', 'text', 'content']);
/** How deep below a secret's name such wrappers are followed. */
const WRAPPING_DEPTH = 4;

/**
 * The strength a field of an object under a secret's name takes from that name when the field
 * wraps the object's text (see {@link TEXT_WRAPPERS}); undefined for any other field.
 */
export function wrappedStrength(key: string, inherited: KeyStrength | undefined): KeyStrength | undefined {
  return inherited !== undefined && inherited !== 'none' && TEXT_WRAPPERS.has(key) ? inherited : undefined;
}

/** Most names a name/value list is read for: longer lists of strings are data, not settings. */
const PAIR_LIST_LIMIT = 256;

/**
 * The strengths of a name/value list's values: `["requirepass", "X", "port", "6379"]` (Redis's
 * `CONFIG GET` and `HGETALL` replies), `["api_key", "X"]` (a key/value pair as a tuple). The list
 * holds an even number of items, and every other one, from the first, is a setting's name; each
 * value is judged by the name before it. Undefined when the list is no such list or names no
 * secret.
 */
export function pairStrengths(list: readonly unknown[]): KeyStrength[] | undefined {
  const length = list.length;
  if (length < 2 || length % 2 !== 0 || length > PAIR_LIST_LIMIT * 2) return undefined;
  let strengths: KeyStrength[] | undefined;
  // a list of field names (`["token", "type", "id", "name"]`, a schema's `required`) holds only
  // words: a list of pairs holds at least one value that is none
  let onlyWords = true;
  for (let index = 0; index < length; index += 2) {
    const name = list[index];
    if (typeof name !== 'string' || !SETTING_NAME.test(name)) return undefined;
    const value = list[index + 1];
    if (onlyWords && !(typeof value === 'string' && FIELD_NAME.test(value))) onlyWords = false;
    const strength = secretKeyStrength(name);
    if (strength === 'none') continue;
    strengths ??= new Array<KeyStrength>(length).fill('none');
    strengths[index + 1] = strength;
  }
  return onlyWords ? undefined : strengths;
}

/**
 * A table written as a list of rows whose first row holds the column names, as the Sheets API,
 * CSV readers and `to_dict('split')` return one (`[["Login", "Password"], ["ops", "X"]]`): the
 * strength of each column's name, by which the cells of the other rows are judged. Undefined when
 * the list is no such table or no column names a secret.
 */
export function headerRowStrengths(list: readonly unknown[]): KeyStrength[] | undefined {
  if (list.length < 2 || !Array.isArray(list[1])) return undefined;
  const header = list[0];
  if (!Array.isArray(header) || header.length === 0 || header.length > PAIR_LIST_LIMIT) return undefined;
  let secret = false;
  const strengths: KeyStrength[] = [];
  for (const name of header) {
    if (typeof name !== 'string' || name.length > 128) return undefined;
    const strength = secretKeyStrength(name);
    if (strength !== 'none') secret = true;
    strengths.push(strength);
  }
  return secret ? strengths : undefined;
}

/** Whether a list's items are judged by names it holds: a name/value list, a table with a header row, or a command's arguments. */
export function isJudgedByNames(list: readonly unknown[]): boolean {
  return (
    pairStrengths(list) !== undefined ||
    headerRowStrengths(list) !== undefined ||
    argvStrengths(list) !== undefined
  );
}

/** A command-line flag as an argument list holds one: `-p`, `--password`, `-pX`, `--password=X`. */
const FLAG = /^--?[A-Za-z][\w.=:@%+/-]{0,255}$/;
const ARGV_ITEMS = 64;
const HYPHEN = 45;
const ARGV_LENGTH = 4096;

/**
 * The strengths of a command's arguments, as a container's `Cmd`, `args` or `command`, or a
 * process's `cmdline`, lists them one string each (`["mysql", "-uroot", "-pX"]`, `["redis-server",
 * "--requirepass", "X"]`): read as the command line they make, the arguments a credential rule
 * finds a secret in are judged as passwords. Undefined when the list holds no flag, is no list of
 * short strings, or its command line holds no credential.
 */
export function argvStrengths(list: readonly unknown[]): KeyStrength[] | undefined {
  if (list.length < 2 || list.length > ARGV_ITEMS) return undefined;
  let flags = false;
  let length = 0;
  for (const item of list) {
    if (typeof item !== 'string' || item.includes('\n')) return undefined;
    length += item.length + 1;
    if (length > ARGV_LENGTH) return undefined;
    if (!flags && item.charCodeAt(0) === HYPHEN && FLAG.test(item)) flags = true;
  }
  if (!flags) return undefined;
  const line = (list as readonly string[]).join(' ');
  const spans = credentialRule.find(line);
  if (spans.length === 0) return undefined;
  const strengths = new Array<KeyStrength>(list.length).fill('none');
  let start = 0;
  for (let index = 0; index < list.length; index += 1) {
    const end = start + (list[index] as string).length;
    if (spans.some((span) => span.start < end && span.end > start)) strengths[index] = 'password';
    start = end + 1;
  }
  return strengths;
}

/** A field's name as a list of names holds it: letters, `_` and `-`. */
const FIELD_NAME = /^[A-Za-z_][A-Za-z_-]{0,63}$/;

/** A setting's name: a word of letters, digits, `_`, `-` and `.`, as configuration writes one. */
const SETTING_NAME = /^[A-Za-z_][\w.-]{0,63}$/;

/** Keys that hold a table's column names, and keys that hold its rows, in query results. */
const COLUMN_KEYS = new Set([
  'columns',
  'cols',
  'fields',
  'headers',
  'header',
  'columnNames',
  'column_names',
]);
const ROW_KEYS = new Set(['rows', 'data', 'values', 'records']);

/**
 * A table a query tool returns as columns and rows (`{"columns": ["user", "api_key"], "rows":
 * [["ada", "X"]]}`, columns also as `{"name": …}` objects): the index of the key that holds the
 * rows, and the strength of each column's name, by which each row's cells are judged. `values[i]`
 * is the field of `keys[i]`, read once by the caller. Undefined when the object is no such table
 * or no column names a secret.
 */
export function tableStrengths(
  keys: readonly string[],
  values: readonly unknown[],
): { rows: number; strengths: KeyStrength[] } | undefined {
  const table = tableKeys(keys);
  if (table === undefined) return undefined;
  const columns = values[table.columns];
  if (!Array.isArray(values[table.rows]) || !Array.isArray(columns)) return undefined;
  if (columns.length > PAIR_LIST_LIMIT) return undefined;
  let secret = false;
  const strengths = columns.map((column: unknown) => {
    const name =
      typeof column === 'object' && column !== null ? (column as Record<string, unknown>).name : column;
    const strength = typeof name === 'string' && name.length <= 128 ? secretKeyStrength(name) : 'none';
    if (strength !== 'none') secret = true;
    return strength;
  });
  return secret ? { rows: table.rows, strengths } : undefined;
}

/** Where an object's keys hold a table's column names and its rows, if it has both. */
export function tableKeys(keys: readonly string[]): { columns: number; rows: number } | undefined {
  let columns = -1;
  let rows = -1;
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index]!;
    if (COLUMN_KEYS.has(key)) columns = index;
    else if (ROW_KEYS.has(key)) rows = index;
  }
  return columns === -1 || rows === -1 ? undefined : { columns, rows };
}

/**
 * Whether two key lists hold the same keys in the same order: the rows of a list repeat their
 * keys, so a walk that found one row's keys clean, with their strengths, can reuse that answer.
 */
export function sameKeys(keys: readonly string[], last: readonly string[] | undefined): boolean {
  if (last === undefined || last.length !== keys.length) return false;
  for (let index = 0; index < keys.length; index++) if (keys[index] !== last[index]) return false;
  return true;
}

/**
 * The keys that say which fields of a sibling are sensitive, as Terraform's JSON writes them
 * (`terraform show -json`, `terraform plan -json`): `values` beside `sensitive_values`, `after`
 * beside `after_sensitive`, `before` beside `before_sensitive`. Each mirror holds `true` where
 * the field it mirrors is sensitive, and an object or a list where a field below it is.
 */
const SENSITIVE_MIRRORS: ReadonlyMap<string, string> = new Map([
  ['values', 'sensitive_values'],
  ['after', 'after_sensitive'],
  ['before', 'before_sensitive'],
]);

/**
 * For an object whose keys pair a field with its sensitivity mirror (see {@link SENSITIVE_MIRRORS}),
 * the mirror of each such field, by the field's index; undefined for any other object.
 */
export function sensitiveMirrors(
  keys: readonly string[],
  fields: readonly unknown[],
): Map<number, object> | undefined {
  let mirrors: Map<number, object> | undefined;
  for (let index = 0; index < keys.length; index++) {
    const mirrorKey = SENSITIVE_MIRRORS.get(keys[index] as string);
    if (mirrorKey === undefined) continue;
    const mirror = fields[keys.indexOf(mirrorKey)];
    if (typeof mirror !== 'object' || mirror === null) continue;
    mirrors ??= new Map();
    mirrors.set(index, mirror);
  }
  return mirrors;
}

/** Whether an object's keys pair a field with its sensitivity mirror: the careful walk reads those. */
export function hasSensitiveMirror(keys: readonly string[]): boolean {
  for (const [field, mirror] of SENSITIVE_MIRRORS)
    if (keys.includes(field) && keys.includes(mirror)) return true;
  return false;
}

/** What a mirror says of the field at `key` (or index) below it: sensitive, a mirror of its own, or nothing. */
export function mirrorBelow(mirror: object | undefined, key: string | number): object | true | undefined {
  if (mirror === undefined) return undefined;
  const below = (mirror as Record<string | number, unknown>)[key];
  if (below === true) return true;
  return typeof below === 'object' && below !== null ? below : undefined;
}

/** The regular expressions above, for the ReDoS check. */
export const KEY_NAME_VALUE_PATTERNS: readonly RegExp[] = [
  SENTENCE,
  ENUM_LIKE,
  TIME_OR_NUMBER,
  FILE_NAME,
  ISSUE_KEY,
  SETTING_NAME,
  FLAG,
];
