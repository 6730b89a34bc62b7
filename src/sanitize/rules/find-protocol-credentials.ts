import { CODE } from '../char-codes.js';
import { holds, keywords, keywordsIn, type PatternGate } from '../keyword-gate.js';
import type { Found } from '../leak-rule.js';
import { eachMatch, isSpaceCode, lineEnd, lineStart, nextLineStart, scanRight } from '../text-scan.js';
import { hasThreeKinds } from './find-access-prose.js';
import { isPlaceholderValue } from './placeholders.js';

/**
 * Credentials that mail and file protocols send in a session transcript: SMTP's `AUTH PLAIN
 * <base64>` and `AUTH XOAUTH2 <base64>`, the line a client answers to `334 UGFzc3dvcmQ6` (base64
 * for "Password:") in `AUTH LOGIN`, IMAP's `a1 LOGIN user password`, and POP3's and FTP's `PASS
 * password` after `USER` or a 331 reply. The patterns name the commands; the rest is read in code.
 */

/** SMTP's `AUTH` with a mechanism that carries the credential on the same line. */
const AUTH_COMMAND = /\bAUTH (?:PLAIN|XOAUTH2|OAUTHBEARER) /g;
/** The server's base64 "Password:" prompt in `AUTH LOGIN`. */
const PASSWORD_PROMPT = /\b334 UGFzc3dvcmQ6\b/g;
/**
 * IMAP's `LOGIN` (with its tag, `a1` or Python imaplib's `VAH51`) and FTP's or POP3's `PASS`,
 * opening a line or after `C: ` / `> `, and inside the bytes imaplib's debug output prints (`> b'…'`).
 */
