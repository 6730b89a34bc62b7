import type { LeakRule, LeakSpan } from '../leak-rule.js';
import { eachMatch, isSpaceCode, runEndReader, scanLeft, scanRight } from '../text-scan.js';
import {
  DRIVER_DSN_PATTERNS,
  findDriverDsns,
  isPlaceholderUrl,
  nextIndexFinder,
  userinfoEnd,
} from './find-driver-dsns.js';
import { isPlaceholderValue } from './placeholders.js';

/** The `://` of a URL; the code reads the scheme to its left and the URL to its right. */
const SCHEME_SEPARATOR = /:\/\//g;

/** JDBC URLs without `//`, such as `jdbc:oracle:thin:@db:1521:orcl`. */
const JDBC_URL = /\bjdbc:[a-z]/gi;
/** The longest JDBC URL redacted from one `jdbc:`, in characters. */
const JDBC_URL_LENGTH = 2048;

/** A key of a keyword/value connection string (ADO.NET `Server=...;` or libpq `host=... dbname=...`). */
const DSN_KEY =
  /\b(?:server|data source|host|hostaddr|dbname|database|initial catalog|user id|uid|username|user|password|pwd|port|sslmode|trusted_connection|integrated security|encrypt|timeout|application name)[ \t]{0,2}=/gi;

/** Schemes whose URL always names a datastore or broker, with or without a password. */
const DATASTORE_SCHEMES = new Set([
  'postgres',
  'postgresql',
  'mysql',
  'mysqlx',
  'mariadb',
  'mongodb',
  'mongodb+srv',
  'redis',
  'rediss',
  'redis+sentinel',
  'amqp',
  'amqps',
  'mssql',
  'sqlserver',
  'oracle',
  'cockroachdb',
  'clickhouse',
  'cassandra',
  'couchdb',
  'couchbase',
  'neo4j',
  'neo4j+s',
  'bolt',
  'memcached',
  'nats',
  'kafka',
  'sqlite',
  'db2',
  'snowflake',
  'ldap',
  'ldaps',
  'sftp',
  'ssh',
  'smb',
  'mqtt',
  'mqtts',
  'stomp',
  'zookeeper',
  'etcd',
  'consul',
  'influxdb',
  'elasticsearch',
  'opensearch',
  'vault',
  // local sockets and pipes: `unix:///var/run/docker.sock`, `npipe:////./pipe/docker_engine`
  'unix',
  'npipe',
]);

/** The longest URL redacted from one `://`, and the longest authority read, in characters. */
const URL_LENGTH = 4096;
const AUTHORITY_LENGTH = 512;

const SECRET_DSN_KEYS = new Set(['password', 'pwd']);
const DSN_KEYS_NEEDED = 3;

function span(start: number, end: number): LeakSpan {
  return { rule: 'connection-string', start, end };
}

function isSchemeCode(code: number): boolean {
  return (
    (code >= 97 && code <= 122) ||
    (code >= 65 && code <= 90) ||
    (code >= 48 && code <= 57) ||
    code === 43 ||
    code === 45 ||
    code === 46 ||
    code === 58
  );
}

/** Characters a URL runs over inside prose or JSON: anything but blanks, quotes and brackets. */
export function isUrlCode(code: number): boolean {
  return (
    !isSpaceCode(code) &&
    code !== 34 &&
    code !== 39 &&
    code !== 96 &&
    code !== 60 &&
    code !== 62 &&
    code !== 92
  );
}

/** What a tool prints in place of a password it hides: `****`, `••••`, `xxxx`. */
const MASK = /^(?:\*{3,64}|\u2022{3,64}|x{4,64}|X{4,64})$/;

/** A userinfo that carries a secret: `user:password@` or a long token before `@`. */
function userinfoHasSecret(authority: string): boolean {
  const at = authority.lastIndexOf('@');
  if (at <= 0) return false;
  const userinfo = authority.slice(0, at);
  const colon = userinfo.indexOf(':');
  // a password that a tool masked (`https://deploy-bot:****@…`, as pip prints its index) is gone
  if (colon >= 0) return colon < userinfo.length - 1 && !MASK.test(userinfo.slice(colon + 1));
  return userinfo.length >= 20 && /\d/.test(userinfo) && /[A-Za-z]/.test(userinfo);
}

function findUrls(text: string, spans: LeakSpan[]): void {
  let coveredUntil = 0;
  // the end of the current run of URL characters, shared by every `://` inside it, so each
  // character is read once however many separators the run holds
  const urlEndAt = runEndReader(text, isUrlCode);
  const next = nextIndexFinder(text);
  eachMatch(SCHEME_SEPARATOR, text, (match) => {
    if (match.index < coveredUntil) return;
    const schemeStart = scanLeft(text, match.index, isSchemeCode, 48);
    if (schemeStart === match.index) return; // no scheme: not a URL
    const scheme = text.slice(schemeStart, match.index).toLowerCase();
    // the scheme after its last colon: `jdbc:postgresql` and `jdbc:oracle:thin` give `postgresql`
    // and `thin`
    const bareScheme = scheme.slice(scheme.lastIndexOf(':') + 1);
    const urlEnd = trimUrlEnd(text, schemeStart, urlEndAt(match.index + 3, URL_LENGTH));
    const authorityEnd = scanRight(
      text,
      match.index + 3,
      isAuthorityCode,
      Math.min(AUTHORITY_LENGTH, urlEnd - match.index - 3),
    );
    const authority = text.slice(match.index + 3, authorityEnd);
    if (urlEnd === match.index + 3) return; // a scheme alone names nothing
    // a password may hold an unencoded `/` (AWS secret keys do): `s3://AKIA…:a1N/Bz…@bucket/…`
    const fullUserinfoEnd = userinfoEnd(text, match.index + 3, authorityEnd, urlEnd, next);
    if (
      fullUserinfoEnd > authorityEnd ||
      scheme.startsWith('jdbc:') ||
      DATASTORE_SCHEMES.has(bareScheme) ||
      // dialect and driver variants: redis-sentinel://, postgresql+asyncpg://, mongodb+srv://
      DATASTORE_SCHEMES.has(schemeFamily(bareScheme)) ||
      (bareScheme.length > 0 && userinfoHasSecret(authority))
    ) {
      if (isPlaceholderUrl(text, match.index + 3)) return;
      spans.push(span(schemeStart, urlEnd));
      coveredUntil = urlEnd;
    }
  });
}

