import type { LeakRule, LeakSpan } from '../leak-rule.js';
import {
  eachMatch,
  lastIndexBetween,
  lineEnd,
  lineStart,
  portEnd,
  runEndReader,
  runStartReader,
  scanLeft,
  scanRight,
} from '../text-scan.js';
import { findPrivateIpv6, PRIVATE_IPV6_PATTERNS } from './find-private-ipv6.js';
import { findServiceHosts, SERVICE_HOST_PATTERNS } from './find-service-hosts.js';

/** A dotted IPv4 address; the code checks the range and the context. */
const IPV4_ADDRESS = /\b\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}\b/g;

/** An EC2 private host name, `ip-10-0-12-34`; the code checks the range. */
const HYPHENATED_ADDRESS = /\bip-\d{1,3}-\d{1,3}-\d{1,3}-\d{1,3}\b/g;

/** Loopback names: `localhost`, `[::1]`, `0.0.0.0` is caught as IPv4. */
const LOOPBACK_NAME = /\blocalhost\b|\[::1?\]|\b(?:host\.docker\.internal|kubernetes\.default)\b/gi;

/** The part of a Consul DNS name that names its interface: `.service.`, `.node.`, `.query.`. */
const CONSUL_INTERFACE = /\.(?:service|node|query|connect|virtual)\.(?:[\w-]{1,63}\.)?$/;

/** A private DNS suffix: the code reads the host name to its left. */
const INTERNAL_SUFFIX =
  /\.(?:internal|local|localdomain|corp|lan|intranet|intra|int|private|home\.arpa|consul|svc|default)\b/gi;

/** The suffixes whose label marks a private part of a public domain: `x.internal.example.com`. */
const INTERNAL_ZONES = new Set(['.internal', '.intranet', '.intra', '.int', '.corp', '.lan', '.private']);

/** Top-level domains a private zone is commonly put under; file extensions are left out. */
const PUBLIC_TOP_LEVEL = new Set(
  'com net org io co dev cloud ai app tech biz info us uk de fr nl eu jp au ca br se no fi dk es it ch at be pl cz ie nz sg'.split(
    ' ',
  ),
);

/** The first names of code packages, which read like reversed host names: `com.acme.internal`. */
const CODE_PACKAGE_ROOTS = new Set([
  'com',
  'org',
  'net',
  'java',
  'javax',
  'jdk',
  'sun',
  'android',
  'androidx',
  'kotlin',
  'scala',
]);

