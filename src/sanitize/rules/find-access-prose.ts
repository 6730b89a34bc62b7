import { CODE, isDigit, isLower, isQuote, isUpper } from '../char-codes.js';
import { holds, keywords, keywordsIn, type PatternGate } from '../keyword-gate.js';
import type { Found } from '../leak-rule.js';
import {
  eachMatch,
  isBlank,
  isSpaceCode,
  lineEnd,
  lineEndReader,
  nextLineStart,
  scanLeft,
  scanRight,
} from '../text-scan.js';
import { cachedKeyStrength, isCredentialValue } from './find-secret-assignments.js';
import { CLOSING_TAG } from './find-table-secrets.js';
import { isPlaceholderValue } from './placeholders.js';
import { describesValue } from './plain-secret-values.js';

/**
 * Credentials that people and services hand over in sentences rather than in settings: "the
 * share is unlocked with "X"", "log in with admin / X", "it's admin / X until Friday", a list of
 * recovery codes, and the authorization code in an OAuth redirect.
 */

/** A verb of getting in, then `with`, `using` or `via` within a few words. */
const ACCESS_VERB =
  /\b(?:unlock(?:s|ed|ing)?|log(?:s|ged|ging)?[ -]?(?:in|on)|login|sign(?:s|ed|ing)?[ -]?in|signin|authenticat(?:e|es|ed|ing))\b/gi;
/** Words that join the verb to what it is done with: "unlocked with X", "sign in using X". */
const WITH_WORD = /^(?:with|using|via)$/i;
/**
 * A noun that says the sentence gives a login: "the admin login changed, it's admin / X"; and
 * "connect as", which names the account to connect with: "connect as reporting_admin / X".
 */
const LOGIN_NOUN = /\b(?:login|logon|credentials|creds|connect(?:s|ed|ing)? as)\b/gi;
// the words each pattern needs: one of each set stands in every match
const ACCESS_VERB_WORDS = keywords('unlock', 'log', 'sign', 'authenticat');
const LOGIN_NOUN_WORDS = keywords('log', 'cred', 'connect');

/** How far past a verb or noun the value may sit, in characters and in words. */
const PHRASE_REACH = 96;
const PHRASE_WORDS = 6;
const VALUE_LENGTH = 128;

/** `Kerberos5`, `Windows11`, `OAuth2`: a name with a version, not a password. */
const NAME_AND_VERSION = /^[A-Za-z]+\d{1,4}$/;

interface Word {
  start: number;
  end: number;
}

/** The next blank-separated word from `from`, within `limit` and the line; undefined at its end. */
function nextWord(text: string, from: number, limit: number): Word | undefined {
  let start = from;
  while (start < limit && isBlank(text.charCodeAt(start))) start += 1;
  if (start >= limit || isSpaceCode(text.charCodeAt(start))) return undefined;
  const end = scanRight(text, start, isNotSpaceCode, VALUE_LENGTH);
  return { start, end };
}

function isNotSpaceCode(code: number): boolean {
  return !isSpaceCode(code);
}

/** A word without the quotes around it and the punctuation after it. */
function bareSpan(text: string, word: Word): Word {
  let { start, end } = word;
  while (end > start && ',.;:!?)'.includes(text.charAt(end - 1)) && !isQuote(text.charCodeAt(end - 1)))
    end -= 1;
  if (
    end - start >= 2 &&
    isQuote(text.charCodeAt(start)) &&
    text.charCodeAt(end - 1) === text.charCodeAt(start)
  )
    return { start: start + 1, end: end - 1 };
  return { start, end };
}

/** Whether a word given in a sentence is a password: shaped like one, and not a name or a place. */
function isGivenPassword(value: string, quoted: boolean): boolean {
  if (value.length < (quoted ? 6 : 8) || value.length > VALUE_LENGTH) return false;
  // the shape first: one read of the word turns down most words of a sentence
  if (!hasThreeKinds(value)) return false;
  if (value.includes('://') || value.startsWith('/') || value.includes('@')) return false;
  // markup run together without blanks: `policy</th></tr><tr><td>ops`
  if (MARKUP.test(value)) return false;
  // a code span that the word opens and does not close: `Authorization: Bearer sk-...`
  if (value.charCodeAt(0) === CODE.BACKTICK) return false;
  // an assignment of a placeholder, `client_secret=<CONSUMER_SECRET>`, as docs list parameters
  const assignment = ASSIGNMENT_WORD.exec(value);
  if (assignment !== null && isPlaceholderValue(value.slice(assignment[0].length))) return false;
  if (NAME_AND_VERSION.test(value) || isPlaceholderValue(value)) return false;
  // `authenticate using mechanisms: LOGIN PLAIN DIGEST-MD5`: a mechanism's or an algorithm's name
  if (describesValue(value)) return false;
  return isCredentialValue(value, 'password');
}

