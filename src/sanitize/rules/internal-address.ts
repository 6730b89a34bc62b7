import type { LeakRule, LeakSpan } from '../leak-rule.js';
import { eachMatch, portEnd, scanLeft } from '../text-scan.js';
import { findPrivateIpv6, PRIVATE_IPV6_PATTERNS } from './find-private-ipv6.js';
import { findServiceHosts, SERVICE_HOST_PATTERNS } from './find-service-hosts.js';

/** A dotted IPv4 address; the code checks the range and the context. */
const IPV4_ADDRESS = /\b\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}\b/g;

/** Loopback names: `localhost`, `[::1]`, `0.0.0.0` is caught as IPv4. */
const LOOPBACK_NAME = /\blocalhost\b|\[::1?\]|\b(?:host\.docker\.internal|kubernetes\.default)\b/gi;

/** A private DNS suffix: the code reads the host name to its left. */
const INTERNAL_SUFFIX =
  /\.(?:internal|local|localdomain|corp|lan|intranet|intra|private|home\.arpa|consul|svc|default)\b/gi;

/** Words before a 10.x address that make it an address rather than a version number. */
const ADDRESS_CONTEXT =
  /(?:\/\/|@|\b(?:ip|host|addr(?:ess)?|server|from|to|on|at|via|peer|node|gateway|upstream|connect)\b[:=]? ?)$/i;

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

/** RFC 1918, loopback, link-local, carrier-grade NAT and the unspecified address. */
function privateRange(octets: readonly number[]): 'loopback' | 'private' | 'ten' | null {
  const [first = -1, second = -1] = octets;
  if (octets.some((octet) => octet > 255)) return null;
  if (first === 127 || (first === 0 && octets.every((octet) => octet === 0))) return 'loopback';
  if (first === 192 && second === 168) return 'private';
  if (first === 172 && second >= 16 && second <= 31) return 'private';
  if (first === 169 && second === 254) return 'private';
  if (first === 100 && second >= 64 && second <= 127) return 'ten';
  if (first === 10) return 'ten';
  return null;
}

function findAddresses(text: string, spans: LeakSpan[]): void {
  eachMatch(IPV4_ADDRESS, text, (match) => {
    const start = match.index;
    const end = start + match[0].length;
    // part of a longer dotted run such as a version "1.10.0.1.2" or an OID
    if (text.charCodeAt(end) === 46 && isDigitCode(text.charCodeAt(end + 1))) return;
    if (text.charCodeAt(start - 1) === 46) return;
    const range = privateRange(match[0].split('.').map(Number));
    if (range === null) return;
    const withPort = portEnd(text, end);
    const before = text.slice(Math.max(0, start - 24), start);
    // 10.x and 100.64.x collide with version numbers, so they need a port, a URL or a word of context
    if (range === 'ten' && withPort === end && !ADDRESS_CONTEXT.test(before)) {
      return;
    }
    spans.push(span(start, withPort));
  });
}

function findNames(text: string, spans: LeakSpan[]): void {
  eachMatch(LOOPBACK_NAME, text, (match) => {
    const start = match.index;
    const end = start + match[0].length;
    const withPort = portEnd(text, end);
    const before = text.charAt(start - 1);
    const after = text.charAt(end);
    // bare "localhost" in a sentence is harmless; a port, a URL or a path makes it an address
    if (withPort > end || before === '/' || before === '@' || after === '/' || match[0] !== 'localhost') {
      spans.push(span(start, withPort));
    }
  });
  eachMatch(INTERNAL_SUFFIX, text, (match) => {
    const suffixEnd = match.index + match[0].length;
    // the suffix must end the host name: not "settings.local.json" or "x.internal_tool"
    const next = text.charCodeAt(suffixEnd);
    if ((next === 46 && isHostCode(text.charCodeAt(suffixEnd + 1))) || next === 45 || next === 95) return;
    const hostStart = scanLeft(text, match.index, isHostCode, 253);
    if (hostStart === match.index || text.charCodeAt(hostStart) === 46) return;
    const suffix = match[0].toLowerCase();
    const withPort = portEnd(text, suffixEnd);
    // ".svc", ".private" and ".default" (a Kubernetes namespace) are common words in file and
    // setting names; trust them only with a port or in a URL
    if (
      (suffix === '.svc' || suffix === '.private' || suffix === '.consul' || suffix === '.default') &&
      withPort === suffixEnd &&
      text.slice(Math.max(0, hostStart - 3), hostStart) !== '://'
    ) {
      return;
    }
    spans.push(span(hostStart, withPort));
  });
}

/** Private IPs, loopback, internal DNS names and service:port pairs. */
export const internalAddressRule: LeakRule = {
  name: 'internal-address',
  description:
    "Private, loopback and link-local IPv4 and IPv6 addresses (10/8 only with a port or context), localhost with a port or in a URL, host names under internal suffixes (.internal, .local, .svc.cluster.local, .corp, .lan, ...), single-label hosts in URLs (http://orders-svc:3000) and with a port when the name, the port or the words before it say it is a service, and host/port pairs (host='10.42.7.19', port=9200). Public host names, with or without a port, pass.",
  patterns: [
    IPV4_ADDRESS,
    LOOPBACK_NAME,
    INTERNAL_SUFFIX,
    ADDRESS_CONTEXT,
    ...PRIVATE_IPV6_PATTERNS,
    ...SERVICE_HOST_PATTERNS,
  ],
  find(text) {
    const spans: LeakSpan[] = [];
    findAddresses(text, spans);
    findNames(text, spans);
    const found = (start: number, end: number) => {
      if (end > start) spans.push(span(start, end));
    };
    findPrivateIpv6(text, found);
    findServiceHosts(text, found);
    return spans;
  },
};
