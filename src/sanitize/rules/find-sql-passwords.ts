import { CODE, isQuote } from '../char-codes.js';
import { holds, keywords, keywordsIn, type PatternGate } from '../keyword-gate.js';
import type { Found } from '../leak-rule.js';
import { eachMatch, isSpaceCode, lineBreaksBetween, matchEnds } from '../text-scan.js';
import { isPlaceholderValue } from './placeholders.js';

/**
 * The password clause of SQL that makes or changes an account, as MySQL, MariaDB and Oracle write
 * it and as a general log or an audit trail records it: `CREATE USER 'app'@'10.%' IDENTIFIED BY
 * 'X'`, `ALTER USER app IDENTIFIED BY X`, `IDENTIFIED WITH caching_sha2_password BY 'X'`, and the
 * stored hash of `IDENTIFIED BY PASSWORD '*…'`, `IDENTIFIED AS '…'` or Oracle's `BY VALUES '…'`,
 * which can be cracked offline. The user and host before it may be quoted in any way, so the
 * clause is read on its own.
 */
const IDENTIFIED_BY =
  /\bidentified[ \t]+(?:with[ \t]+['"`]?[\w-]{1,64}['"`]?[ \t]+)?(?:by|as)[ \t]+(?:password[ \t]+|values[ \t]+)?/gi;
const IDENTIFIED_WORDS = keywords('identified');
const VALUE_LENGTH = 256;
/**
 * What makes the clause SQL rather than prose ("the user is identified by their e-mail"): a
 * statement that makes or changes an account, a grant, or a database link earlier on its line.
 */
const ACCOUNT_STATEMENT = /\b(?:(?:create|alter)[ \t]+(?:user|role|login)|grant|connect[ \t]+to)\b/gi;
const STATEMENT_REACH = 256;

/** Finds the password or hash of each `IDENTIFIED BY` clause (see {@link IDENTIFIED_BY}). */
export function findSqlPasswords(text: string, found: Found, held = keywordsIn(text)): void {
  if (text.length < 14 || !holds(held, IDENTIFIED_WORDS)) return;
  // the ends of the account statements, read once and only for a text that has a clause; each
  // clause then looks at the last one before it, and reads only the gap between the two
  let statementEnds: number[] | undefined;
  let next = 0;
  eachMatch(IDENTIFIED_BY, text, (match) => {
    const from = match.index + match[0].length;
    statementEnds ??= matchEnds(ACCOUNT_STATEMENT, text);
    while (next < statementEnds.length && (statementEnds[next] as number) <= match.index) next += 1;
    const statementEnd = statementEnds[next - 1];
    if (
      statementEnd === undefined ||
      match.index - statementEnd > STATEMENT_REACH ||
      lineBreaksBetween(text, statementEnd, match.index) > 0
    )
      return from;
    const value = readSqlValue(text, from);
    if (value === undefined) return from;
    const secret = text.slice(value.start, value.end);
    // a bind parameter or a variable names where the password comes from: `?`, `:pw`, `@pw`, `$1`
    const first = secret.charCodeAt(0);
    if (first === CODE.COLON || first === CODE.AT || first === CODE.DOLLAR || secret === '?')
      return value.end;
    if (secret.length >= 3 && !isPlaceholderValue(secret)) found(value.start, value.end);
    return value.end;
  });
}

/** A quoted SQL literal's inside (a doubled quote stays in it), or a bare word up to a blank, `;`, `,` or `)`. */
function readSqlValue(text: string, from: number): { start: number; end: number } | undefined {
  const quote = text.charCodeAt(from);
  const limit = Math.min(text.length, from + VALUE_LENGTH);
  if (isQuote(quote)) {
    for (let index = from + 1; index < limit; index += 1) {
      const code = text.charCodeAt(index);
      if (code === CODE.NEWLINE) return undefined;
      if (code !== quote) continue;
      if (text.charCodeAt(index + 1) === quote) {
        index += 1; // `'it''s'`
        continue;
      }
      return index > from + 1 ? { start: from + 1, end: index } : undefined;
    }
    return undefined;
  }
  let end = from;
  while (end < limit) {
    const code = text.charCodeAt(end);
    if (isSpaceCode(code) || code === CODE.SEMICOLON || code === CODE.COMMA || code === CODE.CLOSE_PAREN)
      break;
    end += 1;
  }
  return end > from ? { start: from, end } : undefined;
}

/** The pattern gated on keywords, with its words, for the test that no gate hides a match. */
export const SQL_PASSWORD_GATES: readonly PatternGate[] = [[IDENTIFIED_BY, IDENTIFIED_WORDS]];

/** The regular expressions above, for the ReDoS check. */
export const SQL_PASSWORD_PATTERNS: readonly RegExp[] = [IDENTIFIED_BY, ACCOUNT_STATEMENT];