const ASSIGNMENT_WORD = /^[A-Za-z_][\w.-]{0,63}=/;
/** A closing tag, or two tags back to back. */
const MARKUP = /<\/[a-z]|></i;

/**
 * Three of the four kinds of character a typed password mixes: upper case, lower case, digits and
 * symbols. A word of a sentence has no blanks, so this also gives it a password's shape.
 */
export function hasThreeKinds(value: string): boolean {
  let upper = 0;
  let lower = 0;
  let digit = 0;
  let symbol = 0;
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (isUpper(code)) upper = 1;
    else if (isLower(code)) lower = 1;
    else if (isDigit(code)) digit = 1;
    else symbol = 1;
  }
  return upper + lower + digit + symbol >= 3;
}

/**
 * Reports the password in `user / X`, `user/X` or a lone `X` at `word`, when it is one. Returns
 * whether it reported.
 */
function reportGiven(text: string, word: Word, limit: number, found: Found, pairsOnly: boolean): boolean {
  const bare = bareSpan(text, word);
  const raw = text.slice(bare.start, bare.end);
  const quoted = bare.start > word.start;
  // `admin/X` in one word, or `admin / X` in three
  const slash = raw.indexOf('/');
  if (slash > 0 && slash < raw.length - 1 && raw.indexOf('/', slash + 1) === -1) {
    const secret = raw.slice(slash + 1);
    if (isGivenPassword(secret, quoted)) {
      found(bare.start + slash + 1, bare.end);
      return true;
    }
    return false;
  }
  if (text.charCodeAt(word.end + 1) === CODE.SLASH && isBlank(text.charCodeAt(word.end + 2))) {
    const after = nextWord(text, word.end + 2, limit);
    if (after !== undefined) {
      const secret = bareSpan(text, after);
      if (isGivenPassword(text.slice(secret.start, secret.end), secret.start > after.start)) {
        found(secret.start, secret.end);
        return true;
      }
    }
    return false;
  }
  if (!pairsOnly && isGivenPassword(raw, quoted)) {
    found(bare.start, bare.end);
    return true;
  }
  return false;
}

/**
 * After a verb of getting in, the first given password once `with`, `using` or `via` has come
 * (`unlocked with "X"`); after a login noun, only a `user / X` pair, since a lone word there is
 * as often a user's name.
 */
function readPhrase(
  text: string,
  from: number,
  found: Found,
  pairsOnly: boolean,
  endOfLine: (index: number, maxLength: number) => number,
): number {
  const limit = endOfLine(from, PHRASE_REACH);
  let cursor = from;
  let joined = pairsOnly;
  for (let words = 0; words < PHRASE_WORDS; words += 1) {
    const word = nextWord(text, cursor, limit);
    if (word === undefined) return cursor;
    cursor = word.end;
    if (!joined) {
      joined = WITH_WORD.test(text.slice(word.start, word.end));
      continue;
    }
    if (reportGiven(text, word, limit, found, pairsOnly)) return cursor;
  }
  return cursor;
}

/**
 * Passwords given in sentences: after a verb of getting in and `with`/`using`, after a login
 * noun, or right after the word "password" in a list of what to log in with ("utente X,
 * password Y", "user X, password Y").
 */
