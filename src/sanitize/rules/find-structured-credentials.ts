import { CODE, isAlphanumeric, isDigit, isHex, isQuote } from '../char-codes.js';
import { holds, keywords, keywordsIn, type PatternGate } from '../keyword-gate.js';
import type { Found } from '../leak-rule.js';
import { eachMatch, isSpaceCode, isWordCode, lineEnd, matchStarts } from '../text-scan.js';
import { isCredentialValue } from './find-secret-assignments.js';
import { isPlaceholderBody, isPlaceholderValue } from './placeholders.js';
import { keyStrength } from './secret-key-names.js';

const isWordOrDash = (code: number) => isWordCode(code) || code === CODE.HYPHEN;

function runLeft(text: string, before: number, accepts: (code: number) => boolean, maximum: number): number {
  let cursor = before;
  const limit = Math.max(0, before - maximum);
  while (cursor > limit && accepts(text.charCodeAt(cursor - 1))) cursor -= 1;
  return cursor;
}

function runRight(text: string, from: number, accepts: (code: number) => boolean, maximum: number): number {
  let cursor = from;
  const limit = Math.min(text.length, from + maximum);
  while (cursor < limit && accepts(text.charCodeAt(cursor))) cursor += 1;
  return cursor;
}

function eachIndexOf(text: string, needle: string, visit: (index: number) => void): void {
  for (let index = text.indexOf(needle); index !== -1; index = text.indexOf(needle, index + needle.length))
    visit(index);
}

/**
 * The markers below, each with what must stand before it where that is one character: a
 * Facebook app token's `|` follows the last digit of its app id.
 */
const INFIX_MARKS = keywords(
  'q~',
  ...Array.from({ length: 10 }, (_, digit) => `${digit}|`),
  '%7c',
  ':a',
  't3blbkfj',
  '.atlasv1.',
);

/**
 * Tokens recognised by a marker inside them rather than a prefix: Azure AD client secrets
 * (`…8Q~…`), Facebook app tokens (`<app id>|<secret>`), Telegram bot tokens (`<bot id>:A…`),
 * legacy OpenAI keys (`…T3BlbkFJ…`), Firebase Cloud Messaging server keys (`AAAA…:APA91b…`) and
 * Terraform Cloud tokens (`….atlasv1.…`).
 */
export function findInfixTokens(text: string, reportFound: Found, held = keywordsIn(text)): void {
  if (!holds(held, INFIX_MARKS)) return;
  const found: Found = (start, end) => {
    if (!isPlaceholderBody(text.slice(start, end))) reportFound(start, end);
  };
  const isAzureCode = (code: number) =>
    isAlphanumeric(code) || code === CODE.UNDERSCORE || code === CODE.TILDE || code === CODE.DOT;
  eachIndexOf(text, 'Q~', (index) => {
    if (!isDigit(text.charCodeAt(index - 1))) return;
    const start = index - 4;
    if (start < 0 || runLeft(text, index - 1, isAzureCode, 3) !== start) return;
    if (start > 0 && isAzureCode(text.charCodeAt(start - 1))) return;
    const end = runRight(text, index + 2, (code) => isAzureCode(code) || code === CODE.HYPHEN, 35);
    if (end - index - 2 >= 31 && end - index - 2 <= 34) found(start, end);
  });
  const appToken = (separator: number, separatorLength: number) => {
    const digitsStart = runLeft(text, separator, isDigit, 17);
    const digits = separator - digitsStart;
    if (digits < 15 || digits > 16) return;
    const end = runRight(text, separator + separatorLength, isWordOrDash, 41);
    const length = end - separator - separatorLength;
    if (length >= 27 && length <= 40) found(digitsStart, end);
  };
  eachIndexOf(text, '|', (index) => appToken(index, 1));
  eachIndexOf(text, '%7C', (index) => appToken(index, 3));
  eachIndexOf(text, ':A', (index) => {
    const digitsStart = runLeft(text, index, isDigit, 17);
    const digits = index - digitsStart;
    // a bot token stands alone, or glued to `bot` as Telegram's API paths write it: `/bot8403…:AA…`
    if (digits < 5 || digits > 16) return;
    if (isWordCode(text.charCodeAt(digitsStart - 1)) && !text.startsWith('bot', digitsStart - 3)) return;
    const end = runRight(text, index + 2, isWordOrDash, 36);
    if (end - index - 2 >= 33 && end - index - 2 <= 35) found(digitsStart, end);
  });
  eachIndexOf(text, 'T3BlbkFJ', (index) => {
    const start = runLeft(text, index, isWordOrDash, 128);
    const end = runRight(text, index + 8, isWordOrDash, 128);
    if (end - start >= 40) found(start, end);
  });
  // a Firebase Cloud Messaging server key: `AAAA` and 7 characters, `:APA91b`, then 134
  eachIndexOf(text, ':APA91b', (index) => {
    const start = runLeft(text, index, isWordOrDash, 11);
    if (index - start !== 11 || !text.startsWith('AAAA', start)) return;
    const end = runRight(text, index + 7, isWordOrDash, 200);
    if (end - index - 7 >= 120) found(start, end);
  });
  eachIndexOf(text, '.atlasv1.', (index) => {
    const start = runLeft(text, index, isAlphanumeric, 14);
    const end = runRight(text, index + 9, (code) => isWordOrDash(code) || code === CODE.EQUALS, 70);
    if (index - start === 14 && end - index - 9 >= 60) found(start, end);
  });
}

