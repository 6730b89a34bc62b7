import { CODE, isDigit } from '../char-codes.js';
import type { Found } from '../leak-rule.js';
import { isSpaceCode, matchStarts, scanLeft, scanRight } from '../text-scan.js';
import { isPlaceholderValue } from './placeholders.js';

/**
 * Connection strings that are not `scheme://` URLs, as drivers and clients write them, and the
 * documentation templates among URLs that must stay as written.
 */

/** The longest userinfo, connect identifier and template URL read, in characters. */
const USERINFO_LENGTH = 512;
const IDENTIFIER_LENGTH = 1024;
const TEMPLATE_URL_LENGTH = 256;

/** Characters of a connection-string word: anything but blanks, quotes, backslashes and brackets. */
function isDsnCode(code: number): boolean {
  return (
    !isSpaceCode(code) &&
    code !== CODE.DOUBLE_QUOTE &&
    code !== CODE.SINGLE_QUOTE &&
    code !== CODE.BACKTICK &&
    code !== CODE.BACKSLASH &&
    code !== CODE.LESS_THAN &&
    code !== CODE.GREATER_THAN
  );
}

/**
 * Where the userinfo of a URL ends when its password holds an unencoded `/`, as AWS secret keys
 * do (`s3://AKIA…:a1N/Bz…@bucket/key`), or `#` or `?`: the index of the `@`, or `authorityEnd`
 * when the URL has no such userinfo. `bodyStart` is just past `://`; the authority read so far
 * stops at the first `/`, `#` or `?`.
 * A `host:8080/path/@user` is not userinfo: the part after its colon is a port.
 */
export function userinfoEnd(
  text: string,
  bodyStart: number,
  authorityEnd: number,
  urlEnd: number,
  next: NextIndex,
): number {
  const stop = text.charCodeAt(authorityEnd);
  if (stop !== CODE.SLASH && stop !== CODE.HASH && stop !== CODE.QUESTION) return authorityEnd;
  let colon = -1;
  for (let index = bodyStart; index < authorityEnd; index += 1) {
    const code = text.charCodeAt(index);
    if (code === CODE.AT) return authorityEnd; // the userinfo ended already
    if (code === CODE.COLON && colon === -1) colon = index;
  }
  if (colon === -1 || colon === authorityEnd - 1) return authorityEnd;
  if (scanRight(text, colon + 1, isDigit, 6) === authorityEnd) return authorityEnd; // a port
  const at = next('@', authorityEnd);
  if (at === -1 || at >= Math.min(urlEnd, bodyStart + USERINFO_LENGTH)) return authorityEnd;
  // a password may hold `#` or `?` too (`build:Y^snz#@nexus…`); a query string (`?a=b&c=d@e`) is not one
  const pair = next('=', authorityEnd);
  const joint = next('&', authorityEnd);
  if ((pair !== -1 && pair < at) || (joint !== -1 && joint < at)) return authorityEnd;
  return at;
}

/** `text.indexOf(needle, from)`, remembered per needle, for callers whose `from` only grows. */
export type NextIndex = (needle: string, from: number) => number;

/** A {@link NextIndex} over `text`: each needle is searched for again only once `from` passes it. */
export function nextIndexFinder(text: string): NextIndex {
  const last = new Map<string, number>();
  return (needle, from) => {
    const known = last.get(needle);
    if (known !== undefined && (known === -1 || known >= from)) return known;
    const found = text.indexOf(needle, from);
    last.set(needle, found);
    return found;
  };
}

/** A host that only stands for one: `HOST`, `DB_HOST`, `your-host`, `hostname`, `<cluster>`, `${HOST}`. */
const PLACEHOLDER_HOST =
  /^(?:(?:your|my|db|database|server|cluster)[_-]?)?(?:host|hostname|server|servername|cluster|clustername|domain|address|addr|ip|endpoint|instance|account)(?:[_-]?(?:name|address|ip))?$/i;

/** Whether a host label or a password is a template marker: `<cluster>`, `{host}`, `${PASS}`, `%PW%`. */
function isTemplateMarker(part: string): boolean {
  const first = part.charCodeAt(0);
  return (
    first === CODE.LESS_THAN ||
    first === CODE.OPEN_BRACE ||
    first === CODE.DOLLAR ||
    first === CODE.PERCENT ||
    (first === CODE.OPEN_BRACKET && !part.includes(':')) // not an IPv6 literal
  );
}

/** `USER`, `PASSWORD`, `DB_PASS`: a password that names what goes there, in capitals. */
const CAPITAL_PLACEHOLDER = /^[A-Z][A-Z_]{1,30}$/;