export function findAccessPhrases(text: string, found: Found, held = keywordsIn(text)): void {
  // each search asks for line ends in order: one reader each reads a long line once
  if (holds(held, ACCESS_VERB_WORDS)) {
    const endOfLine = lineEndReader(text);
    eachMatch(ACCESS_VERB, text, (match) =>
      readPhrase(text, match.index + match[0].length, found, false, endOfLine),
    );
  }
  if (holds(held, LOGIN_NOUN_WORDS)) {
    const endOfLine = lineEndReader(text);
    eachMatch(LOGIN_NOUN, text, (match) =>
      readPhrase(text, match.index + match[0].length, found, true, endOfLine),
    );
  }
  if (holds(held, PASSWORD_NOUN_WORDS)) findListedPasswords(text, found);
}

/** A password right after the word "password" in a list of what to log in with. */
function findListedPasswords(text: string, found: Found): void {
  const endOfLine = lineEndReader(text);
  eachMatch(PASSWORD_NOUN, text, (match) => {
    const from = match.index + match[0].length;
    // a blank first, before the word is read: `password=password=…` would read 128 characters a match
    if (!isBlank(text.charCodeAt(from))) return from;
    const limit = endOfLine(from, PHRASE_REACH);
    const word = nextWord(text, from, limit);
    if (word !== undefined) reportGiven(text, word, limit, found, false);
    return from;
  });
}

/**
 * A secret's name, then within a few words the secret set in an HTML tag, as chat and ticket
 * exports keep it: `the DB password is <code>X</code>`, `Die Passphrase … lautet <b>X</b>`. The
 * pattern names the word only; the tag is read in code, so that the pattern stays small for the
 * ReDoS audit.
 */
const TAGGED_NAME =
  /\b(?:pass(?:word|phrase|wort|code)?|pw|pwd|kennwort|wachtwoord|senha|contrase(?:ñ|n)a|secret|token|api[ _-]?key)\b/gi;
/** The tags a chat or a ticket sets a value in. */
const VALUE_TAG = /<(?:code|b|strong|kbd|em|i|tt|samp|mark)>/y;
/** How far after the name the tag may open, and how long the value in it may be. */
const TAG_REACH = 48;
const TAGGED_LENGTH = 128;

/** Secrets set in an HTML tag a few words after their name (see {@link TAGGED_NAME}). */
export function findTaggedSecrets(text: string, found: Found, held = keywordsIn(text)): void {
  if (!holds(held, CLOSING_TAG) || text.indexOf('</') === -1) return;
  eachMatch(TAGGED_NAME, text, (match) => {
    const from = match.index + match[0].length;
    const open = text.indexOf('<', from);
    if (open === -1 || open - from > TAG_REACH || text.slice(from, open).includes('\n')) return from;
    VALUE_TAG.lastIndex = open;
    if (!VALUE_TAG.test(text)) return from;
    const start = VALUE_TAG.lastIndex;
    const close = text.indexOf('</', start);
    if (close === -1 || close - start > TAGGED_LENGTH || close - start < 4) return start;
    const value = text.slice(start, close);
    if (value.includes('\n') || value.includes('<') || value.includes('>')) return start;
    const strength = cachedKeyStrength(match[0]);
    if (isCredentialValue(value, strength === 'none' ? 'password' : strength)) found(start, close);
    return close;
  });
}

/** "Password" as sentences in several languages write it before the password itself. */
const PASSWORD_NOUN = /\b(?:password|passwort|kennwort|wachtwoord|senha|contrase(?:ñ|n)a|mot de passe)\b/gi;
const PASSWORD_NOUN_WORDS = keywords('pass', 'kennwort', 'wachtwoord', 'senha', 'contrase');

/** A heading over one-time codes: "Recovery codes", "backup codes:", "2FA codes". */
const CODE_HEADING = /\b(?:recovery|backup|one-time|2fa|mfa|emergency|scratch)[ -]codes?\b/gi;
const CODE_HEADING_WORDS = keywords('code');
/** One code: `3eun8-7nrp2`, `8204-1937`, `k2m9x0p4`. */
const ONE_TIME_CODE = /^[A-Za-z0-9]{4,10}(?:-[A-Za-z0-9]{4,10})?$/;
const CODE_LINES = 12;