const CURL = /\b(?:curl|wget|http|etcdctl)\b/g;
const CURL_WORDS = keywords('curl', 'wget', 'http', 'etcdctl');
const USER_OPTION = /[ \t](?:-u|--user|--proxy-user|--http-user|--password)(?:=|[ \t]{1,5})/g;

/** Reads a shell word, quoted parts included: `'user:pass'`, `kevin:'pR…'`, `"{a}":"{b}"`. */
function shellWordEnd(text: string, from: number): number {
  let cursor = from;
  const limit = Math.min(text.length, from + 512);
  while (cursor < limit) {
    const code = text.charCodeAt(cursor);
    if (isQuote(code)) {
      const close = text.indexOf(String.fromCharCode(code), cursor + 1);
      const newline = text.indexOf('\n', cursor + 1);
      // an unclosed quote ends the word: `-u user:pass"}` inside JSON is not part of it
      if (close === -1 || close > limit || (newline !== -1 && newline < close)) return cursor;
      cursor = close + 1;
      continue;
    }
    if (isSpaceCode(code) || code === CODE.BACKSLASH) break;
    cursor += 1;
  }
  return cursor;
}

/** Closing marks of the template parts of a `user:password` word: `{{…}}`, `${…}`, `$(…)`, `<…>`, `[…]`. */
const TEMPLATE_CLOSERS: Readonly<Record<string, string>> = {
  '{{': '}}',
  '${': '}',
  '$(': ')',
  '<': '>',
  '[': ']',
};

/** The word without its template and variable parts (`$NAME`), read by hand in one pass. */
function withoutTemplates(word: string): string {
  let kept = '';
  let index = 0;
  while (index < word.length) {
    const two = word.slice(index, index + 2);
    const opener =
      two in TEMPLATE_CLOSERS ? two : word.charAt(index) in TEMPLATE_CLOSERS ? word.charAt(index) : '';
    if (opener !== '') {
      const close = word.indexOf(TEMPLATE_CLOSERS[opener] as string, index + opener.length);
      if (close !== -1) {
        index = close + (TEMPLATE_CLOSERS[opener] as string).length;
        continue;
      }
    }
    if (word.charAt(index) === '$' && isWordCode(word.charCodeAt(index + 1))) {
      index += 1;
      while (index < word.length && isWordCode(word.charCodeAt(index))) index += 1;
      continue;
    }
    kept += word.charAt(index);
    index += 1;
  }
  return kept;
}
const PASSWORD_PLACEHOLDER = /^(?:change(?:it|me)|pass(?:word)?|pwd|test|token|secret)$/i;