/**
 * Whether the URL whose body starts at `bodyStart` is a documentation template:
 * `postgres://USER:PASSWORD@HOST:PORT/DB`, `mongodb+srv://<username>:<password>@<cluster>.mongodb.net/`,
 * `redis://:${REDIS_PASSWORD}@{host}:6379`. Its host must be (or hold) a placeholder, and its
 * password, when it has one, too; a real password or a real host keeps the URL a leak.
 */
export function isPlaceholderUrl(text: string, bodyStart: number): boolean {
  // a URI's grammar as docs write it, each optional part in brackets: `postgresql://[user[:password]@][host]`
  URI_GRAMMAR.lastIndex = bodyStart;
  if (URI_GRAMMAR.test(text)) return true;
  // templates use the brackets that end a URL elsewhere, so this reads over them, but not into
  // the next URL: a scan stops at `://`, so that each character is read for one URL only
  let end = bodyStart;
  let depth = 0;
  const limit = Math.min(text.length, bodyStart + TEMPLATE_URL_LENGTH);
  while (end < limit) {
    const code = text.charCodeAt(end);
    if (code === CODE.LESS_THAN || code === CODE.OPEN_BRACE) depth += 1;
    else if ((code === CODE.GREATER_THAN || code === CODE.CLOSE_BRACE) && depth > 0) depth -= 1;
    else if (depth === 0 && (code === CODE.SLASH || code === CODE.QUESTION || code === CODE.HASH)) break;
    else if (code === CODE.COLON && text.charCodeAt(end + 1) === CODE.SLASH) break;
    else if (
      isSpaceCode(code) ||
      code === CODE.DOUBLE_QUOTE ||
      code === CODE.SINGLE_QUOTE ||
      code === CODE.BACKTICK
    )
      break;
    end += 1;
  }
  const authority = text.slice(bodyStart, end);
  const at = authority.lastIndexOf('@');
  const hostPort = authority.slice(at + 1);
  const close = hostPort.indexOf(']');
  // `[fd00::1]:5432` is an address; `[host]:[port]` a template
  const bracketed = hostPort.startsWith('[') && close !== -1 && !hostPort.slice(0, close).includes(':');
  const host = bracketed
    ? hostPort.slice(0, close + 1)
    : hostPort.startsWith('[')
      ? hostPort
      : (hostPort.split(':', 1)[0] ?? '');
  // the whole host a placeholder word, or one of its labels a template: `<cluster>.mongodb.net`
  if (host.length === 0 || !(PLACEHOLDER_HOST.test(host) || host.split('.').some(isTemplateMarker)))
    return false;
  if (at === -1) return true;
  const userinfo = authority.slice(0, at);
  const colon = userinfo.indexOf(':');
  if (colon === -1) return true;
  const password = userinfo.slice(colon + 1);
  return (
    password.length === 0 ||
    isTemplateMarker(password) ||
    CAPITAL_PLACEHOLDER.test(password) ||
    isPlaceholderValue(password)
  );
}

