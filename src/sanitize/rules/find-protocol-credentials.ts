import { CODE } from '../char-codes.js';
import type { Found } from '../leak-rule.js';
import { eachMatch, isSpaceCode, lineEnd, nextLineStart, scanRight } from '../text-scan.js';
import { isPlaceholderValue } from './placeholders.js';

/**
 * Credentials that mail and file protocols send in a session transcript: SMTP's `AUTH PLAIN
 * <base64>` and `AUTH XOAUTH2 <base64>`, the line a client answers to `334 UGFzc3dvcmQ6` (base64
 * for "Password:") in `AUTH LOGIN`, IMAP's `a1 LOGIN user password`, and POP3's and FTP's `PASS
 * password`.
 */

/** The command and where its credential starts. */
const PROTOCOL_COMMAND =
  /\bAUTH (?:PLAIN|XOAUTH2|OAUTHBEARER) (?=[A-Za-z0-9+/])|\b334 UGFzc3dvcmQ6\b|(?:^|[\r\n]|[CS]: |> )(?:[A-Za-z]?\d{1,6} )?LOGIN (?=\S+ \S)|(?:^|[\r\n]|[CS]: |> )PASS (?=\S)/g;

const CREDENTIAL_LENGTH = 2048;

function isCredentialCode(code: number): boolean {
  return !isSpaceCode(code) && code !== CODE.DOUBLE_QUOTE;
}

/** Marks the token from `start` when it is `shortest` characters or more and not a placeholder. */
function markToken(text: string, start: number, found: Found, shortest = 3): number {
  const end = scanRight(text, start, isCredentialCode, CREDENTIAL_LENGTH);
  if (end - start >= shortest && !isPlaceholderValue(text.slice(start, end))) found(start, end);
  return end;
}

/** Finds credentials in mail and file protocol transcripts (see the file comment). */
export function findProtocolCredentials(text: string, found: Found): void {
  if (
    text.indexOf('AUTH') === -1 &&
    text.indexOf('334 ') === -1 &&
    text.indexOf('LOGIN') === -1 &&
    text.indexOf('PASS') === -1
  )
    return;
  eachMatch(PROTOCOL_COMMAND, text, (match) => {
    const command = match[0];
    const after = match.index + command.length;
    if (command.startsWith('334')) {
      // the client's answer is the next line, after an optional `C: `
      let start = nextLineStart(text, lineEnd(text, after));
      if (text.startsWith('C: ', start)) start += 3;
      return markToken(text, start, found);
    }
    if (command.endsWith('LOGIN ')) {
      // the user, then the password
      const userEnd = scanRight(text, after, isCredentialCode, 256);
      return markToken(text, userEnd + 1, found);
    }
    // an EHLO reply lists mechanisms after `AUTH PLAIN` (`250-AUTH PLAIN LOGIN CRAM-MD5`); an
    // encoded `\0user\0password` is longer than any of them
    if (command.startsWith('AUTH')) return markToken(text, after, found, 12);
    // `PASS` opens a line of test output too (`PASS src/app.test.js`): only after `USER` or a 331
    if (
      command.endsWith('PASS ') &&
      !USER_BEFORE.test(text.slice(Math.max(0, match.index - 200), match.index))
    )
      return undefined;
    return markToken(text, after, found);
  });
}

/** FTP's and POP3's user line, or FTP's "331 Password required", just before `PASS`. */
const USER_BEFORE = /(?:\bUSER \S{1,64}|\b331 [^\r\n]{0,80})[\r\n]{1,2}(?:[CS]: |> )?$/;

/**
 * An API key and its secret written as one `KEY:SECRET` pair, as Confluent Cloud prints them
 * (16 capitals and digits, then 64 base64 characters).
 */
const KEY_SECRET_PAIR = /\b[A-Z0-9]{16}:[A-Za-z0-9+/]{64}(?![A-Za-z0-9+/])/g;

/** Finds `KEY:SECRET` pairs (see {@link KEY_SECRET_PAIR}). */
export function findKeySecretPairs(text: string, found: Found): void {
  eachMatch(KEY_SECRET_PAIR, text, (match) => {
    found(match.index, match.index + match[0].length);
  });
}

/** The regular expressions above, for the ReDoS check. */
export const PROTOCOL_CREDENTIAL_PATTERNS: readonly RegExp[] = [
  PROTOCOL_COMMAND,
  USER_BEFORE,
  KEY_SECRET_PAIR,
];
