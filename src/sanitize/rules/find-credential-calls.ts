import { CODE, isQuote } from '../char-codes.js';
import type { Found } from '../leak-rule.js';
import {
  eachMatch,
  hasWhitespace,
  isBlank,
  isSpaceCode,
  isWordCode,
  scanLeft,
  scanRight,
} from '../text-scan.js';
import { cachedKeyStrength, isCredentialValue } from './find-secret-assignments.js';
import type { KeyStrength } from './secret-key-names.js';

/**
 * Credentials passed as string literals to a call or a tuple whose name says what they are:
 * `PasswordAuthenticator('svc', 'X')`, `HTTPBasicAuth("u", "X")`, `new NetworkCredential("u",
 * "X")`, `smtp.login('u', 'X')`, `setPassword("X")`, `auth=('u', 'X')`, and a provider's client
 * built with its key: `algoliasearch('APPID', 'X')`, `twilio(sid, 'X')`.
 */

/** The bracket that opens a call's arguments or a tuple. */
const OPENING = /[([]/g;

/**
 * Words a constructor adds to what it is named for: a provider's client (`algoliasearch`,
 * `StripeClient`) or a credential's holder (`PlainTextAuthProvider`).
 */
const CLIENT_SUFFIX = /[_-]?(?:search|client|sdk|api|js|node|provider|factory|handler)$/i;
/** A setter of one secret: `setPassword("X")`, `withToken('X')`. */
const SETTER = /^(?:set|with|use)[A-Z_]/;
const LOGIN_CALL = /(?:^|[._])(?:login|log_in|logIn|signIn|sign_in|authenticate|auth)$/;
/** A call that unlocks a wallet or a keystore with its passphrase: geth's `personal.unlockAccount(addr, "X", 300)`. */
const UNLOCK_CALL = /^unlock(?:Account|Wallet|Keystore|Keyring)?$/;
const PLAIN_WORD = /^[a-z]+$/;

const ARGUMENTS_LENGTH = 512;
const MOST_ARGUMENTS = 6;

interface Literal {
  start: number;
  end: number;
}

/** The string literals among the first arguments after `open`, up to the closing bracket or a nested one. */
function readLiterals(text: string, open: number): Literal[] {
  const literals: Literal[] = [];
  const limit = Math.min(text.length, open + ARGUMENTS_LENGTH);
  let cursor = open + 1;
  while (cursor < limit && literals.length < MOST_ARGUMENTS) {
    const code = text.charCodeAt(cursor);
    // a nested call or list is read from its own bracket
    if (
      code === CODE.CLOSE_PAREN ||
      code === CODE.CLOSE_BRACKET ||
      code === CODE.OPEN_PAREN ||
      code === CODE.OPEN_BRACKET ||
      code === CODE.NEWLINE
    )
      break;
    if (!isQuote(code)) {
      cursor += 1;
      continue;
    }
    const start = cursor + 1;
    let end = start;
    while (end < limit && text.charCodeAt(end) !== code && text.charCodeAt(end) !== CODE.NEWLINE) {
      end += text.charCodeAt(end) === CODE.BACKSLASH ? 2 : 1;
    }
    if (end >= limit || text.charCodeAt(end) !== code) break;
    literals.push({ start, end });
    cursor = end + 1;
  }
  return literals;
}

function isNameCode(code: number): boolean {
  return isWordCode(code) || code === CODE.DOLLAR;
}

/** The name before the bracket at `open`: a callee, or a key with `=` or `:` (`auth=(`). */
function nameBefore(text: string, open: number): string {
  let end = scanLeft(text, open, isBlank, 4);
  const code = text.charCodeAt(end - 1);
  if (code === CODE.EQUALS || code === CODE.COLON) end = scanLeft(text, end - 1, isBlank, 4);
  return text.slice(scanLeft(text, end, isNameCode, 61), end);
}

/** The keyword of an argument that starts at `start` (`password: 'X'`, `password='X'`), if it has one. */
function labelBefore(text: string, start: number): string | undefined {
  const end = scanLeft(text, start, isBlank, 4);
  const code = text.charCodeAt(end - 1);
  if (code !== CODE.EQUALS && code !== CODE.COLON) return undefined;
  const nameEnd = scanLeft(text, end - 1, isBlank, 4);
  const name = text.slice(scanLeft(text, nameEnd, isNameCode, 61), nameEnd);
  return name.length > 0 ? name : undefined;
}

/** The strength of the module before a callee (`cohere` in `cohere.ClientV2(`), read as a provider's name only. */
function qualifierStrength(text: string, nameStart: number): KeyStrength {
  if (text.charCodeAt(nameStart - 1) !== CODE.DOT) return 'none';
  const qualifier = text.slice(scanLeft(text, nameStart - 1, isWordCode, 32), nameStart - 1);
  const strength = qualifier.length >= 3 ? cachedKeyStrength(qualifier) : 'none';
  return strength === 'provider' || strength === 'provider-secret' ? strength : 'none';
}

/** Whether a literal is a keyword argument whose keyword names no secret (`apiVersion: '…'`). */
function namesOtherThanSecret(text: string, literal: Literal): boolean {
  const label = labelBefore(
    text,
    isQuote(text.charCodeAt(literal.start - 1)) ? literal.start - 1 : literal.start,
  );
  return label !== undefined && cachedKeyStrength(label) === 'none';
}

function calleeStrength(name: string): KeyStrength {
  const strength = cachedKeyStrength(name);
  if (strength !== 'none') return strength;
  if (UNLOCK_CALL.test(name)) return 'password';
  // `smtp.login('u', 'X')`, `client.authenticate(u, X)`: a call that logs in takes the password
  if (LOGIN_CALL.test(name)) return 'secret';
  const bare = name.replace(CLIENT_SUFFIX, '');
  return bare.length >= 4 && bare !== name ? cachedKeyStrength(bare) : 'none';
}

/**
 * A database connection opened with positional arguments, a place, a user and a password:
 * Perl's `DBI->connect("dbi:Pg:…", "app", "X")`, PHP's `mysqli_connect("db", "app", "X", "shop")`
 * and `new PDO("mysql:…", "app", "X")`, JDBC's `DriverManager.getConnection(url, "app", "X")`.
 */
const CONNECT_CALL = /^(?:connect|\w{1,30}_connect|real_connect|getConnection|PDO)$/;

function findConnectPassword(text: string, open: number, literals: readonly Literal[], found: Found): void {
  // the place may be a variable (`getConnection(url, "app", "X")`): the literals start one later
  const placeIsLiteral = isQuote(text.charCodeAt(scanRight(text, open + 1, isBlank, 8)));
  const password = literals[placeIsLiteral ? 2 : 1];
  if (password === undefined) return;
  const value = text.slice(password.start, password.end);
  if (!hasWhitespace(value) && isCredentialValue(value, 'password')) found(password.start, password.end);
}

/** A place a client connects to: a URL, a host with a port, an address, or a dotted host name. */
const PLACE =
  /^(?:[a-z][a-z0-9+.-]{1,15}:\/\/\S{1,200}|[\w.-]{1,200}:\d{2,5}|(?:[\w-]{1,63}\.){1,8}[a-z]{2,24})$/i;
/** A user's name as a client takes it: no blanks, no quotes. */
const USER_NAME = /^[\w.@+-]{1,64}$/;

/**
 * Any call given a place, a user and a password as its first three literals, whatever it is
 * named: ArcGIS's `GIS("https://…", "admin", "X")`, Nim's `open("10.0.0.7:5432", "shop", "X", "orders")`,
 * `ftplib.FTP("ftp.example.com", "u", "X")`. The third must look random, since a call that takes
 * a place and two words is as often a lookup (`translate("https://…", "en", "Bonjour")`).
 */
function findPlaceUserPassword(text: string, literals: readonly Literal[], found: Found): void {
  const [place, user, password] = literals as [Literal, Literal, Literal | undefined];
  if (password === undefined) return;
  if (!PLACE.test(text.slice(place.start, place.end)) || !USER_NAME.test(text.slice(user.start, user.end)))
    return;
  const value = text.slice(password.start, password.end);
  if (hasWhitespace(value)) return;
  // random, or typed as a password is: a digit, a letter, and a capital or a symbol beyond those
  // that ids and regions are joined with (`us-east-1a`, `build_42.1` are no passwords)
  const typed = value.length >= 8 && TYPED_PASSWORD.test(value) && isCredentialValue(value, 'password');
  if (typed || isCredentialValue(value, 'secret')) found(password.start, password.end);
}

/** A digit, a letter, and a capital or a symbol other than `-`, `_` and `.`. */
const TYPED_PASSWORD =
  /^(?=\D{0,127}\d)(?=[^A-Za-z]{0,127}[A-Za-z])(?=[^A-Z!-,/:-@[-^`{-~]{0,127}[A-Z!-,/:-@[-^`{-~])/;

/** Finds credentials passed to calls and tuples named for them (see the file comment). */
export function findCredentialCalls(text: string, found: Found): void {
  if (text.indexOf('(') === -1 && text.indexOf('[') === -1) return;
  eachMatch(OPENING, text, (match) => {
    const open = match.index;
    const next = text.charCodeAt(open + 1);
    // a call with literal arguments opens on a quote, a blank or a name before one
    if (!isQuote(next) && !isSpaceCode(next) && !isNameCode(next)) return undefined;
    const name = nameBefore(text, open);
    if (name.length < 2) return undefined;
    // read once: every reader below takes the same literals
    const literals = readLiterals(text, open);
    findPlaceUserPassword(text, literals, found);
    if (CONNECT_CALL.test(name)) {
      findConnectPassword(text, open, literals, found);
      return undefined;
    }
    // a client named by its module: `cohere.ClientV2("X")`, `anthropic.Anthropic("X")`
    const own = calleeStrength(name);
    const strength = own === 'none' ? qualifierStrength(text, open - name.length) : own;
    if (strength === 'none' || literals.length === 0) return undefined;
    if (strength === 'provider' || strength === 'provider-secret') {
      for (const literal of literals) {
        // an option the client is given, named for what it is: `{ apiVersion: '2024-11-20.acacia' }`
        if (namesOtherThanSecret(text, literal)) continue;
        if (isCredentialValue(text.slice(literal.start, literal.end), 'provider'))
          found(literal.start, literal.end);
      }
      return undefined;
    }
    // a user and a password, a setter of the one secret it names, or a call named for the secret
    // it takes (`Auth.api_key("X")`)
    const secret = literals[literals.length - 1] as Literal;
    // a client's `auth` takes the password alone: Redis clients' `client.auth("X")`, OpenResty's `red:auth("X")`
    const clientAuth = name === 'auth' && isMethodCall(text, open - name.length);
    if (literals.length < 2 && !SETTER.test(name) && strength !== 'explicit' && !clientAuth) return undefined;
    const value = text.slice(secret.start, secret.end);
    if (hasWhitespace(value)) return undefined;
    // a keyword argument is what its keyword names: `passwordVariable: 'NEXUS_PW'` is no password
    if (namesOtherThanSecret(text, secret)) return undefined;
    if (strength !== 'password' && PLAIN_WORD.test(value)) return undefined;
    // a lone literal to a call named for a secret must look random: `data.token("session_length")` is a lookup
    const lone = literals.length < 2 && !SETTER.test(name);
    if (isCredentialValue(value, lone ? 'secret' : 'password')) found(secret.start, secret.end);
    return undefined;
  });
}

/** Whether the callee at `nameStart` is a method: `client.auth`, Lua's `red:auth`. */
function isMethodCall(text: string, nameStart: number): boolean {
  const before = text.charCodeAt(nameStart - 1);
  return (before === CODE.DOT || before === CODE.COLON) && isWordCode(text.charCodeAt(nameStart - 2));
}

/** The regular expressions above, for the ReDoS check. */
export const CREDENTIAL_CALL_PATTERNS: readonly RegExp[] = [
  OPENING,
  PLACE,
  USER_NAME,
  TYPED_PASSWORD,
  UNLOCK_CALL,
  CONNECT_CALL,
  CLIENT_SUFFIX,
  SETTER,
  LOGIN_CALL,
  PLAIN_WORD,
];