/** A URL's authority runs to its path, query or fragment. */
function isAuthorityCode(code: number): boolean {
  return code !== 47 && code !== 63 && code !== 35 && isUrlCode(code);
}

/** A scheme up to its first `+`, `.` or `-`: `postgresql+asyncpg` and `redis-sentinel` give `postgresql` and `redis`. */
function schemeFamily(scheme: string): string {
  for (let index = 0; index < scheme.length; index += 1) {
    const code = scheme.charCodeAt(index);
    if (code === 43 || code === 46 || code === 45) return scheme.slice(0, index);
  }
  return scheme;
}

/** Drops sentence punctuation that follows a URL: "see postgres://db/app." */
function trimUrlEnd(text: string, start: number, end: number): number {
  let cursor = end;
  while (cursor > start) {
    const code = text.charCodeAt(cursor - 1);
    if (code !== 46 && code !== 44 && code !== 41 && code !== 59 && code !== 93 && code !== 125) break;
    cursor -= 1;
  }
  return cursor;
}

/**
 * Runs of `key=value` pairs where at least three keys (or a password and one more) are DSN keys.
 * A run whose values are placeholders (`Server=myServerAddress;…;Password=myPassword`,
 * `password=<hidden> user=admin`) is a template: it needs two real values, or a real password.
 */
function findKeywordStrings(text: string, spans: LeakSpan[]): void {
  let runStart = -1;
  let runEnd = -1;
  let keys = 0;
  let realValues = 0;
  let hasSecret = false;
  const flush = () => {
    if (runStart >= 0 && ((keys >= DSN_KEYS_NEEDED && realValues >= 2) || (hasSecret && keys >= 2)))
      spans.push(span(runStart, runEnd));
    runStart = -1;
    keys = 0;
    realValues = 0;
    hasSecret = false;
  };
  eachMatch(DSN_KEY, text, (match) => {
    if (runStart >= 0 && match.index - runEnd > 3) flush();
    const valueStart = match.index + match[0].length;
    const quote = text.charCodeAt(valueStart);
    const valueEnd =
      quote === 39 || quote === 34
        ? scanRight(text, valueStart + 1, (code) => code !== quote && code !== 10, 512) + 1
        : scanRight(text, valueStart, (code) => code !== 59 && !isSpaceCode(code) && code !== 34, 512);
    if (runStart < 0) runStart = match.index;
    runEnd = Math.min(text.length, valueEnd);
    keys += 1;
    const key = match[0].replace(/[ \t=]+$/, '').toLowerCase();
    const value = text
      .slice(quote === 39 || quote === 34 ? valueStart + 1 : valueStart, valueEnd)
      .replace(/["']$/, '');
    const real = value.length > 0 && !isPlaceholderValue(value);
    if (real) realValues += 1;
    if (real && SECRET_DSN_KEYS.has(key)) hasSecret = true;
    // a key inside this value is part of the value; reading on from its end keeps the scan linear
    return valueEnd;
  });
  flush();
}

/** Connection strings for databases, caches and brokers, and any URL with a password in it. */
export const connectionStringRule: LeakRule = {
  name: 'connection-string',
  description:
    'Datastore and broker URLs (postgres, mysql, mongodb(+srv), redis(s), amqp(s), jdbc:, ...) with or without credentials, any URL carrying user:password@ (whatever its scheme, with a `/` in the password too), Go MySQL DSNs (user:pass@tcp(host:port)/db), Oracle user/pass@host connect strings, and keyword connection strings such as "Server=...;Database=...;User Id=...;Password=...". Documentation templates (postgres://USER:PASSWORD@HOST:PORT/DB, <cluster>.mongodb.net) pass.',
  patterns: [SCHEME_SEPARATOR, JDBC_URL, DSN_KEY, MASK, ...DRIVER_DSN_PATTERNS],
  find(text) {
    const spans: LeakSpan[] = [];
    findDriverDsns(text, (start, end) => spans.push(span(start, end)));
    // a URL and a JDBC URL need a colon, a keyword string an equals sign
    if (text.indexOf(':') === -1 && text.indexOf('=') === -1) return spans;
    findUrls(text, spans);
    // the end of the run of URL characters and the next `://`, shared by every JDBC URL in one
    // run: a line of them is read once, not 2 KiB for each
    const urlEndAt = runEndReader(text, isUrlCode);
    const next = nextIndexFinder(text);
    eachMatch(JDBC_URL, text, (match) => {
      const end = trimUrlEnd(text, match.index, urlEndAt(match.index, JDBC_URL_LENGTH));
      // a template (`jdbc:postgresql://<host>:<port>/<db>`) names nothing
      const separator = next('://', match.index);
      if (separator !== -1 && separator + 3 <= end) {
        const bodyStart = separator + 3;
        if (end <= bodyStart || isPlaceholderUrl(text, bodyStart)) return;
      }
      spans.push(span(match.index, end));
    });
    findKeywordStrings(text, spans);
    return spans;
  },
};