const LOGIN_OR_PASS = /(?:^|[\r\n]|[CS]: |> )(?:b['"])?(?:[A-Za-z0-9]{0,8}\d LOGIN|PASS) /g;
/** What each command above holds: the whole reader is skipped on a short text with none. */
const PROTOCOL_COMMANDS = keywords('auth ', '334 ', 'login ', 'pass ');
/** What a transcript writes before a client's line: `C: `, `CLIENT: `, `>>> `, `-> `. */
const TRANSCRIPT_PREFIX = /(?:[A-Za-z]{1,6}: |[<>-]{1,3} )/y;
/** A Redis `AUTH` as `MONITOR` prints it, its arguments quoted: `"AUTH" "X"`, `"auth" "user" "X"`. */
const MONITORED_AUTH = /"AUTH"((?: "[^"\n]{1,256}"){1,2})/gi;

/** The line before `PASS`: the user, or FTP's "331 Password required". */
const USER_LINE = /^(?:[CS]: |> )?(?:USER \S|331 )/;

/** How far back the line before `PASS` is read. */
const PREVIOUS_LINE_REACH = 200;
const CREDENTIAL_LENGTH = 2048;
/** An encoded `\0user\0password` is longer than any SASL mechanism name an EHLO reply lists. */
const SHORTEST_ENCODED = 12;

function isCredentialCode(code: number): boolean {
  return !isSpaceCode(code) && code !== CODE.DOUBLE_QUOTE;
}

/** Marks the token from `start` when it is `shortest` characters or more and not a placeholder. */
function markToken(text: string, start: number, found: Found, shortest = 3): number {
  const end = scanRight(text, start, isCredentialCode, CREDENTIAL_LENGTH);
  if (end - start >= shortest && !isPlaceholderValue(text.slice(start, end))) found(start, end);
  return end;
}

/** Whether the line before the one at `index` gives the user, so that `PASS` is FTP's or POP3's. */
function followsUserLine(text: string, index: number): boolean {
  // `PASS` opens its line, after at most a `C: ` or `> `
  const limit = Math.max(0, index - 4);
  let lineBreak = index;
  while (lineBreak > limit && text.charCodeAt(lineBreak - 1) !== CODE.NEWLINE) lineBreak -= 1;
  if (lineBreak === 0 || text.charCodeAt(lineBreak - 1) !== CODE.NEWLINE) return false;
  let end = lineBreak - 1;
  if (text.charCodeAt(end - 1) === CODE.CARRIAGE_RETURN) end -= 1;
  return USER_LINE.test(text.slice(lineStart(text, end, PREVIOUS_LINE_REACH), end));
}

/**
 * Where the last word of the line at `start` begins, when the line is a client's: a log that
 * stamps each line writes the answer last (`2026-11-20 03:59:24 CLIENT -> SERVER: Q2hl…`). A
 * server's line holds its three-digit reply code, and is read from `start` as before.
 */
function lastWordOfClientLine(text: string, start: number): number {
  const end = lineEnd(text, start);
  const line = text.slice(start, end);
  if (SERVER_REPLY.test(line)) return start;
  const lastBlank = Math.max(line.lastIndexOf(' '), line.lastIndexOf('\t'));
  return lastBlank === -1 ? start : start + lastBlank + 1;
}

/** A server's reply code, as it opens an SMTP reply: `235 `, `535 `, `250-`. */
const SERVER_REPLY = /(?:^|\s)\d{3}[ -]/;

/** Finds credentials in mail and file protocol transcripts (see the file comment). */
export function findProtocolCredentials(text: string, found: Found, held = keywordsIn(text)): void {
  if (!holds(held, PROTOCOL_COMMANDS)) return;
  if (text.indexOf('AUTH') !== -1) {
    eachMatch(AUTH_COMMAND, text, (match) =>
      markToken(text, match.index + match[0].length, found, SHORTEST_ENCODED),
    );
  }
  if (text.indexOf('334 ') !== -1) {
    eachMatch(PASSWORD_PROMPT, text, (match) => {
      // the client's answer is the next line, after a transcript's prefix (`C: `, `>>> `, `-> `)
      let start = nextLineStart(text, lineEnd(text, match.index));
      TRANSCRIPT_PREFIX.lastIndex = start;
      if (TRANSCRIPT_PREFIX.test(text)) start = TRANSCRIPT_PREFIX.lastIndex;
      else start = lastWordOfClientLine(text, start);
      return markToken(text, start, found);
    });
  }
  if (text.indexOf('LOGIN ') === -1 && text.indexOf('PASS ') === -1) return;
  eachMatch(LOGIN_OR_PASS, text, (match) => {
    const after = match.index + match[0].length;
    if (match[0].endsWith('PASS ')) {
      // `PASS` opens a line of test output too (`PASS src/app.test.js`)
      const commandStart = after - 5;
      return followsUserLine(text, commandStart) ? markToken(text, after, found) : undefined;
    }
    // the user, then the password, which IMAP quotes when it holds a special character
    const userEnd = scanRight(text, after, isCredentialCode, 256);
    if (text.charCodeAt(userEnd) !== CODE.SPACE) return userEnd;
    const quoted = text.charCodeAt(userEnd + 1) === CODE.DOUBLE_QUOTE;
    return markToken(text, userEnd + (quoted ? 2 : 1), found);
  });
}

/** Finds the password of each Redis `AUTH` in `MONITOR` output (see {@link MONITORED_AUTH}). */
export function findMonitoredAuth(text: string, found: Found): void {
  if (text.indexOf('"') === -1) return;
  eachMatch(MONITORED_AUTH, text, (match) => {
    const end = match.index + match[0].length - 1; // the closing quote
    const start = text.lastIndexOf('"', end - 1) + 1;
    if (end > start && !isPlaceholderValue(text.slice(start, end))) found(start, end);
  });
}

/**
 * An API key and its secret written as one `KEY:SECRET` pair, as Confluent Cloud prints them
 * (16 capitals and digits, then 64 base64 characters), and an AWS access key id with its secret
 * key, or the SMTP password SES derives from it (`AKIA…:<40 or 44>`, as postfix's `sasl_passwd` holds it).
 */
const KEY_SECRET_PAIR =
  /\b(?:[A-Z0-9]{16}:[A-Za-z0-9+/]{64}|(?:AKIA|ASIA)[A-Z0-9]{16}:[A-Za-z0-9+/]{40,44})(?![A-Za-z0-9+/])/g;

/**
 * A user and password before a host without a scheme: Asterisk's `register => 4920:Pw@sip.x.de`,
 * the same in other dial strings and configs. Only a password with a password's shape counts:
 * `mailto:bob@x.org` and `sip:alice@x.org` hold none.
 */
const USERINFO_BEFORE_HOST = /(?<![\w.+:/@-])[\w.+-]{1,64}:([^\s:@/"'<>]{6,128})@(?=[A-Za-z0-9-]{1,63}\.)/g;

/** postfix's `sasl_passwd`: `[relay.host]:port user:password`, where the password may hold blanks. */
const SASL_PASSWD_LINE =
  /^\[[\w-]{1,63}(?:\.[\w-]{1,63}){1,8}\](?::\d{1,5})?[ \t]+[^\s:]{1,128}:([^\n]{4,128})$/gm;

/** Finds `KEY:SECRET` pairs (see {@link KEY_SECRET_PAIR}) and the user-and-password pairs above. */
export function findKeySecretPairs(text: string, found: Found): void {
  if (text.indexOf(':') === -1) return;
  eachMatch(KEY_SECRET_PAIR, text, (match) => {
    found(match.index, match.index + match[0].length);
  });
  if (text.indexOf('@') !== -1)
    eachMatch(USERINFO_BEFORE_HOST, text, (match) => {
      const password = match[1] as string;
      const end = match.index + match[0].length - 1;
      if (hasThreeKinds(password) && !isPlaceholderValue(password)) found(end - password.length, end);
    });
  if (text.indexOf('[') !== -1)
    eachMatch(SASL_PASSWD_LINE, text, (match) => {
      const password = (match[1] as string).trimEnd();
      const start = match.index + match[0].length - (match[1] as string).length;
      if (!isPlaceholderValue(password)) found(start, start + password.length);
    });
}

/** The gate above, for the test that no gate hides a match. */
export const PROTOCOL_CREDENTIAL_GATES: readonly PatternGate[] = [
  [AUTH_COMMAND, PROTOCOL_COMMANDS],
  [PASSWORD_PROMPT, PROTOCOL_COMMANDS],
  [LOGIN_OR_PASS, PROTOCOL_COMMANDS],
];

/** The regular expressions above, for the ReDoS check. */
export const PROTOCOL_CREDENTIAL_PATTERNS: readonly RegExp[] = [
  AUTH_COMMAND,
  PASSWORD_PROMPT,
  LOGIN_OR_PASS,
  USER_LINE,
  TRANSCRIPT_PREFIX,
  SERVER_REPLY,
  MONITORED_AUTH,
  KEY_SECRET_PAIR,
  USERINFO_BEFORE_HOST,
  SASL_PASSWD_LINE,
];