/** Host names that documentation writes in place of a real one: `your-db`, `<name>`, `xxxx`. */
const HOST_PLACEHOLDER = /your|example|sample|placeholder|dummy|xxx|<|\{/i;

/**
 * Endpoints of managed databases, caches and private load balancers: the name before the suffix
 * is the user's own instance (`orders.c9akciq32.us-east-1.rds.amazonaws.com`,
 * `internal-api-1234.eu-west-1.elb.amazonaws.com`, `acme-sql.database.windows.net`).
 */
const MANAGED_ENDPOINT =
  /\.(?:rds|cache|redshift|docdb|elb|es)\.amazonaws\.com(?:\.cn)?\b|\.kafka\.[a-z0-9-]{1,30}\.amazonaws\.com\b|\.(?:database|redis\.cache)\.windows\.net\b|\.(?:postgres|mysql|mariadb)\.database\.azure\.com\b|\.privatelink\.[a-z0-9.-]{1,100}\b|\.mongodb\.net\b/gi;

/**
 * Words that make a 10.x address an address when they are the last word of the key or identifier
 * just before it, whatever its case and separators: `client_ip=`, `remoteAddr:`,
 * `"sourceIPAddress":"`, `X-Real-IP:`, iptables `SRC=`, nslookup `Server:`.
 */
const ADDRESS_KEY_WORDS = new Set([
  'ip',
  'ips',
  'ipaddr',
  'ipaddress',
  'ipv4',
  'ipv4address',
  'addr',
  'addrs',
  'address',
  'addresses',
  'host',
  'hosts',
  'hostname',
  'hostip',
  'server',
  'servers',
  'nameserver',
  'nameservers',
  'dns',
  'resolver',
  'peer',
  'peers',
  'remote',
  'client',
  'src',
  'dst',
  'source',
  'dest',
  'destination',
  'gateway',
  'gw',
  'upstream',
  'node',
  'proxy',
  'router',
  'nexthop',
  'endpoint',
  'endpoints',
  'inet',
  'brd',
  'broadcast',
  'vip',
  'bind',
  'listen',
  'origin',
  'master',
  'replica',
  'broker',
  'backend',
]);

/** Words of prose before an address, `connect to 10.1.2.3`, counted only as a word of their own. */
const ADDRESS_PROSE_WORDS = new Set([
  'from',
  'to',
  'on',
  'at',
  'via',
  'connect',
  'connecting',
  'connected',
  'reach',
  'reaching',
  'ping',
  'pinging',
  'dial',
  'dialing',
  'contact',
  'contacting',
  'behind',
]);

/**
 * Words that make a dotted number a few words after them a version, not an address: `firmware
 * 10.2.0.4`. Short ones (`v`, `os`) count only as the word just before it (VERSION_NAME).
 */
const VERSION_WORD =
  /\b(?:versions?|firmware|releases?|released|build|builds|patch|patched|upgrade[ds]?|upgrading|update[ds]?|updating|downgrade[ds]?|downgrading|kernel|bios|drivers?|revision)\b/i;

/** A name that is itself a version word, `Release (10.2.0.4)`; `a-v-00` is a host. */
const VERSION_NAME =
  /^(?:versions?|ver|v|firmware|releases?|released|build|builds|patch|patched|upgrade[ds]?|update[ds]?|kernel|bios|drivers?|revision|rev|os)$/i;

/**
 * The reserved blocks themselves, as RFC 1918, 6598, 3927 and 1122 name them: public knowledge,
 * written in every networking guide, and no address of anyone's network.
 */
const RESERVED_BLOCKS = new Set([
  '10.0.0.0/8',
  '172.16.0.0/12',
  '192.168.0.0/16',
  '100.64.0.0/10',
  '169.254.0.0/16',
  '127.0.0.0/8',
]);

/** A word that numbers a part of a document: `section 10.2.1.3`, `Clause 10.1.2.4`. */
const NUMBERING_WORD =
  /^(?:sections?|sect|sec|clauses?|chapters?|chap|ch|articles?|art|paragraphs?|para|figures?|fig|appendix|step|items?|requirements?|req|oid)$/;

/** What after a version says it is one: `10.2.0.4 or later`, `and above`. */
const LATER_AFTER =
  /^[ \t]{1,2}(?:or|and)[ \t]{1,2}(?:later|newer|above|higher|up|greater|earlier|older|below)\b/i;

/** What joins the items of a list or a range of addresses: `10.0.4.18, 10.0.1.2`, `A to B`, `A (B)`. */
const LIST_JOINER =
  /^(?:[ \t]{0,2}[,;|/-][ \t]{0,2}|[ \t]{1,2}(?:to|and|or|through|thru)[ \t]{1,2}|[ \t]{1,2}\(?|\.\.)$/i;

function span(start: number, end: number): LeakSpan {
  return { rule: 'internal-address', start, end };
}

function isHostCode(code: number): boolean {
  return (
    (code >= 97 && code <= 122) ||
    (code >= 65 && code <= 90) ||
    (code >= 48 && code <= 57) ||
    code === 45 ||
    code === 46 ||
    code === 95
  );
}

function isDigitCode(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** RFC 1918, loopback, link-local and carrier-grade NAT. */
function privateRange(octets: readonly number[]): 'loopback' | 'private' | 'ten' | null {
  const [first = -1, second = -1] = octets;
  if (octets.some((octet) => octet > 255)) return null;
  return rangeOf(first, second);
}

/**
 * {@link privateRange} of the dotted quad `text[start, end)`, read in place: an address in every
 * row of a table is read with no array made for it.
 */
function quadRange(text: string, start: number, end: number): 'loopback' | 'private' | 'ten' | null {
  let first = -1;
  let second = -1;
  let octet = 0;
  for (let cursor = start; cursor <= end; cursor += 1) {
    const code = cursor === end ? 46 : text.charCodeAt(cursor);
    if (code !== 46) {
      octet = octet * 10 + code - 48;
      continue;
    }
    if (octet > 255) return null;
    if (first === -1) first = octet;
    else if (second === -1) second = octet;
    octet = 0;
  }
  return rangeOf(first, second);
}

function rangeOf(first: number, second: number): 'loopback' | 'private' | 'ten' | null {
  // 0.0.0.0 is no machine's address: it binds every interface, or, as 0.0.0.0/0, routes everywhere
  if (first === 127) return 'loopback';
  if (first === 192 && second === 168) return 'private';
  if (first === 172 && second >= 16 && second <= 31) return 'private';
  if (first === 169 && second === 254) return 'private';
  if (first === 100 && second >= 64 && second <= 127) return 'ten';
  if (first === 10) return 'ten';
  return null;
}

function isLetterCode(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
}

function isQuoteCode(code: number): boolean {
  return code === 34 || code === 39 || code === 96;
}

/**
 * The words of an identifier, lower-cased: split at `_`, `-`, `.` and where a lower-case letter or
 * digit meets an upper-case one, so `sourceIPAddress` gives `source`, `ipaddress` and
 * `X-Forwarded-For` gives `x`, `forwarded`, `for`.
 */
function identifierWords(identifier: string): string[] {
  const words: string[] = [];
  let word = '';
  for (let index = 0; index < identifier.length; index += 1) {
    const code = identifier.charCodeAt(index);
    if (code === 95 || code === 45 || code === 46) {
      if (word !== '') words.push(word.toLowerCase());
      word = '';
      continue;
    }
    const previous = identifier.charCodeAt(index - 1);
    if (
      code >= 65 &&
      code <= 90 &&
      ((previous >= 97 && previous <= 122) || isDigitCode(previous)) &&
      word !== ''
    ) {
      words.push(word.toLowerCase());
      word = '';
    }
    word += identifier.charAt(index);
  }
  if (word !== '') words.push(word.toLowerCase());
  return words;
}

/** Whether a version word stands in the few words before `index` on its line. */
function versionWordBefore(text: string, index: number): boolean {
  return VERSION_WORD.test(text.slice(lineStart(text, index, 40), index));
}

/**
 * Whether the name just before `(` reads as a host, as in `host "pg-main" (10.3.0.5)`, `PING db01
 * (10.0.0.5)` or traceroute's `gateway (10.0.0.1)`: a quoted name, or a lower-case one (a product
 * is written `Chrome (10.2.0.4)`), and not a version word.
 */
function hostBeforeParen(text: string, paren: number): boolean {
  let cursor = paren;
  while (cursor > paren - 2 && (text.charCodeAt(cursor - 1) === 32 || text.charCodeAt(cursor - 1) === 9)) {
    cursor -= 1;
  }
  const quoted = isQuoteCode(text.charCodeAt(cursor - 1));
  if (quoted) cursor -= 1;
  const nameStart = scanLeft(text, cursor, isHostCode, 253);
  const name = text.slice(nameStart, cursor);
  if (!/[a-z]/.test(name) || (!quoted && /[A-Z]/.test(name))) return false;
  return !VERSION_NAME.test(name) && !versionWordBefore(text, nameStart);
}

/**
 * Whether the text before a 10.x or 100.64/10 address at `start` says it is an address rather
 * than a version: a URL's `//`, a user's `@` (`'app'@'10.4.2.17'`), IPv4-mapped IPv6 `::ffff:`,
 * Java's `host/10.1.2.3`, a host name before `(10.1.2.3)`, or a key or word naming an address.
 */
function hasAddressContext(text: string, start: number, addressEnd: number): boolean {
  if (
    start >= 7 &&
    text.charCodeAt(start - 1) === 58 &&
    text.slice(start - 7, start).toLowerCase() === '::ffff:'
  )
    return true;
  let cursor = start;
  if (isQuoteCode(text.charCodeAt(cursor - 1))) cursor -= 1;
  const previous = text.charCodeAt(cursor - 1);
  if (previous === 64) return true;
  if (previous === 47) {
    if (text.charCodeAt(cursor - 2) === 47) return true;
    // a segment of a path or URL path, `docs/10.2.0.4/install`, is not an address
    if (text.charCodeAt(addressEnd) === 47) return false;
    // Java's InetAddress: `inventory-api/10.12.4.9`, or `/10.12.4.9` alone; not a path segment
    const nameStart = scanLeft(text, cursor - 1, isHostCode, 253);
    const before = text.charCodeAt(nameStart - 1);
    if (before === 47 || before === 92) return false;
    return nameStart === cursor - 1 || /[A-Za-z]/.test(text.slice(nameStart, cursor - 1));
  }
  if (previous === 40) return hostBeforeParen(text, cursor - 1);
  const before = wordsBefore(text, cursor);
  const last = before.words[before.words.length - 1] ?? '';
  if (ADDRESS_KEY_WORDS.has(last)) return true;
  if (last === 'for' && before.words[before.words.length - 2] === 'forwarded') return true;
  return (
    before.words.length === 1 &&
    !before.assigned &&
    ADDRESS_PROSE_WORDS.has(last) &&
    !versionWordBefore(text, before.start)
  );
}

/**
 * The words of the key or word just before `cursor`, past the blanks, quotes and the `:`, `=`,
 * `=>` or `[` between a key and its value; `assigned` says whether such a sign was crossed.
 */
function wordsBefore(text: string, cursor: number): { words: string[]; assigned: boolean; start: number } {
  const limit = Math.max(0, cursor - 12);
  let assigned = false;
  while (cursor > limit) {
    const code = text.charCodeAt(cursor - 1);
    if (code === 58 || code === 61 || code === 62 || code === 91) assigned = true;
    else if (!(code === 32 || code === 9 || isQuoteCode(code))) break;
    cursor -= 1;
  }
  const start = scanLeft(text, cursor, isHostCode, 64);
  return { words: start === cursor ? [] : identifierWords(text.slice(start, cursor)), assigned, start };
}

/**
 * Whether the text around a 10.x or 100.64/10 dotted quad says it is a version or a section
 * number rather than an address: a path or file name around it (`docs/10.2.0.4/`,
 * `openssl-10.2.0.4.tar.gz`), a product in brackets (`Chrome (10.2.1.3)`), a version word or key
 * before it (`firmware`, `release_version=`), a numbering word (`section`, `§`), or a pre-release
 * suffix or `or later` after it.
 */
function hasVersionContext(text: string, start: number, end: number): boolean {
  let cursor = start;
  if (isQuoteCode(text.charCodeAt(cursor - 1))) cursor -= 1;
  const previous = text.charCodeAt(cursor - 1);
  if (previous === 47 || previous === 92 || previous === 40 || previous === 167) return true;
  if (previous === 45 && isLetterCode(text.charCodeAt(cursor - 2))) return true;
  const next = text.charCodeAt(end);
  if ((next === 45 || next === 43 || next === 46) && isLetterCode(text.charCodeAt(end + 1))) return true;
  if ((next === 32 || next === 9) && LATER_AFTER.test(text.slice(end, end + 16))) return true;
  if (versionWordBefore(text, start) || inVersionColumn(text, start)) return true;
  // a word of its own (`ver 10.2.0.4`) or the last word of a key (`release_version=`)
  const { words, assigned } = wordsBefore(text, cursor);
  const last = words[words.length - 1] ?? '';
  if (words.length !== 1 && !assigned) return false;
  return NUMBERING_WORD.test(last) || VERSION_NAME.test(last);
}

/** How far back a table's header row is looked for: rows, characters per row, and in all. */
const HEADER_ROWS = 24;
const ROW_REACH = 1024;
const HEADER_REACH = 4096;

/**
 * The start of the line before the one that starts at `lineStart` (which follows a `\n`), when
 * it is at most {@link ROW_REACH} long: 0 at the text's start, -1 when it is longer. Bounded, so
 * that a text without line breaks costs no more per address.
 */
function previousLineStart(text: string, lineStart: number): number {
  const limit = Math.max(0, lineStart - 1 - ROW_REACH);
  for (let cursor = lineStart - 2; cursor >= limit; cursor -= 1) {
    if (text.charCodeAt(cursor) === 10) return cursor + 1;
  }
  return limit === 0 ? 0 : -1;
}

/**
 * Where the last line break before `index` is, or -1 (or one further back than a row reaches:
 * the caller reads either as no row). While {@link findAddresses} scans `text`,
 * which asks about rising positions, each character between two positions is read once: a search
 * back from each address read its whole line again (1 MB of `| x | 10.1.2.3 ` on one line read
 * 1,024 characters an address).
 */
function newlineBefore(text: string, index: number): number {
  const remembered = text === scannedText && index >= lastNewlineQuery;
  // without a memory, a break further back than a row reaches is as good as none (nor will it
  // reach any later position)
  const floor = remembered ? lastNewlineQuery : Math.max(0, index - ROW_REACH - 1);
  let newline = remembered ? lastNewline : -1;
  for (let cursor = index - 1; cursor >= floor; cursor -= 1) {
    if (text.charCodeAt(cursor) === 10) {
      newline = cursor;
      break;
    }
  }
  if (text === scannedText) {
    lastNewlineQuery = index;
    lastNewline = newline;
  }
  return newline;
}
/** The text findAddresses is scanning, and the last answer of newlineBefore in it. */
let scannedText: string | undefined;
let lastNewlineQuery = 0;
let lastNewline = -1;

/** Whether `text` holds the character `code` between `from` and `to`, read without a copy. */
function holdsCode(text: string, from: number, to: number, code: number): boolean {
  for (let cursor = from; cursor < to; cursor += 1) if (text.charCodeAt(cursor) === code) return true;
  return false;
}

/**
 * Whether the value at `start` sits in a table or CSV column whose header is a version word:
 * `| Package | Version |` over `| widget | 10.1.0.2 |`. The header is the first line of the block
 * of lines that hold the same separator, when it is at most {@link HEADER_ROWS} rows and
 * {@link HEADER_REACH} characters up.
 */
function inVersionColumn(text: string, start: number): boolean {
  const newline = newlineBefore(text, start);
  // a row starts after a line break at most ROW_REACH characters back
  if (newline === -1 || newline + 1 < start - ROW_REACH) return false;
  const lineStart = newline + 1;
  const separatorCode = holdsCode(text, lineStart, start, 124)
    ? 124
    : holdsCode(text, lineStart, start, 9)
      ? 9
      : holdsCode(text, lineStart, start, 44)
        ? 44
        : 0;
  if (separatorCode === 0) return false;
  const headerStart = blockStart(text, lineStart, separatorCode);
  if (headerStart === -1 || headerStart === lineStart) return false;
  const separator = String.fromCharCode(separatorCode);
  const column = text.slice(lineStart, start).split(separator).length - 1;
  const headerEnd = lineEnd(text, headerStart, ROW_REACH);
  const header = text.slice(headerStart, headerEnd).split(separator)[column] ?? '';
  const words = identifierWords(header.trim());
  return words.length > 0 && VERSION_NAME.test(words[words.length - 1] ?? '');
}

/**
 * The start of the first line of the block above the line at `lineStart`: the lines right above
 * it that hold `separator`, each at most {@link ROW_REACH} long. `lineStart` itself when the line
 * above is not one of them, and -1 when the block reaches further up than a header is looked for.
 * While {@link findAddresses} scans `text`, the rows of one table ask in turn, and each asks only
 * about the rows below the last one that asked: 1 MB of `| a | 10.0.0.5 |` rows climbed 24 rows
 * an address.
 */
function blockStart(text: string, lineStart: number, separator: number): number {
  if (text === scannedText && separator === block.separator && lineStart >= block.lastRow) {
    const rows = rowsBetween(text, block.lastRow, lineStart, separator);
    if (rows !== -1) {
      block.rows += rows;
      block.lastRow = lineStart;
      if (block.start !== -1 && (block.rows > HEADER_ROWS || block.start < lineStart - HEADER_REACH))
        block.start = -1;
      return block.start;
    }
  }
  const found = climbBlock(text, lineStart, separator);
  if (text === scannedText) {
    block.separator = separator;
    block.start = found.start;
    block.rows = found.rows;
    block.lastRow = lineStart;
  }
  return found.start;
}

/**
 * How many rows of a block lie from the row at `from` down to the one at `to`, or -1 when a line
 * between them does not hold `separator` or is longer than a row reaches.
 */
function rowsBetween(text: string, from: number, to: number, separator: number): number {
  let rows = 0;
  for (let row = from; row < to; rows += 1) {
    const end = text.indexOf('\n', row);
    if (end === -1 || end >= to || end - row > ROW_REACH || !holdsCode(text, row, end, separator)) return -1;
    row = end + 1;
  }
  return rows;
}

/** The block's first line found by reading the lines above `lineStart` one by one, up to the limits. */
function climbBlock(text: string, lineStart: number, separator: number): { start: number; rows: number } {
  const limit = Math.max(0, lineStart - HEADER_REACH);
  let start = lineStart;
  let rows = 0;
  while (start > 0) {
    const previousStart = previousLineStart(text, start);
    if (previousStart === -1 || !holdsCode(text, previousStart, start, separator)) break;
    if (rows === HEADER_ROWS || previousStart < limit) return { start: -1, rows: rows + 1 };
    start = previousStart;
    rows += 1;
  }
  return { start, rows };
}

/** The last table block {@link blockStart} read in the text being scanned. */
const block = { separator: 0, start: -1, rows: 0, lastRow: Number.POSITIVE_INFINITY };

/**
 * Whether a 10.x or 100.64/10 dotted quad is an address. It is one unless the text around it says
 * it is a version or a section number: in logs, tables and CSV a bare 10.x is an address far more
 * often than a four-part version, and a version is nearly always named as one.
 */
function readsAsTenAddress(text: string, start: number, end: number): boolean {
  return hasAddressContext(text, start, end) || !hasVersionContext(text, start, end);
}

/** The end of a CIDR prefix length `/8`-`/32` right after an address, or `end` itself. */
function cidrEnd(text: string, end: number): number {
  if (text.charCodeAt(end) !== 47) return end;
  const digitsEnd = scanRight(text, end + 1, isDigitCode, 2);
  if (digitsEnd === end + 1) return end;
  const next = text.charCodeAt(digitsEnd);
  const dottedOn = next === 46 && isDigitCode(text.charCodeAt(digitsEnd + 1));
  if (isDigitCode(next) || dottedOn || next === 47 || isLetterCode(next)) return end;
  return Number(text.slice(end + 1, digitsEnd)) <= 32 ? digitsEnd : end;
}

function findAddresses(text: string, spans: LeakSpan[]): void {
  scannedText = text;
  lastNewlineQuery = 0;
  lastNewline = -1;
  block.lastRow = Number.POSITIVE_INFINITY;
  try {
    findAddressesIn(text, spans);
  } finally {
    scannedText = undefined;
  }
}

function findAddressesIn(text: string, spans: LeakSpan[]): void {
  // the last address seen and whether it read as an address, so a list or a range reads as one:
  // in `X-Forwarded-For: 10.0.4.18, 10.0.1.2` both go, in `from 10.2.0.4 to 10.2.1.0` neither
  let previousEnd = -1;
  let previousAddressLike = false;
  eachMatch(IPV4_ADDRESS, text, (match) => {
    const start = match.index;
    const end = start + match[0].length;
    // part of a longer dotted run such as a version "1.10.0.1.2" or an OID
    if (text.charCodeAt(end) === 46 && isDigitCode(text.charCodeAt(end + 1))) return;
    if (text.charCodeAt(start - 1) === 46) return;
    const range = quadRange(text, start, end);
    const withPort = portEnd(text, end);
    const spanEnd = withPort > end ? withPort : cidrEnd(text, end);
    const inList =
      previousEnd >= 0 && start - previousEnd <= 9 && LIST_JOINER.test(text.slice(previousEnd, start));
    let leaked: boolean;
    let addressLike: boolean;
    if (
      range === null ||
      (spanEnd > end && text.charCodeAt(end) === 47 && RESERVED_BLOCKS.has(text.slice(start, spanEnd)))
    ) {
      leaked = false;
      addressLike = spanEnd > end || hasAddressContext(text, start, end);
    } else if (range !== 'ten' || spanEnd > end) {
      leaked = true;
      addressLike = true;
    } else {
      // 10.x and 100.64.x collide with version numbers: a list or a range reads as its first item
      leaked = inList ? previousAddressLike : readsAsTenAddress(text, start, end);
      addressLike = leaked;
    }
    previousEnd = spanEnd;
    previousAddressLike = addressLike;
    if (leaked) spans.push(span(start, spanEnd));
  });
}

/** EC2's private host names, `ip-10-0-12-34`, which spell a private address with hyphens. */
function findHyphenatedAddresses(text: string, spans: LeakSpan[]): void {
  eachMatch(HYPHENATED_ADDRESS, text, (match) => {
    const octets = match[0].slice(3).split('-').map(Number);
    if (privateRange(octets) !== null) spans.push(span(match.index, match.index + match[0].length));
  });
}

function findNames(text: string, spans: LeakSpan[]): void {
  eachMatch(LOOPBACK_NAME, text, (match) => {
    const start = match.index;
    const end = start + match[0].length;
    const withPort = portEnd(text, end);
    const before = text.charAt(start - 1);
    const after = text.charAt(end);
    // bare "localhost" in a sentence is harmless; a port, a URL or a path makes it an address, but
    // a page named for it (`en.wikipedia.org/wiki/Localhost`) is not one
    const inUrl = (before === '/' && text.charAt(start - 2) === '/') || before === '@';
    if (
      withPort > end ||
      inUrl ||
      (after === '/' && before !== '/') ||
      match[0].toLowerCase() !== 'localhost'
    ) {
      spans.push(span(start, withPort));
    }
  });
  // a run of host characters is read once each way, however many suffixes it holds
  // (`.internal.internal…`), not 253 characters both ways at each
  let hostStartAt: ReturnType<typeof runStartReader> | undefined;
  let hostEndAt: ReturnType<typeof runEndReader> | undefined;
  eachMatch(INTERNAL_SUFFIX, text, (match) => {
    const suffixEnd = match.index + match[0].length;
    const next = text.charCodeAt(suffixEnd);
    if (next === 45 || next === 95) return;
    hostStartAt ??= runStartReader(text, isHostCode, 253);
    const hostStart = hostStartAt(match.index, suffixEnd);
    if (hostStart === match.index || text.charCodeAt(hostStart) === 46) return;
    // a file in a path (`.dvc/config.local`, `conf.d/app.internal`), not a host after `//`
    if (text.charCodeAt(hostStart - 1) === 47 && text.charCodeAt(hostStart - 2) !== 47) return;
    // the suffix ends the host name ("settings.local.json" is a file), unless it is an internal
    // zone under a public domain: `replica-2.internal.example.com`
    const suffix = match[0].toLowerCase();
    if (next === 46 && isHostCode(text.charCodeAt(suffixEnd + 1))) {
      if (!INTERNAL_ZONES.has(suffix)) return;
      hostEndAt ??= runEndReader(text, isHostCode);
      const hostEnd = internalZoneEnd(text, hostStart, match.index, suffixEnd, hostEndAt(suffixEnd, 253));
      if (hostEnd > suffixEnd) spans.push(span(hostStart, portEnd(text, hostEnd)));
      return;
    }
    // `.int` ends public names (`who.int`) and code (`value.int`); it is internal only as a zone
    if (suffix === '.int') return;
    const withPort = portEnd(text, suffixEnd);
    // ".svc", ".private" and ".default" (a Kubernetes namespace) are common words in file and
    // setting names; trust them only with a port or in a URL
    // Consul's DNS names say what they are: `orders.service.dc1.consul`, `web-1.node.consul`
    const consulName = suffix === '.consul' && CONSUL_INTERFACE.test(text.slice(hostStart, match.index + 1));
    if (
      (suffix === '.svc' || suffix === '.private' || suffix === '.consul' || suffix === '.default') &&
      !consulName &&
      withPort === suffixEnd &&
      text.slice(Math.max(0, hostStart - 3), hostStart) !== '://'
    ) {
      return;
    }
    spans.push(span(hostStart, withPort));
  });
  eachMatch(MANAGED_ENDPOINT, text, (match) => {
    const hostStart = scanLeft(text, match.index, isHostCode, 253);
    const name = text.slice(hostStart, match.index).toLowerCase();
    if (name === '' || name.charCodeAt(0) === 46 || HOST_PLACEHOLDER.test(name)) return;
    const suffix = match[0].toLowerCase();
    // a load balancer or search domain is private only when its name says so
    if (suffix === '.elb.amazonaws.com' && !name.startsWith('internal-')) return;
    if (suffix === '.es.amazonaws.com' && !name.startsWith('vpc-')) return;
    spans.push(span(hostStart, portEnd(text, match.index + match[0].length)));
  });
}

/**
 * The end of a host name whose internal zone label (`text[labelStart, suffixEnd)`, one of
 * {@link INTERNAL_ZONES}) sits under a public domain (`replica-2.internal.example.com`,
 * `build.corp.acme.io`), or `suffixEnd` when the rest of the name is not a public domain or the
 * name reads as a code package (`com.acme.internal.net.Http`). `nameEnd` is where the run of
 * host characters after the suffix ends.
 */
function internalZoneEnd(
  text: string,
  hostStart: number,
  labelStart: number,
  suffixEnd: number,
  nameEnd: number,
): number {
  let hostEnd = nameEnd;
  while (
    hostEnd > suffixEnd &&
    (text.charCodeAt(hostEnd - 1) === 46 || text.charCodeAt(hostEnd - 1) === 45)
  ) {
    hostEnd -= 1;
  }
  // the labels after the zone: two or more, the last a public top-level domain
  const lastDot = lastIndexBetween(text, 46, suffixEnd + 1, hostEnd);
  if (lastDot === -1) return suffixEnd;
  const topLevel = text.slice(lastDot + 1, hostEnd);
  const first = text.slice(hostStart, text.indexOf('.', hostStart));
  if (!PUBLIC_TOP_LEVEL.has(topLevel) || CODE_PACKAGE_ROOTS.has(first)) return suffixEnd;
  return HOST_PLACEHOLDER.test(text.slice(hostStart, labelStart)) ? suffixEnd : hostEnd;
}

/** Private IPs, loopback, internal DNS names and service:port pairs. */
export const internalAddressRule: LeakRule = {
  name: 'internal-address',
  description:
    "Private, loopback and link-local IPv4 and IPv6 addresses (10/8 and 100.64/10 unless the text says version or section), localhost with a port or in a URL, host names under internal suffixes (.internal, .local, .svc.cluster.local, .corp, .lan, ...) or with an internal zone under a public domain (x.internal.example.com), endpoints of managed databases and private load balancers, single-label hosts in URLs (http://orders-svc:3000) and with a port when the name, the port or the words before it say it is a service, and host/port pairs (host='10.42.7.19', port=9200). Public host names, with or without a port, pass.",
  patterns: [
    IPV4_ADDRESS,
    LOOPBACK_NAME,
    INTERNAL_SUFFIX,
    HOST_PLACEHOLDER,
    MANAGED_ENDPOINT,
    CONSUL_INTERFACE,
    HYPHENATED_ADDRESS,
    VERSION_WORD,
    VERSION_NAME,
    NUMBERING_WORD,
    LATER_AFTER,
    LIST_JOINER,
    ...PRIVATE_IPV6_PATTERNS,
    ...SERVICE_HOST_PATTERNS,
  ],
  find(text) {
    const spans: LeakSpan[] = [];
    findAddresses(text, spans);
    if (text.indexOf('ip-') !== -1) findHyphenatedAddresses(text, spans);
    findNames(text, spans);
    const found = (start: number, end: number) => {
      if (end > start) spans.push(span(start, end));
    };
    findPrivateIpv6(text, found);
    findServiceHosts(text, found);
    return spans;
  },
};
