import { CODE, isHex } from '../char-codes.js';
import type { Found } from '../leak-rule.js';
import { eachMatch, portEnd } from '../text-scan.js';

/** A bracketed IPv6 address with an optional zone, `[fd00:10:96::1]`, `[fe80::1%eth0]`, `[::1]`. */
const BRACKETED_IPV6 = /\[[0-9A-Fa-f:.]{2,45}(?:%[\w.-]{1,16})?\]/g;

/** A bare IPv6 address in the unique-local (fc00::/7) or link-local (fe80::/10) range. */
const BARE_PRIVATE_IPV6 = /\b(?:f[cd][0-9a-f]{2}|fe[89ab][0-9a-f]):[0-9a-f:]{2,40}(?:%[\w.-]{1,16})?/gi;

/** An IPv4 address at the end of an IPv6 one: `::ffff:10.0.0.5`. */
const EMBEDDED_IPV4 = /(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/;

/**
 * Whether `text[start, end)`, hex groups separated by colons, forms an address: a `::`, or eight
 * groups, or seven with an IPv4 address at the end; each group 1-4 digits unless it holds a dot.
 * Read in place, since a text can hold a hundred thousand candidates.
 */
function isIpv6(text: string, start: number, end: number): boolean {
  let groups = 1;
  let groupLength = 0;
  let groupHasDot = false;
  let hasDot = false;
  let hasDoubleColon = false;
  for (let index = start; index < end; index += 1) {
    const code = text.charCodeAt(index);
    if (code === CODE.COLON) {
      if (groupLength > 4 && !groupHasDot) return false;
      if (index > start && text.charCodeAt(index - 1) === CODE.COLON) hasDoubleColon = true;
      groups += 1;
      groupLength = 0;
      groupHasDot = false;
    } else {
      groupLength += 1;
      if (code === CODE.DOT) {
        groupHasDot = true;
        hasDot = true;
      }
    }
  }
  if (groupLength > 4 && !groupHasDot) return false;
  return hasDoubleColon ? groups <= 9 : groups === 8 || (groups === 7 && hasDot);
}

/** Whether the first group of the address at `start` is a full one in fc00::/7, fe80::/10 or fec0::/10. */
function hasPrivatePrefix(text: string, start: number): boolean {
  if (text.charCodeAt(start + 4) !== CODE.COLON || (text.charCodeAt(start) | 0x20) !== CODE.LOWER_F)
    return false;
  const second = text.charCodeAt(start + 1) | 0x20;
  const third = text.charCodeAt(start + 2);
  if (!isHex(third) || !isHex(text.charCodeAt(start + 3))) return false;
  if (second === CODE.LOWER_C || second === CODE.LOWER_D) return true;
  // fe8x-febx are link-local, fecx-fefx the retired site-local range
  const lowerThird = third | 0x20;
  return (
    second === CODE.LOWER_E &&
    (third === CODE.DIGIT_8 || third === CODE.DIGIT_9 || lowerThird >= CODE.LOWER_A)
  );
}

/**
 * Whether the address `text[start, end)` is loopback, unspecified, unique-local, link-local,
 * site-local, or an IPv4-mapped private address.
 */
function isPrivateIpv6(text: string, start: number, end: number): boolean {
  const length = end - start;
  if (
    (length === 2 && text.startsWith('::', start)) ||
    (length === 3 && text.startsWith('::1', start)) ||
    (length === 15 && text.startsWith('0:0:0:0:0:0:0:1', start))
  ) {
    return true;
  }
  // the prefix counts only in a full first group: `fd00::1` is unique-local, `fd::1` is 00fd::1
  if (hasPrivatePrefix(text, start)) return true;
  if (length < 14 || text.slice(start, start + 7).toLowerCase() !== '::ffff:') return false;
  const mapped = EMBEDDED_IPV4.exec(text.slice(start + 7, end));
  if (mapped === null) return false;
  const first = Number(mapped[1]);
  const second = Number(mapped[2]);
  return (
    first === 10 ||
    first === 127 ||
    (first === 192 && second === 168) ||
    (first === 172 && second >= 16 && second <= 31)
  );
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
    const close = match.index + match[0].length - 1;
    const zone = match[0].indexOf('%');
    const addressEnd = zone === -1 ? close : match.index + zone;
    if (!isIpv6(text, match.index + 1, addressEnd) || !isPrivateIpv6(text, match.index + 1, addressEnd))
      return;
    const end = portEnd(text, match.index + match[0].length);
    found(match.index, end);
    bracketed.push(match.index, end);
  });
  let next = 0;
  eachMatch(BARE_PRIVATE_IPV6, text, (match) => {
    while (next < bracketed.length && (bracketed[next + 1] as number) <= match.index) next += 2;
    if (next < bracketed.length && (bracketed[next] as number) <= match.index) return;
    const matchEnd = match.index + match[0].length;
    const zone = match[0].indexOf('%');
    let addressEnd = zone === -1 ? matchEnd : match.index + zone;
    if (text.charCodeAt(addressEnd - 1) === CODE.COLON && text.charCodeAt(addressEnd - 2) !== CODE.COLON) {
      addressEnd -= 1;
    }
    // a hex run that goes on (`fd00:aaaa:…g`) is a word, not an address
    if (isHex(text.charCodeAt(matchEnd)) || !isIpv6(text, match.index, addressEnd)) return;
    found(match.index, match.index + match[0].length);
  });
}

/** The regular expressions above, for the ReDoS check. */
export const PRIVATE_IPV6_PATTERNS: readonly RegExp[] = [BRACKETED_IPV6, BARE_PRIVATE_IPV6, EMBEDDED_IPV4];