/** Whether the password half of a `user:password` word is missing, a template or a placeholder. */
function isPlaceholderUser(word: string): boolean {
  const unquoted = word.replace(/["']/g, '');
  const bare = withoutTemplates(unquoted);
  const colon = bare.indexOf(':');
  const originalPassword = unquoted.slice(unquoted.indexOf(':') + 1);
  if (colon !== -1 && originalPassword.length > 0 && colon === bare.length - 1) return true; // `user:${PASS}`
  const user = colon === -1 ? bare : bare.slice(0, colon);
  const password = colon === -1 ? '' : bare.slice(colon + 1);
  const secret = password.length > 0 ? password : user;
  // braces that docs put around a value to fill in (`{password}`) hold a real one now and then:
  // IBM's examples write `--user "{apikey-id}":"{ZqL5kVrX1n8tA2}"`, a token with digits and both cases
  if (BRACED_TOKEN.test(secret)) return false;
  return (
    secret.length < 3 ||
    PASSWORD_PLACEHOLDER.test(secret) ||
    isPlaceholderValue(secret) ||
    // `-u consumer_key:consumer_secret`, `--user api_key:`: the names of what goes there, as docs write them
    (SECRET_NAME_WORDS.test(secret) && keyStrength(secret) !== 'none')
  );
}

/**
 * Words joined by `_`, `-` or `.`, or in camelCase, with no digit: a setting's name
 * (`consumer_secret`, `apiKey`), seldom a password. A single word (`supersecret`) may be one.
 */
const SECRET_NAME_WORDS =
  /^(?:[A-Za-z]{1,32}(?:[_.-][A-Za-z]{1,32}){1,4}|[a-z]{1,32}(?:[A-Z][a-z]{1,32}){1,4})$/;

/**
 * An API key sent as the user with a dummy password, as Freshdesk and Zendesk document it:
 * `curl -u 3Ecs2HUUiJFXN07GA9d1:X`. The key is the secret.
 */
function isTokenAsUser(word: string): boolean {
  const user = word.slice(0, word.indexOf(':')).replace(/["']/g, '');
  return user.length >= 16 && isCredentialValue(user, 'secret');
}

/** A token in braces: digits, capitals and small letters, which no name to fill in holds. */
const BRACED_TOKEN = /^\{(?=[^}]{0,127}\d)(?=[^}]{0,127}[A-Z])(?=[^}]{0,127}[a-z])[\w+/.=-]{8,128}\}$/;

/** `curl -u user:password`, `--user 'user:password'` and the like (etcdctl's too), within 2 KiB after a command's name. */
export function findCommandCredentials(text: string, found: Found, held = keywordsIn(text)): void {
  if (!holds(held, CURL_WORDS)) return;
  // Options are read in order, each once: `next` is the first one not yet read, kept from one
  // command to the next, so that commands with no option near them cost one search to the end in
  // all rather than one each. Null once none is left.
  let next: RegExpExecArray | null | undefined;
  eachMatch(CURL, text, (match) => {
    if (next === undefined || (next !== null && next.index < match.index)) {
      USER_OPTION.lastIndex = match.index;
      next = USER_OPTION.exec(text);
    }
    const windowEnd = match.index + 2048;
    for (; next !== null && next.index < windowEnd; next = USER_OPTION.exec(text)) {
      const start = next.index + next[0].length;
      const end = shellWordEnd(text, start);
      const word = text.slice(start, end);
      if (word.length < 4 || !word.includes(':')) continue;
      if (!isPlaceholderUser(word)) found(start, end);
      else if (isTokenAsUser(word)) {
        // the key alone, inside its quote: `-u "KEY:x"` keeps `"` and `:x"` balanced
        const quote = isQuote(text.charCodeAt(start)) ? 1 : 0;
        found(start + quote, start + word.indexOf(':'));
      }
    }
  });
}

const DATA_BLOCK = /\b(?:data|stringData):[ \t]*\r?\n/g;
const SECRET_KIND = /\bkind:[ \t]*["']?secret\b/gi;
const ANY_KIND = /\bkind:/g;
const SECRET_KIND_AT = /kind:[ \t]*["']?secret\b/iy;
const SECRET_KIND_WORDS = keywords('kind:');
const DOCUMENT_BREAK = /\n---/g;

function indentation(text: string, lineStart: number): number {
  return runRight(text, lineStart, (code) => code === CODE.SPACE || code === CODE.TAB, 64) - lineStart;
}

/** Whether the `kind:` at `index`, before `end`, names a Secret. */
function isSecretKindAt(text: string, index: number | undefined, end: number): boolean {
  if (index === undefined || index >= end) return false;
  SECRET_KIND_AT.lastIndex = index;
  return SECRET_KIND_AT.test(text);
}

/** The values under `data:` (or `stringData:`) in a Kubernetes Secret manifest. */
export function findKubernetesSecretData(text: string, found: Found, held = keywordsIn(text)): void {
  if (!holds(held, SECRET_KIND_WORDS)) return;
  const kinds = matchStarts(SECRET_KIND, text);
  if (kinds.length === 0) return;
  const breaks = matchStarts(DOCUMENT_BREAK, text);
  const anyKinds = matchStarts(ANY_KIND, text);
  // matches come in order, so the lists are read with pointers that only move forward
  let kind = 0;
  let anyKind = 0;
  let nextBreak = 0;
  eachMatch(DATA_BLOCK, text, (match) => {
    while (nextBreak < breaks.length && (breaks[nextBreak] as number) < match.index) nextBreak += 1;
    // the same YAML document only (`---` starts another), and near the block
    const documentStart = nextBreak === 0 ? 0 : (breaks[nextBreak - 1] as number) + 1;
    const documentEnd = breaks[nextBreak] ?? text.length;
    const from = Math.max(documentStart, match.index - 600);
    while (kind < kinds.length && (kinds[kind] as number) < from) kind += 1;
    while (anyKind < anyKinds.length && (anyKinds[anyKind] as number) < match.index) anyKind += 1;
    // a Secret named near the block, or the object's own kind after it however long its data
    // (`kubectl get -o yaml` writes `data:` before `kind:`, and a key's base64 runs for kilobytes)
    const near = (kinds[kind] ?? text.length) < Math.min(documentEnd, match.index + 2400);
    if (!near && !isSecretKindAt(text, anyKinds[anyKind], documentEnd)) return;
    let lineStart = match.index;
    while (lineStart > from && text.charCodeAt(lineStart - 1) !== CODE.NEWLINE) lineStart -= 1;
    const baseIndent = indentation(text, lineStart);
    let cursor = match.index + match[0].length;
    let blockIndent = -1;
    for (let lines = 0; lines < 128 && cursor < text.length; lines += 1) {
      // a value's line runs as long as its base64 does (a CA bundle is hundreds of kilobytes)
      let end = lineEnd(text, cursor, 16_384);
      if (end - cursor >= 16_384) {
        const newline = text.indexOf('\n', end);
        end = newline === -1 ? text.length : newline;
      }
      const indent = indentation(text, cursor);
      const content = text.slice(cursor + indent, end);
      const next = end + (text.charCodeAt(end) === CODE.CARRIAGE_RETURN ? 2 : 1);
      if (content.length === 0 || content.startsWith('#')) {
        cursor = next;
        continue;
      }
      if (indent <= baseIndent && !(indent === baseIndent && content.startsWith('\t'))) break;
      if (blockIndent >= 0 && indent > blockIndent) {
        found(cursor + indent, end); // a line of a `|` or `>` block value
        cursor = next;
        continue;
      }
      blockIndent = -1;
      const colon = content.indexOf(':');
      if (colon > 0) {
        const value = content.slice(colon + 1).trim();
        if (/^[|>][-+]?$/.test(value)) blockIndent = indent;
        else if (value.length >= 10 && !isPlaceholderValue(value.replace(/^["']|["']$/g, ''))) {
          found(cursor + indent + colon + 1, end);
        }
      }
      cursor = next;
    }
    return cursor; // a `data:` inside the block just read is part of it
  });
}

/**
 * A value `reg query` lists, `    DefaultPassword    REG_SZ    X`: Winlogon's autologon password,
 * a service's stored credential. The value is judged by its name.
 */
const REGISTRY_VALUE = /^[ \t]{2,16}(\S{1,128})[ \t]{2,16}REG_(?:SZ|EXPAND_SZ|MULTI_SZ)[ \t]{2,16}(?=\S)/gm;
const REGISTRY_WORDS = keywords('reg_');

export function findRegistryValues(text: string, found: Found, held = keywordsIn(text)): void {
  if (!holds(held, REGISTRY_WORDS)) return;
  eachMatch(REGISTRY_VALUE, text, (match) => {
    const strength = keyStrength(match[1] as string);
    if (strength === 'none') return;
    const start = match.index + match[0].length;
    let end = lineEnd(text, start, 1024);
    while (end > start && isSpaceCode(text.charCodeAt(end - 1))) end -= 1;
    if (isCredentialValue(text.slice(start, end), strength === 'provider' ? 'secret' : strength))
      found(start, end);
    return end;
  });
}

const XML_KEY_ATTRIBUTE = /\b(?:key|name)=["']/gi;
const XML_KEY_WORDS = keywords('key=', 'name=');
const XML_VALUE_ATTRIBUTE = /\b(?:value|content)=(["'])/i;
/** How much of a tag is read after its key attribute, and of the value attribute after it. */
const TAG_REACH = 1024;

/**
 * `<add key="ClearTextPassword" value="…"/>`: NuGet and .NET appSettings credentials; and a
 * page's `<meta name="api-secret" content="…">` and `<input name="token" value="…">`.
 */
export function findKeyValueAttributes(text: string, found: Found, held = keywordsIn(text)): void {
  if (!holds(held, XML_KEY_WORDS)) return;
  eachMatch(XML_KEY_ATTRIBUTE, text, (match) => {
    const quote = match[0].charAt(match[0].length - 1);
    const keyStart = match.index + match[0].length;
    const keyEnd = text.indexOf(quote, keyStart);
    if (keyEnd === -1 || keyEnd - keyStart > 128) return;
    const strength = keyStrength(text.slice(keyStart, keyEnd));
    if (strength === 'none') return;
    // the rest of the tag, read no further than TAG_REACH, so that many keys and no `>` stay linear
    const reach = text.slice(keyEnd, keyEnd + TAG_REACH);
    const tagEnd = reach.indexOf('>');
    const tag = tagEnd === -1 ? reach : reach.slice(0, tagEnd);
    const value = XML_VALUE_ATTRIBUTE.exec(tag);
    if (value === null) return;
    const valueStart = keyEnd + value.index + value[0].length;
    const valueLength = text.slice(valueStart, valueStart + TAG_REACH).indexOf(value[1] as string);
    if (valueLength === -1) return;
    const valueEnd = valueStart + valueLength;
    if (isCredentialValue(text.slice(valueStart, valueEnd), strength === 'provider' ? 'secret' : strength))
      found(valueStart, valueEnd);
  });
}

/**
 * A session id inside the key a session store files it under: connect-redis's `sess:<id>`,
 * PHP's `PHPREDIS_SESSION:<id>`, Spring's `spring:session:sessions:<id>`. Whoever holds the id
 * holds the session.
 */
const SESSION_STORE_KEY = /\b(?:sess|session|sessions|PHPREDIS_SESSION)[:_](?=[A-Za-z0-9_-]{20})/g;
const SESSION_ID_LENGTH = 128;
const SESSION_WORDS = keywords('sess');

/** Finds session ids in session store keys (see {@link SESSION_STORE_KEY}). */
export function findSessionStoreKeys(text: string, found: Found, held = keywordsIn(text)): void {
  if (!holds(held, SESSION_WORDS) || (text.indexOf('sess') === -1 && text.indexOf('SESS') === -1)) return;
  eachMatch(SESSION_STORE_KEY, text, (match) => {
    const start = match.index + match[0].length;
    let end = start;
    const limit = Math.min(text.length, start + SESSION_ID_LENGTH + 1);
    while (
      end < limit &&
      (isAlphanumeric(text.charCodeAt(end)) ||
        text.charCodeAt(end) === CODE.HYPHEN ||
        text.charCodeAt(end) === CODE.UNDERSCORE)
    )
      end += 1;
    if (end - start > SESSION_ID_LENGTH) return end;
    if (isCredentialValue(text.slice(start, end), 'explicit')) found(start, end);
    return end;
  });
}

/**
 * A line of a PostgreSQL password file, `hostname:port:database:username:password`, where the
 * port is digits or `*` and the host is a name, an address or `*`.
 */
const PGPASS_LINE = /^[A-Za-z0-9*][\w.*-]{0,252}:(?:\d{1,5}|\*):[^:\s]{1,63}:[^:\s]{1,63}:(?=\S)/gm;

/** Whether `value` holds a `:` that no backslash escapes. */
function hasBareColon(value: string): boolean {
  for (let index = value.indexOf(':'); index !== -1; index = value.indexOf(':', index + 1)) {
    if (value.charCodeAt(index - 1) !== CODE.BACKSLASH) return true;
  }
  return false;
}

/** Finds the password of each `.pgpass` line (see {@link PGPASS_LINE}). */
export function findPgpassPasswords(text: string, found: Found): void {
  if (text.indexOf(':') === -1) return;
  eachMatch(PGPASS_LINE, text, (match) => {
    const start = match.index + match[0].length;
    const end = lineEnd(text, start, 256);
    let last = end;
    while (last > start && isSpaceCode(text.charCodeAt(last - 1))) last -= 1;
    const password = text.slice(start, last);
    // the file escapes a colon in its last field (`\:`): a bare one means more fields, as a
    // certificate's fingerprint has (`A7:63:AD:27:29:3E:…`), so no password file's line
    if (hasBareColon(password)) return end;
    if (!/\s/.test(password) && isCredentialValue(password, 'password')) found(start, last);
    return end;
  });
}

/**
 * A line of a Windows password dump (pwdump, secretsdump, `hashdump`): `user:RID:LM:NT:::`. An NT
 * hash logs in as the user without the password (pass-the-hash), so both hashes go.
 */
const PWDUMP_LINE = /^[^:\s]{1,64}:\d{1,10}:(?=[0-9a-fA-F]{32}:[0-9a-fA-F]{32}:::)/gm;

const PWDUMP_END = keywords(':::');

/** Finds the LM and NT hashes of each password dump line (see {@link PWDUMP_LINE}). */
export function findPasswordDumpHashes(text: string, found: Found, held = keywordsIn(text)): void {
  if (!holds(held, PWDUMP_END) || text.indexOf(':::') === -1) return;
  eachMatch(PWDUMP_LINE, text, (match) => {
    const start = match.index + match[0].length;
    found(start, start + 65);
    return start + 65;
  });
}

/**
 * A Discord bot token: the bot's id in base64, a dot, a timestamp, a dot and an HMAC. Nothing
 * prefixes it, so the first part must decode to a 17 to 20 digit id.
 */
const DISCORD_TOKEN = /\b[MNO][A-Za-z0-9]{22,27}\.[\w-]{6,7}\.[\w-]{27,40}/g;
const SNOWFLAKE_ID = /^\d{17,20}$/;
/** The shortest token: a letter, 22 more, a dot, 6, a dot, 27. */
const DISCORD_TOKEN_LENGTH = 58;

/** Finds Discord bot tokens (see {@link DISCORD_TOKEN}). */
export function findDiscordTokens(text: string, found: Found): void {
  if (text.length < DISCORD_TOKEN_LENGTH) return;
  eachMatch(DISCORD_TOKEN, text, (match) => {
    const token = match[0];
    const id = Buffer.from(token.slice(0, token.indexOf('.')), 'base64').toString('latin1');
    if (SNOWFLAKE_ID.test(id)) found(match.index, match.index + token.length);
  });
}

/** How far the list after `accounts` is read for keys, in characters. */
const ACCOUNT_LIST_REACH = 8_192;
const ACCOUNTS = keywords('accounts');

/**
 * The private keys an Ethereum toolchain signs with, listed under a network's `accounts`
 * (Hardhat's `accounts: ["0x…"]`, Truffle's and Foundry's alike): `0x` and 64 hex digits. Under
 * that name such a value is a key; a transaction hash has the same shape, but no list of
 * accounts holds one, and an account's address is 40 digits.
 */
export function findNetworkAccountKeys(text: string, found: Found, held = keywordsIn(text)): void {
  if (!holds(held, ACCOUNTS)) return;
  // a list read already holds the names inside it: each character is read for a key once
  let readUntil = 0;
  eachIndexOf(text, 'accounts', (index) => {
    if (index < readUntil) return;
    if (isWordCode(text.charCodeAt(index - 1)) || isWordCode(text.charCodeAt(index + 8))) return;
    let cursor = index + 8;
    // `accounts: [`, `"accounts": [`, `accounts = [`
    while (isQuote(text.charCodeAt(cursor)) || isSpaceCode(text.charCodeAt(cursor))) cursor += 1;
    const operator = text.charCodeAt(cursor);
    if (operator !== CODE.COLON && operator !== CODE.EQUALS) return;
    cursor = runRight(text, cursor + 1, isSpaceCode, 64);
    if (text.charCodeAt(cursor) !== CODE.OPEN_BRACKET) return;
    const limit = Math.min(text.length, cursor + ACCOUNT_LIST_REACH);
    for (cursor += 1; cursor < limit && text.charCodeAt(cursor) !== CODE.CLOSE_BRACKET; cursor += 1) {
      if (text.charCodeAt(cursor) !== 48 || text.charCodeAt(cursor + 1) !== 120) continue; // `0x`
      const end = runRight(text, cursor + 2, isHex, 65);
      if (
        end - cursor - 2 === 64 &&
        !isWordCode(text.charCodeAt(end)) &&
        !isPlaceholderBody(text.slice(cursor + 2, end))
      )
        found(cursor, end);
      cursor = end - 1;
    }
    readUntil = cursor;
  });
}

/** A PuTTY key file's private part: `Private-Lines: N`, then N lines of base64. */
const PUTTY_PRIVATE_LINES = /^Private-Lines:[ \t]*(\d{1,3})[ \t]*\r?$/gm;
const PUTTY_PRIVATE = keywords('private-lines');
const PUTTY_LINE_LENGTH = 128;

/**
 * Finds the private lines of PuTTY `.ppk` files, encrypted or not. The block ends after its N
 * lines, or at the first line that is not base64 (`Private-MAC: …`, or the `[redacted]` that
 * took a block's place), so that redacted text does not read as a key again.
 */
export function findPuttyPrivateLines(text: string, found: Found, held = keywordsIn(text)): void {
  if (!holds(held, PUTTY_PRIVATE) || text.indexOf('Private-Lines') === -1) return;
  eachMatch(PUTTY_PRIVATE_LINES, text, (match) => {
    const start = match.index + match[0].length + 1;
    let end = start;
    for (let line = Number(match[1]); line > 0 && end < text.length; line -= 1) {
      const close = lineEnd(text, end, PUTTY_LINE_LENGTH);
      if (!isBase64Line(text, end, close)) break;
      end = close + lineBreakLength(text, close);
    }
    end = Math.min(end, text.length);
    while (end > start && isSpaceCode(text.charCodeAt(end - 1))) end -= 1;
    if (end > start) found(start, end);
    return end;
  });
}

/** How long the line break at `index` is: `\n`, `\r\n`, or the same escaped in JSON (`\\n`, `\\r\\n`). */
function lineBreakLength(text: string, index: number): number {
  if (text.startsWith('\r\n', index)) return 2;
  if (text.startsWith('\\r\\n', index)) return 4;
  return text.charCodeAt(index) === CODE.BACKSLASH ? 2 : 1;
}

function isBase64Line(text: string, start: number, end: number): boolean {
  if (end <= start) return false;
  for (let index = start; index < end; index += 1) {
    const code = text.charCodeAt(index);
    if (!isAlphanumeric(code) && code !== CODE.PLUS && code !== CODE.SLASH && code !== CODE.EQUALS)
      return false;
  }
  return true;
}

/**
 * A password stored with its scheme in braces, as Dovecot, OpenLDAP's `userPassword` and
 * htpasswd-style files write it: `{PLAIN}X`, `{CLEARTEXT}X`, and hashes such as `{SSHA}…`,
 * which can be cracked offline.
 */
const SCHEMED_PASSWORD =
  /\{(?:PLAIN|CLEAR|CLEARTEXT|CRYPT|MD5|SMD5|SHA|SSHA|SHA256|SSHA256|SHA512|SSHA512|SHA256-CRYPT|SHA512-CRYPT|BLF-CRYPT|ARGON2I|ARGON2ID|PBKDF2)\}/g;
const SCHEMED_PASSWORD_LENGTH = 512;

/** Finds passwords after a scheme in braces (see {@link SCHEMED_PASSWORD}). */
export function findSchemedPasswords(text: string, found: Found): void {
  if (text.indexOf('}') === -1) return;
  eachMatch(SCHEMED_PASSWORD, text, (match) => {
    const start = match.index + match[0].length;
    const end = runRight(
      text,
      start,
      (code) => !isSpaceCode(code) && !isQuote(code) && code !== CODE.COMMA,
      SCHEMED_PASSWORD_LENGTH,
    );
    if (end > start && isCredentialValue(text.slice(start, end), 'password')) found(start, end);
    return end;
  });
}

/** The patterns gated on keywords, with their words, for the test that no gate hides a match. */
export const STRUCTURED_GATES: readonly PatternGate[] = [
  [CURL, CURL_WORDS],
  [SECRET_KIND, SECRET_KIND_WORDS],
  [ANY_KIND, SECRET_KIND_WORDS],
  [REGISTRY_VALUE, REGISTRY_WORDS],
  [XML_KEY_ATTRIBUTE, XML_KEY_WORDS],
  [/Q~/, INFIX_MARKS],
  [/\d\|/, INFIX_MARKS],
  [/%7C/, INFIX_MARKS],
  [/:A/, INFIX_MARKS],
  [/T3BlbkFJ/, INFIX_MARKS],
  [/:APA91b/, INFIX_MARKS],
  [/\.atlasv1\./, INFIX_MARKS],
  [SESSION_STORE_KEY, SESSION_WORDS],
  [/:::/, PWDUMP_END],
  [/accounts/, ACCOUNTS],
  [/Private-Lines/, PUTTY_PRIVATE],
];

/** The regular expressions above, for the ReDoS check. */
export const STRUCTURED_PATTERNS: readonly RegExp[] = [
  REGISTRY_VALUE,
  SECRET_NAME_WORDS,
  ANY_KIND,
  SECRET_KIND_AT,
  DISCORD_TOKEN,
  SNOWFLAKE_ID,
  PUTTY_PRIVATE_LINES,
  SCHEMED_PASSWORD,
  SESSION_STORE_KEY,
  PGPASS_LINE,
  CURL,
  BRACED_TOKEN,
  PWDUMP_LINE,
  USER_OPTION,
  PASSWORD_PLACEHOLDER,
  DATA_BLOCK,
  SECRET_KIND,
  XML_KEY_ATTRIBUTE,
  XML_VALUE_ATTRIBUTE,
];
