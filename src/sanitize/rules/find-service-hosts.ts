import { CODE, isDigit, isLower, isUpper } from '../char-codes.js';
import type { Found } from '../leak-rule.js';
import { REDACTED } from '../redacted.js';
import {
  eachMatch,
  isBlank,
  lastIndexBetween,
  lineBreaksBetween,
  portEnd,
  scanLeft,
  scanRight,
  standsAlone,
} from '../text-scan.js';

/** The `://` of a URL; the code reads the scheme to its left and the host to its right. */
const URL_SEPARATOR = /:\/\//g;

/** A colon and a port, as in `orders-svc:3000`; the code reads and weighs the name to its left. */
const COLON_AND_PORT = /:\d{2,5}\b/g;

/**
 * A `port` key and its number, in any of the shapes drivers and configs write it; the key may end
 * a longer one (`redis.port`, `DB_PORT`, `dbPort`), which the code checks.
 */
const PORT_KEY = /port['"]?[ \t]{0,4}(?:=>?|:)[ \t]{0,4}['"]?\d{2,5}\b/gi;

/**
 * A host key and its value, read in a window around a `port` key: `host='10.42.7.19'`, `"host":
 * "db"`, `redis.host=redis-master`, `DB_HOST=pg-1`; the code checks where the key starts.
 */
const HOST_KEY =
  /(?:host(?:name)?|server|addr(?:ess)?|ip)['"]?[ \t]{0,4}(?:=>?|:)[ \t]{0,4}['"]?[\w.:[\]%-]{1,253}['"]?/gi;

/** Prisma's quoted host and port, ``at `postgres-primary`:`5432` ``; the code reads the name. */
const BACKTICKED_PORT = /`:`\d{1,5}`/g;

/** A Python address tuple, `('redis-master', 6379)` or `("10.0.0.5", 5432)`, as socket errors print it. */
const ADDRESS_TUPLE = /\(['"][\w.:%-]{1,253}['"], ?\d{2,5}\)/g;

/** Words just before a name and port that make it an address: `dial tcp orders:7000`. */
const ADDRESS_WORDS = [
  'connect',
  'connecting',
  'connection',
  'connect to',
  'connecting to',
  'connection to',
  'dial',
  'dial tcp',
  'dial udp',
  'upstream',
  'proxy',
  'proxy_pass',
  'backend',
  'endpoint',
  'host',
  'hostname',
  'addr',
  'address',
  'server',
  'listen',
  'listening',
  'listening on',
  'resolve',
  'unreachable',
  'refused',
];

/** A system error code just before a name and port: `ECONNREFUSED orders:7000`. */
const ERROR_CODE_CONTEXT = /\bE[A-Z]{4,14}[ \t]$/;

/** Words after which a resolver names the host it could not find: `getaddrinfo ENOTFOUND orders-svc`. */
const LOOKUP_FAILURE =
  /\b(?:getaddrinfo (?:ENOTFOUND|EAI_AGAIN|EAI_FAIL|EAI_NONAME)|dial (?:tcp|udp): lookup|Could not resolve host:|UnknownHostException:|could not translate host name|Unknown MySQL server host|Failed to resolve|[Cc]ould not resolve hostname|[Uu]nable to resolve host|[Hh]ost not found:|[Uu]nknown host:?) ["'`]?/g;

/** Where a service name splits into parts, and the ordinal that ends a StatefulSet pod's name. */
const NAME_SEPARATOR = /[-_]/;
const POD_ORDINAL = /^\d{1,3}$/;