/** An optional part of a URI's grammar, opened by a bracket and named in lower case: `[user[`, `[host]`. */
const URI_GRAMMAR = /\[[a-z]{2,16}[[\]]/y;

/** Go's MySQL driver DSN: `user:pass@tcp(host:port)/db`, `@unix(/path/mysqld.sock)/db`. */
const GO_DSN_NET = /@(?:tcp6?|udp|unix|memory|pipe)\(/g;

/** The clients that take an Oracle `user/password@connect_identifier` argument. */
const ORACLE_CLIENT = /\b(?:sqlplus|sqlldr|expdp|impdp|rman|dgmgrl|sqlcl|exp|imp|conn|connect)\b/gi;

/** After the `@`: `host:port`, or a bare TNS alias. */
const ORACLE_HOST_PORT = /^[A-Za-z0-9][\w.-]{0,252}:\d{2,5}(?:[/:]|$)/;
const ORACLE_ALIAS = /^[A-Za-z][\w.$#-]{0,127}$/;

function reportGoDsns(text: string, found: Found): void {
  GO_DSN_NET.lastIndex = 0;
  let coveredUntil = 0;
  // text known to hold no `)`: a search for the close of an address starts past it
  let noCloseUntil = 0;
  for (let match = GO_DSN_NET.exec(text); match !== null; match = GO_DSN_NET.exec(text)) {
    const at = match.index;
    if (at < coveredUntil) continue;
    const open = at + match[0].length;
    const from = Math.max(open, noCloseUntil);
    const close = scanRight(text, from, (code) => code !== CODE.CLOSE_PAREN, open + 300 - from);
    if (text.charCodeAt(close) !== CODE.CLOSE_PAREN) {
      noCloseUntil = close;
      continue;
    }
    const start = scanLeft(text, at, (code) => isDsnCode(code) && code !== CODE.OPEN_PAREN, USERINFO_LENGTH);
    const end = scanRight(
      text,
      close + 1,
      (code) => isDsnCode(code) && code !== CODE.CLOSE_PAREN && code !== CODE.COMMA,
      IDENTIFIER_LENGTH,
    );
    found(start, end);
    coveredUntil = end;
    GO_DSN_NET.lastIndex = Math.max(GO_DSN_NET.lastIndex, end);
  }
}

/** Characters of an Oracle user name or password word before `@`. */
function isOracleWordCode(code: number): boolean {
  return isDsnCode(code) && code !== CODE.AT && code !== CODE.OPEN_PAREN && code !== CODE.EQUALS;
}

/**
 * Oracle's `user/password@connect_identifier`: `system/Orcl4dm1n@//10.1.2.3:1521/XEPDB1`,
 * `scott/t1ger@db01:1521/orcl`, and `sqlplus scott/t1ger@ORCL` (a TNS alias, after a client name).
 * A package path such as `actions/checkout@v4` or `lodash/fp@4.17` is not one: without `//` or a
 * port after the `@`, the line must name an Oracle client.
 */
function reportOracleConnects(text: string, found: Found): void {
  let coveredUntil = 0;
  // the client names on the text, found once, and the last line break before each candidate,
  // both read forward only
  let clients: number[] | undefined;
  let client = 0;
  let newlineScan = 0;
  let lastNewline = -1;
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1)) {
    if (at < coveredUntil) continue;
    const passwordStart = scanLeft(text, at, (code) => isOracleWordCode(code) && code !== CODE.SLASH, 128);
    if (passwordStart === at || text.charCodeAt(passwordStart - 1) !== CODE.SLASH) continue;
    const userEnd = passwordStart - 1;
    const userStart = scanLeft(
      text,
      userEnd,
      (code) => isOracleWordCode(code) && code !== CODE.SLASH && code !== CODE.COLON,
      64,
    );
    if (userStart === userEnd) continue;
    const before = text.charCodeAt(userStart - 1);
    // the user must start a word: `/a/b@c` is a path, `x:y/z@w` a URL's path
    if (userStart > 0 && (before === CODE.SLASH || before === CODE.COLON || isOracleWordCode(before)))
      continue;
    // `@` ends the identifier too, so that `a/b@a/b@…` reads each character once
    const identifierEnd = scanRight(
      text,
      at + 1,
      (code) => isDsnCode(code) && code !== CODE.COMMA && code !== CODE.CLOSE_PAREN && code !== CODE.AT,
      IDENTIFIER_LENGTH,
    );
    const identifier = text.slice(at + 1, identifierEnd);
    const explicit = identifier.startsWith('//') || ORACLE_HOST_PORT.test(identifier);
    if (!explicit) {
      if (!ORACLE_ALIAS.test(identifier) || isPlaceholderValue(text.slice(passwordStart, at))) continue;
      clients ??= matchStarts(ORACLE_CLIENT, text);
      while (client < clients.length && (clients[client + 1] ?? Infinity) < userStart) client += 1;
      for (; newlineScan < userStart; newlineScan += 1)
        if (text.charCodeAt(newlineScan) === CODE.NEWLINE) lastNewline = newlineScan;
      const named = clients[client];
      if (named === undefined || named >= userStart || named <= lastNewline || userStart - named > 256)
        continue;
    }
    found(userStart, identifierEnd);
    coveredUntil = identifierEnd;
  }
}

/** Go MySQL DSNs and Oracle connect strings, each reported whole. */
export function findDriverDsns(text: string, found: Found): void {
  if (text.indexOf('@') === -1) return;
  reportGoDsns(text, found);
  reportOracleConnects(text, found);
}

/** The regular expressions above, for the ReDoS check. */
export const DRIVER_DSN_PATTERNS: readonly RegExp[] = [
  URI_GRAMMAR,
  PLACEHOLDER_HOST,
  CAPITAL_PLACEHOLDER,
  GO_DSN_NET,
  ORACLE_CLIENT,
  ORACLE_HOST_PORT,
  ORACLE_ALIAS,
];
