import { isHex } from '../char-codes.js';
import type { Found } from '../leak-rule.js';
import { eachMatch, portEnd } from '../text-scan.js';

/** A bracketed IPv6 address with an optional zone, `[fd00:10:96::1]`, `[fe80::1%eth0]`, `[::1]`. */
const BRACKETED_IPV6 = /\[[0-9A-Fa-f:.]{2,45}(?:%[\w.-]{1,16})?\]/g;

/** A bare IPv6 address in the unique-local (fc00::/7) or link-local (fe80::/10) range. */
const BARE_PRIVATE_IPV6 = /\b(?:f[cd][0-9a-f]{2}|fe[89ab][0-9a-f]):[0-9a-f:]{2,40}(?:%[\w.-]{1,16})?/gi;

/** Unique-local fc00::/7, link-local fe80::/10 and the retired site-local fec0::/10. */
const PRIVATE_PREFIX = /^(?:f[cd]|fe[89a-f])/;

/** An IPv4 address at the end of an IPv6 one: `::ffff:10.0.0.5`. */
const EMBEDDED_IPV4 = /(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/;

/** Whether hex groups separated by colons form an address: a `::`, or eight groups, each of 1-4 digits. */
function isIpv6(address: string): boolean {
  const groups = address.split(':');
  if (groups.some((group) => group.length > 4 && !group.includes('.'))) return false;
  return address.includes('::')
    ? groups.length <= 9
    : groups.length === 8 || (groups.length === 7 && address.includes('.'));
}

/** Loopback, unspecified, unique-local, link-local and site-local, and IPv4-mapped private addresses. */
function isPrivateIpv6(address: string): boolean {
  const lower = address.toLowerCase();
  if (lower === '::1' || lower === '::' || lower === '0:0:0:0:0:0:0:1') return true;
  // the prefix counts only in a full first group: `fd00::1` is unique-local, `fd::1` is 00fd::1
  const firstGroup = lower.slice(0, lower.indexOf(':'));
  if (firstGroup.length === 4 && PRIVATE_PREFIX.test(firstGroup)) return true;
  const mapped = EMBEDDED_IPV4.exec(lower);
  if (mapped !== null && lower.startsWith('::ffff:')) {
    const first = Number(mapped[1]);
    const second = Number(mapped[2]);
    return (
      first === 10 ||
      first === 127 ||
      (first === 192 && second === 168) ||
      (first === 172 && second >= 16 && second <= 31)
    );
  }
  return false;
}

/**
 * Private IPv6 addresses: bracketed with an optional port, as in URLs and `host:port`
 * (`[fd00:10:96::1]:5432`, `[fe80::1%eth0]:8080`, `[::1]:3000`), and bare unique-local and
 * link-local ones (`fd12:3456:789a::10`). Public addresses pass, as public IPv4 ones do.
 */
export function findPrivateIpv6(text: string, found: Found): void {
  if (text.indexOf(':') === -1) return;
  // where each bracketed address ends, so that the bare pattern skips the ones already found
  const bracketed: number[] = [];
  eachMatch(BRACKETED_IPV6, text, (match) => {
    const inner = match[0].slice(1, -1);
    const address = inner.split('%', 1)[0] ?? '';
    if (!isIpv6(address) || !isPrivateIpv6(address)) return;
    const end = portEnd(text, match.index + match[0].length);
    found(match.index, end);
    bracketed.push(match.index, end);
  });
  let next = 0;
  eachMatch(BARE_PRIVATE_IPV6, text, (match) => {
    while (next < bracketed.length && (bracketed[next + 1] as number) <= match.index) next += 2;
    if (next < bracketed.length && (bracketed[next] as number) <= match.index) return;
    let address = match[0].split('%', 1)[0] ?? '';
    if (address.endsWith(':') && !address.endsWith('::')) address = address.slice(0, -1);
    // a hex run that goes on (`fd00:aaaa:…g`) is a word, not an address
    if (isHex(text.charCodeAt(match.index + match[0].length)) || !isIpv6(address)) return;
    found(match.index, match.index + match[0].length);
  });
}

/** The regular expressions above, for the ReDoS check. */
export const PRIVATE_IPV6_PATTERNS: readonly RegExp[] = [
  BRACKETED_IPV6,
  BARE_PRIVATE_IPV6,
  PRIVATE_PREFIX,
  EMBEDDED_IPV4,
];