/** What may stand between a host key's value and a port key: blanks, quotes, `,`, `;`, `&`. */
const SEPARATORS_ONLY = /^[\s,;&'"]*$/;

/** Network schemes whose URL names a host; browser and app schemes (`chrome://settings`) do not. */
const NETWORK_SCHEMES = new Set([
  'http',
  'https',
  'ws',
  'wss',
  'grpc',
  'grpcs',
  'h2c',
  'tcp',
  'udp',
  'tls',
  'ssl',
  'ftp',
  'ftps',
  'sftp',
  'ssh',
  'telnet',
  'smtp',
  'smtps',
  'imap',
  'imaps',
  'thrift',
]);

/** Names that stand for a host in documentation and templates: `http://host:port/`. */
const PLACEHOLDER_HOSTS = new Set([
  'host',
  'hostname',
  'server',
  'servername',
  'domain',
  'example',
  'yourhost',
  'your-host',
  'your-server',
  'your-domain',
  'yourdomain',
  'myhost',
  'my-host',
  'my-server',
  'ip',
  'address',
  'foo',
  'bar',
]);

/** Parts of a name that say it is a service: `orders-svc`, `payments-api`, `kafka-broker`. */
const SERVICE_PARTS = new Set([
  'svc',
  'service',
  'api',
  'app',
  'db',
  'database',
  'server',
  'srv',
  'host',
  'node',
  'worker',
  'gateway',
  'gw',
  'backend',
  'frontend',
  'proxy',
  'cache',
  'queue',
  'broker',
  'master',
  'primary',
  'replica',
  'leader',
  'cluster',
  'internal',
  'web',
  'grpc',
  'rpc',
  'auth',
  'redis',
  'postgres',
  'postgresql',
  'pg',
  'mysql',
  'mariadb',
  'mongo',
  'mongodb',
  'kafka',
  'rabbitmq',
  'rabbit',
  'nats',
  'elasticsearch',
  'elastic',
  'opensearch',
  'search',
  'minio',
  'vault',
  'consul',
  'etcd',
  'zookeeper',
  'memcached',
  'clickhouse',
  'cassandra',
  'nginx',
  'envoy',
  'sidecar',
  'jaeger',
  'prometheus',
  'grafana',
  'otel',
  'collector',
  'mail',
  'smtp',
  'relay',
  'mx',
  'imap',
  'ldap',
  'dns',
  'ns',
  'ftp',
  'sftp',
  'nfs',
  'smb',
  'mqtt',
]);

/** Ports that datastores, brokers and HTTP services listen on. */
const SERVICE_PORTS = new Set([
  22, 80, 443, 1433, 1521, 2181, 2379, 3000, 3001, 3306, 4000, 4222, 4317, 4318, 5000, 5001, 5432, 5433, 5601,
  5672, 6379, 6380, 7687, 8000, 8001, 8080, 8081, 8086, 8123, 8200, 8443, 8500, 8888, 9000, 9042, 9090, 9092,
  9093, 9200, 9300, 11211, 15672, 26257, 27017, 27018, 50051,
]);

/**
 * Well-known ports of mail, name, directory, file and remote-desktop services, counted beside a
 * name shaped like a host; alone they are too common as counts (`limit:25`).
 */
const WELL_KNOWN_PORTS = new Set([
  21, 23, 25, 53, 110, 143, 389, 445, 465, 587, 636, 993, 995, 1883, 2049, 2375, 2376, 3389, 5671, 5900, 6443,
  7000, 7001, 8883, 9100, 10250,
]);

/** A host named by a word and a padded or hyphenated number, `mailrelay01`, `web-3`, `dc-02`. */
const NUMBERED_HOST = /^[a-z][a-z_-]{0,40}(?:[a-z]\d{2,3}|[_-]\d{1,3})$/;

function isHostCode(code: number): boolean {
  return isLower(code) || isUpper(code) || isDigit(code) || code === CODE.HYPHEN || code === CODE.UNDERSCORE;
}

function isNameCode(code: number): boolean {
  return isLower(code) || isDigit(code) || code === CODE.HYPHEN || code === CODE.UNDERSCORE;
}

/**
 * Where a `host` or `port` key found at `index` starts, or -1 when the word is part of another
 * (`export`, `zip`): it stands alone, or ends a longer key after `.`, `_` or `-` (`redis.port`,
 * `DB_PORT`), or after a lower-case letter when it starts upper-case (`dbPort`).
 */
function keyStart(text: string, index: number): number {
  const previous = text.charCodeAt(index - 1);
  const separated = previous === CODE.DOT || previous === CODE.UNDERSCORE || previous === CODE.HYPHEN;
  const camel = isLower(previous) && isUpper(text.charCodeAt(index));
  if (separated || camel) {
    return scanLeft(text, index, (code) => isHostCode(code) || code === CODE.DOT, 64);
  }
  return isHostCode(previous) ? -1 : index;
}

/** Whether the text before `index` ends with an address word, then blanks, quotes, `:` or `=`. */
function followsAddressWord(text: string, index: number): boolean {
  let end = index;
  const limit = Math.max(0, index - 8);
  while (end > limit && ' \t\'"(:='.includes(text.charAt(end - 1))) end -= 1;
  const before = text.slice(Math.max(0, end - 14), end).toLowerCase();
  return ADDRESS_WORDS.some((word) => {
    if (!before.endsWith(word)) return false;
    const previous = before.charCodeAt(before.length - word.length - 1);
    return !(isLower(previous) || isDigit(previous) || previous === CODE.UNDERSCORE);
  });
}

function isSchemeCode(code: number): boolean {
  return isLower(code) || isUpper(code) || isDigit(code) || code === CODE.PLUS || code === CODE.HYPHEN;
}

/** Whether a single-label host is a placeholder or upper-case template (`HOST`), not a machine. */
function isPlaceholderHost(host: string): boolean {
  const lower = host.toLowerCase();
  return (
    PLACEHOLDER_HOSTS.has(lower) ||
    (host.length > 1 && host === host.toUpperCase()) ||
    // `your-instance`, `your_nas`: a name a doc writes for the reader's own
    YOUR_HOST.test(lower)
  );
}

const YOUR_HOST = /^your[-_][a-z0-9-]{1,40}$/;

/**
 * Hosts without a dot in network URLs, `http://orders-svc:3000/v1` or `grpc://payments/`: such a
 * name resolves only inside a private network (a Kubernetes service, a docker-compose service).
 */
function findSingleLabelUrlHosts(text: string, found: Found): void {
  let upstreams: ReadonlySet<string> | undefined;
  eachMatch(URL_SEPARATOR, text, (match) => {
    const schemeStart = scanLeft(text, match.index, isSchemeCode, 16);
    if (schemeStart === match.index) return;
    const scheme = text.slice(schemeStart, match.index).toLowerCase();
    if (!NETWORK_SCHEMES.has(scheme)) return;
    let hostStart = match.index + 3;
    // skip a userinfo; the connection-string rule reports one that carries a password
    const authorityEnd = scanRight(text, hostStart, isAuthorityCode, 256);
    // within the authority: a search back to the text's start made a line of URLs quadratic
    const at = lastIndexBetween(text, CODE.AT, hostStart, authorityEnd);
    if (at !== -1) hostStart = at + 1;
    const hostEnd = scanRight(text, hostStart, isHostCode, 63);
    if (hostEnd === hostStart || text.charCodeAt(hostEnd) === CODE.DOT) return;
    const host = text.slice(hostStart, hostEnd);
    if (!isLower(host.charCodeAt(0)) && !isUpper(host.charCodeAt(0))) return;
    if (host.toLowerCase() === 'localhost' || isPlaceholderHost(host)) return;
    const end = portEnd(text, hostEnd);
    // nginx's `proxy_pass http://app;` names the `upstream app { … }` block the text defines
    if (end === hostEnd) {
      upstreams ??= upstreamBlocks(text);
      if (upstreams.has(host)) return;
    }
    found(hostStart, end);
  });
}

/**
 * What a URL's authority holds before its path: a host, a port, and a userinfo, whose password
 * may hold symbols or a tool's mask (`https://deploy-bot:****@nexus.example.org/`).
 */
function isAuthorityCode(code: number): boolean {
  return (
    isHostCode(code) ||
    code === CODE.COLON ||
    code === CODE.AT ||
    code === CODE.DOT ||
    code === CODE.PERCENT ||
    code === CODE.ASTERISK ||
    code === CODE.EXCLAMATION ||
    code === CODE.DOLLAR ||
    code === CODE.PLUS ||
    code === CODE.TILDE ||
    code === CODE.EQUALS ||
    code === BULLET
  );
}
/** `•`, the mask some tools print in place of a password's characters. */
const BULLET = 0x2022;

/** The names of the nginx `upstream NAME {` blocks a text defines, read in one pass. */
function upstreamBlocks(text: string): ReadonlySet<string> {
  const names = new Set<string>();
  for (let at = text.indexOf('upstream '); at !== -1; at = text.indexOf('upstream ', at + 9)) {
    const nameStart = scanRight(text, at + 9, isBlank, 16);
    const nameEnd = scanRight(text, nameStart, isHostCode, 63);
    const brace = scanRight(text, nameEnd, isBlank, 16);
    if (nameEnd > nameStart && text.charCodeAt(brace) === CODE.OPEN_BRACE)
      names.add(text.slice(nameStart, nameEnd));
  }
  return names;
}

/** Whether a name, split at `-` and `_`, has a part that names a service or ends in a pod ordinal. */
function looksLikeService(name: string): boolean {
  const parts = name.split(NAME_SEPARATOR);
  if (parts.length > 1 && POD_ORDINAL.test(parts[parts.length - 1] ?? '')) return true; // kafka-0
  return parts.some((part) => SERVICE_PARTS.has(part));
}

/**
 * A single-label host and port outside a URL: `orders-svc:3000`, `redis:6379`, `dial tcp
 * inventory:7000`. A name and a number are common in prose (`order_id:12345`), so one of three
 * things must hold: the name reads as a service, the port is one services listen on, or a word
 * before it (`connect to`, `upstream`, `ECONNREFUSED`) says it is an address.
 */
function findNamesWithPorts(text: string, found: Found): void {
  eachMatch(COLON_AND_PORT, text, (match) => {
    const colon = match.index;
    const end = colon + match[0].length;
    const start = scanLeft(text, colon, isNameCode, 63);
    if (start === colon || !isLower(text.charCodeAt(start))) return;
    const before = text.charCodeAt(start - 1);
    // part of a longer host, path, URL or time: `db.internal:5432`, `/a:80`, `x:y:80`, `A-b:80`
    if (before === CODE.DOT || before === CODE.SLASH || before === CODE.COLON || isUpper(before)) return;
    const after = text.charCodeAt(end);
    // a version or a time, not a port: `node:20.11`, `at:10:30`
    if ((after === CODE.DOT || after === CODE.COLON) && isDigit(text.charCodeAt(end + 1))) return;
    const name = text.slice(start, colon);
    const port = Number(match[0].slice(1));
    if (isServiceAddress(text, start, name, port) || isQuotedEndpoint(text, start, end, name, port))
      found(start, end);
  });
}

/**
 * Whether a string holds a hyphenated name and a port and nothing else, quoted or as a whole
 * value, as configuration names an upstream (`"ledger": "ledger-writer:7508"`): a value that is
 * all endpoint.
 */
function isQuotedEndpoint(text: string, start: number, end: number, name: string, port: number): boolean {
  return (
    standsAlone(text, start, end) &&
    port >= 1024 &&
    port <= 65_535 &&
    name.includes('-') &&
    !isPlaceholderHost(name)
  );
}

/**
 * Whether a single-label name and port at `start` name a service: the port is one services
 * listen on, or a well-known one (`mailrelay01:25`) beside a name shaped like a host, or the name
 * reads as a service, or a word before it (`connect to`, `ECONNREFUSED`) says it is an address.
 */
function isServiceAddress(text: string, start: number, name: string, port: number): boolean {
  if (port < 1 || port > 65_535 || isPlaceholderHost(name)) return false;
  return (
    SERVICE_PORTS.has(port) ||
    (WELL_KNOWN_PORTS.has(port) && (looksLikeService(name) || NUMBERED_HOST.test(name))) ||
    (port >= 1024 && looksLikeService(name)) ||
    followsAddressWord(text, start) ||
    ERROR_CODE_CONTEXT.test(text.slice(Math.max(0, start - 16), start))
  );
}

/**
 * A host and a port named together, in either order, on one line or two adjacent ones:
 * `host='10.42.7.19', port=9200` as Python's urllib3 writes it, `"host": "db", "port": 5432`,
 * `Host=db; Port=5432`, or `host: db` above `port: 5432` in YAML.
 * The pair is reported whole, whatever the host, since it says where a connection went.
 */
function findHostPortPairs(text: string, found: Found): void {
  eachMatch(PORT_KEY, text, (match) => {
    const portStart = keyStart(text, match.index);
    if (portStart < 0) return;
    const portKeyEnd = match.index + match[0].length;
    const windowStart = Math.max(0, portStart - 128);
    const window = text.slice(windowStart, Math.min(text.length, portKeyEnd + 128));
    let pairStart = -1;
    let pairEnd = -1;
    eachMatch(HOST_KEY, window, (host) => {
      const hostStart = keyStart(text, windowStart + host.index);
      if (hostStart < 0) return;
      const hostEnd = windowStart + host.index + host[0].length;
      // a host redacted already names nothing: `Address = [redacted]` above `ListenPort = 51820`
      if (host[0].includes(REDACTED)) return;
      // the gap between the two, whichever comes first
      const gapStart = hostEnd <= portStart ? hostEnd : portKeyEnd;
      const gapEnd = hostEnd <= portStart ? portStart : hostStart;
      // neighbours: only separators and blanks between them, on one line or on two adjacent
      // lines of a config (`host: db-1` then `port: 5432`)
      if (
        gapEnd < gapStart ||
        gapEnd - gapStart > 16 ||
        !SEPARATORS_ONLY.test(text.slice(gapStart, gapEnd)) ||
        lineBreaksBetween(text, gapStart, gapEnd) > 1
      )
        return;
      pairStart = Math.min(hostStart, portStart);
      pairEnd = Math.max(hostEnd, portKeyEnd);
    });
    if (pairStart >= 0) found(pairStart, pairEnd);
  });
}

/**
 * Prisma's ``Can't reach database server at `postgres-primary`:`5432` ``: a quoted name and port,
 * weighed like an unquoted one.
 */
function findBacktickedHosts(text: string, found: Found): void {
  eachMatch(BACKTICKED_PORT, text, (match) => {
    const nameEnd = match.index;
    // a dotted name is weighed by the rules for host names; a single label is internal
    const nameStart = scanLeft(text, nameEnd, isHostCode, 63);
    if (nameStart === nameEnd || text.charCodeAt(nameStart - 1) !== CODE.BACKTICK) return;
    const name = text.slice(nameStart, nameEnd);
    if (!isLower(name.charCodeAt(0)) || isPlaceholderHost(name)) return;
    found(nameStart - 1, match.index + match[0].length);
  });
}

/**
 * Python's address tuples, `('redis-master', 6379)`, as `socket` and `asyncio` errors print them
 * (`Connect call failed ('10.0.0.5', 5432)`): a single-label name or an IP address and a port.
 * A dotted public name passes.
 */
function findAddressTuples(text: string, found: Found): void {
  eachMatch(ADDRESS_TUPLE, text, (match) => {
    const comma = match[0].indexOf(',');
    const name = match[0].slice(2, comma - 1);
    const port = Number(match[0].slice(comma + 1, -1));
    if (!isLower(name.charCodeAt(0)) || name.indexOf('.') !== -1 || name.indexOf(':') !== -1) return;
    if (isServiceAddress(text, match.index, name, port))
      found(match.index + 1, match.index + match[0].length - 1);
  });
}

/**
 * The host a failed name lookup reports, whatever its shape: `getaddrinfo ENOTFOUND orders-svc`,
 * Go's `dial tcp: lookup orders-svc on 10.96.0.10:53`, curl's `Could not resolve host: db`,
 * libpq's `could not translate host name "db-3"`, MySQL's `Unknown MySQL server host 'db'`, ssh's
 * `Could not resolve hostname db-1`. A name the resolver was asked for is one the server uses.
 */
function findLookedUpHosts(text: string, found: Found): void {
  eachMatch(LOOKUP_FAILURE, text, (match) => {
    const start = match.index + match[0].length;
    const end = scanRight(text, start, (code) => isHostCode(code) || code === CODE.DOT, 253);
    if (end > start) found(start, portEnd(text, end));
  });
}

/** Single-label service hosts, in URLs and with a port, and host/port pairs, as spans. */
export function findServiceHosts(text: string, found: Found): void {
  const hasColon = text.indexOf(':') !== -1;
  if (hasColon) {
    findSingleLabelUrlHosts(text, found);
    findNamesWithPorts(text, found);
    if (text.indexOf('`') !== -1) findBacktickedHosts(text, found);
  }
  if (text.indexOf('(') !== -1) findAddressTuples(text, found);
  if (hasColon || text.indexOf('=') !== -1) findHostPortPairs(text, found);
  findLookedUpHosts(text, found);
}

/** The regular expressions above, for the ReDoS check. */
export const SERVICE_HOST_PATTERNS: readonly RegExp[] = [
  YOUR_HOST,
  URL_SEPARATOR,
  COLON_AND_PORT,
  PORT_KEY,
  HOST_KEY,
  ERROR_CODE_CONTEXT,
  SEPARATORS_ONLY,
  NAME_SEPARATOR,
  POD_ORDINAL,
  LOOKUP_FAILURE,
  BACKTICKED_PORT,
  ADDRESS_TUPLE,
  NUMBERED_HOST,
];