/** The codes listed after a recovery-code heading, on its line and the lines below. */
export function findRecoveryCodes(text: string, found: Found, held = keywordsIn(text)): void {
  if (!holds(held, CODE_HEADING_WORDS)) return;
  eachMatch(CODE_HEADING, text, (match) => {
    let cursor = match.index + match[0].length;
    // the rest of the heading line may hold the codes too, after a colon
    const headingEnd = lineEnd(text, cursor, 256);
    const colon = text.slice(cursor, headingEnd).indexOf(':') + cursor;
    cursor =
      colon >= cursor && nextWord(text, colon + 1, headingEnd) !== undefined
        ? colon + 1
        : nextLineStart(text, headingEnd);
    let reported = cursor;
    let listed = 0;
    for (let line = 0; line < CODE_LINES && cursor < text.length; line += 1) {
      const end = lineEnd(text, cursor, 512);
      let codes = 0;
      let others = 0;
      for (let word = nextWord(text, cursor, end); word !== undefined; word = nextWord(text, word.end, end)) {
        const raw = text.slice(word.start, word.end);
        const code = raw.endsWith(',') ? raw.slice(0, -1) : raw;
        if (ONE_TIME_CODE.test(code) && /\d/.test(code)) {
          found(word.start, word.start + code.length);
          codes += 1;
        } else others += 1;
      }
      reported = end;
      // a blank line may stand between the heading and its codes, and none after them
      const blank = codes === 0 && others === 0;
      if ((blank && (listed > 0 || line >= 2)) || (!blank && (codes === 0 || others > 1))) break;
      listed += codes;
      cursor = nextLineStart(text, end);
    }
    return reported;
  });
}

/**
 * An authorization code in a redirect's query: `?code=…` beside `state=` or on a callback path.
 * The redirect says outright that it carries a credential, so the code is judged as one under an
 * explicit name: a random code with a few repeated characters is one too.
 */
const QUERY_CODE = /[?&]code=/g;
const CALLBACK_URL = /callback|oauth|authoriz|redirect|signin|sign-in|login|sso|auth\/|state=/i;
const URL_REACH = 512;
const CODE_PARAMETER = keywords('code=');

/** Finds OAuth authorization codes in redirect URLs (see {@link QUERY_CODE}). */
export function findAuthorizationCodes(text: string, found: Found, held = keywordsIn(text)): void {
  if (!holds(held, CODE_PARAMETER) || text.indexOf('code=') === -1) return;
  // the URL read last, and whether it is a redirect: codes in the same URL share the verdict
  let urlEnd = -1;
  let isCallback = false;
  eachMatch(QUERY_CODE, text, (match) => {
    const start = match.index + match[0].length;
    const end = scanRight(
      text,
      start,
      (code) => !isSpaceCode(code) && code !== CODE.AMPERSAND && code !== CODE.HASH && !isQuote(code),
      URL_REACH,
    );
    if (match.index >= urlEnd) {
      const urlStart = scanLeft(text, match.index, isNotSpaceCode, URL_BACK);
      urlEnd = scanRight(text, end, isNotSpaceCode, URL_REACH);
      isCallback = CALLBACK_URL.test(text.slice(urlStart, urlEnd));
    }
    if (isCallback && end - start >= 10 && isCredentialValue(text.slice(start, end), 'explicit'))
      found(start, end);
    return end;
  });
}

/** How far before its query a URL's path is read for a sign of a redirect. */
const URL_BACK = 128;

/** The patterns gated on keywords, with their words, for the test that no gate hides a match. */
export const ACCESS_PROSE_GATES: readonly PatternGate[] = [
  [ACCESS_VERB, ACCESS_VERB_WORDS],
  [LOGIN_NOUN, LOGIN_NOUN_WORDS],
  [PASSWORD_NOUN, PASSWORD_NOUN_WORDS],
  [CODE_HEADING, CODE_HEADING_WORDS],
  [/<\//, CLOSING_TAG],
  [/code=/, CODE_PARAMETER],
];

/** The regular expressions above, for the ReDoS check. */
export const ACCESS_PROSE_PATTERNS: readonly RegExp[] = [
  ASSIGNMENT_WORD,
  MARKUP,
  TAGGED_NAME,
  VALUE_TAG,
  PASSWORD_NOUN,
  ACCESS_VERB,
  WITH_WORD,
  LOGIN_NOUN,
  NAME_AND_VERSION,
  CODE_HEADING,
  ONE_TIME_CODE,
  QUERY_CODE,
  CALLBACK_URL,
];
