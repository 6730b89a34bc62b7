import { CODE, isDigit, isLower, isQuote, isUpper } from '../char-codes.js';
import { holds, keywords, keywordsIn, type PatternGate } from '../keyword-gate.js';
import type { Found } from '../leak-rule.js';
import { REDACTED } from '../redacted.js';
import {
  eachMatch,
  hasEastAsianLetter,
  hasWhitespace,
  isBlank,
  isEastAsianLetter,
  isLineStart,
  isSpaceCode,
  isWidePunctuation,
  isWordCode,
  lineEnd,
  lineEndReader,
  lineStart,
  matchWithinReader,
  nextLineStart,
  scanLeft,
  scanRight,
} from '../text-scan.js';
import { hasThreeKinds } from './find-access-prose.js';
import { cachedKeyStrength, isCredentialValue } from './find-secret-assignments.js';
import { isHeadedListingRow } from './find-table-secrets.js';
import { isPlaceholderValue } from './placeholders.js';
import { DIGIT_BETWEEN_LETTERS, isSecretReference } from './plain-secret-values.js';
import { isOtherLetter, type KeyStrength, LONGEST_KEY_NAME } from './secret-key-names.js';

/**
 * Credentials written without `key=value`: command-line flags (`--password X`, `-storepass X`,
 * `mysql -pX`, `redis-cli -a X`, `sqlcmd -P X`, `smbclient -U user%X`), PowerShell's
 * `ConvertTo-SecureString 'X' -AsPlainText`, `net use … /user:U X`, netrc and rclone lines
 * (`password X`, `secret_access_key X`), and the prose of driver and auth logs (`with password
 * 'X'`, `invalid password "X"`, `the new API key for acme is X`).
 */

/** Longest word, flag value and prose window read, in characters. */
const WORD_LENGTH = 64;
const ARGUMENT_LENGTH = 512;
const PROSE_WINDOW = 96;
const PROSE_WORDS = 8;
/** The most East Asian letters read between a name and the colon before its value. */
const CJK_PHRASE_LENGTH = 8;
const ALIGNED_BLANKS = 24;
/** The most letters an ending adds to a name written in two words. */
const INFLECTION_LENGTH = 4;

/** Word parts that may make a word secret-named; any other word is skipped without a lookup. */
const SECRET_WORD =
  /pass|pwd|pw|psk|communit|phrase|mnemonic|secret|token|key|cred|auth|sig|sess|cookie|pat|jwt|contrase|kennwort|senha|wachtwoord|has[lł]|hesl|clave|(?:ال)?مرور|السر|l[oö]senord|salasana|salasõna|adgangskode|jelsz|[sş]ifr[eə]|пароль|парол|лозинк|lozink|токен|κωδικ|密[码碼]|パスワード|비밀번호|口令|令牌|[密秘][钥鑰]|金鑰|トークン|シークレット|토큰|비밀키|पासवर्ड|m[aậ]t kh[aẩ]u|kata sandi(?:nya)?|kata laluan|slapta[zž]od|paroo?l|pasahitz|lykilor[ðd]|nenosiri|პაროლ|құпия (?:сөз|кілт)|нууц үг|ពាក្យសម្ងាត់|စကားဝှက်|kalmar sirri|phasiwedi|wagwoord|cyfrinair|fjal[eë]kalim|gesl|kunci (?:rahsia|rahasia|api)|کلید ?api|পাসওয়ার্ড|கடவுச்சொல்|پاس ورڈ|የይለፍ ቃል|jeton|schl[uü]ssel|zugangstoken|סיסמ|รหัสผ่าน|رمز عبور|權杖|权杖|ключ|anahtar|avai?n|시크릿(?: ?키)?|API ?키/gi;

/** A flag's metavariable in help text: `--password PASSWORD`, `--token <token>`, `-p pass`. */
const METAVARIABLE =
  /^(?:[A-Z][A-Z_]{1,30}|value|val|string|str|text|arg|args|pass|pw|pwd|passwd|password|secret|token|key|file|path|name|user|username|none|stdin)$/;

/** Flags that name where a secret comes from, or turn one off, rather than hold it. */
const SOURCE_FLAG =
  /^(?:no|ask|prompt|with|use|read|show|print|reset|require)-|[-_](?:stdin|file|env|fd|cmd|command|prompt|helper|length|policy)$/i;

/**
 * Words that join a secret's name to its value in prose: `… is X`, `… was set to X`, and the
 * same in other languages (`… est : X`, `… ist X`, `… lautet X`, `… es X`, `… är X`, `… jest X`).
 */
const CONNECTORS = new Set([
  'is',
  'was',
  'est',
  'ist',
  'lautet',
  'es',
  'é',
  'è',
  'är',
  'jest',
  'je',
  // Vietnamese, Arabic and Indonesian: `mật khẩu … là X`, `كلمة المرور … هي X`, `kata sandi … adalah X`
  'là',
  'هي',
  'هو',
  'adalah',
  'ialah',
  // Romanian and Thai: `parola … este X`, `รหัสผ่าน … คือ X`
  'este',
  'คือ',
  // Bengali, Swahili, Tagalog, Bulgarian, Serbian, Lithuanian, Latvian, Catalan and Icelandic:
  // `পাসওয়ার্ড হলো X`, `nenosiri … ni X`, `password … ay X`, `паролата … е X`, `лозинка … је X`,
  // `slaptažodis yra X`, `parole ir X`, `contrasenya … és X`, `lykilorðið … er X`
  'হলো',
  'হল',
  'ni',
  'ay',
  'е',
  'је',
  'yra',
  'ir',
  'és',
  'er',
  // Hebrew and Greek: `הסיסמה … היא X`, `ο κωδικός … είναι X`
  'היא',
  'הוא',
  'είναι',
  // "changed to X": Russian and Bulgarian `поменяли на X`, German `geändert auf X`, Dutch
  // `gewijzigd naar X` (Swedish `till` and Spanish `a` also mean "for" and "at", and are not read)
  'на',
  'auf',
  'naar',
  // Hausa `ita ce X`, Zulu `ithi X`, Welsh `yw X`, Albanian `është X`
  'ce',
  'ithi',
  'yw',
  'është',
  'are',
  'were',
  'to',
  'be',
  'becomes',
  'equals',
  '=',
  ':',
  '->',
  '=>',
  // French quotes, set apart by blanks: `mot de passe « X » incorrect`
  '«',
]);

/**
 * Finnish and Estonian names of a password, after which `on` is "is": `salasana on X`,
 * `parool on X`. After any other word, `on` is English and joins no value (`password on file`).
 */
const FINNIC_PASSWORD = /^(?:salasan|salasõn|parool|api-avain|avain)/i;

/** "Is" where it ends the clause, after the value: Persian, Urdu, Hindi, Amharic, Basque. */
const FINAL_COPULAS = new Set(['است', 'ہے', 'है', 'ነው', 'da']);
/** Punctuation that may follow such a verb: `،`, `।`, `።`, `.`, `,`. */
const CLAUSE_END = '،,.।።!';

function isFinalCopula(word: string): boolean {
  let end = word.length;
  while (end > 0 && CLAUSE_END.includes(word.charAt(end - 1))) end -= 1;
  return FINAL_COPULAS.has(end === word.length ? word : word.slice(0, end));
}

/** Where the scripts that write words without blanks begin (CJK punctuation, kana, Hangul, Han). */
const CJK_START = 0x3000;

/**
 * Particles that join a password's name to its value: Chinese `是`, `为` (`密码为 X`), Japanese
 * `は` and `が`, Korean `는` and `은`, and a colon or an equals sign written straight after.
 */
const CJK_PARTICLES = '是为為はが는은를을：:=';
/** Brackets that open a quoted value in those scripts: `「X」`, `『X』`, `【X】`. */
const CJK_OPENING = '「『【“';

/** The end of French's `mot de passe`. */
const FRENCH_PASSWORD = /\b[Mm]ot de passe$/;

/** `os.getenv('API_KEY')`, `secrets.token_hex(32)`: a call in code, not a value. */
const CALL = /^[A-Za-z_][\w.]{0,60}\(/;

/** An IOS encryption type before a secret: 0 is clear text, 7 reversible, 5, 8 and 9 hashes. */
const IOS_TYPE = /^[05789]$/;
const PLAIN_LOWER_WORD = /^[a-z]+[.,;]?$/;

/** openssl's pass phrase sources that are not the phrase itself: `env:VAR`, `file:path`, `fd:3`, `stdin`. */
const PASS_PHRASE_SOURCE = /^(?:env|file|fd):|^stdin$/;
const PROSE_AFTER = /^[ \t]+[a-z]{2,}/;
const NETRC_WORD = /(?:^|\s)(?:machine|login|default)\s/;
/** `secret_access_key`, `client-secret`, `db.password`, `apiKey`: an identifier, not a word of prose. */
const COMPOUND_NAME = /[_.-]|[a-z][A-Z]/;
const SENTENCE_END = /[.!?]$/;
const TRAILING_SEPARATOR = /[,;]$/;
const DRIVE = /^[A-Za-z]:$/;

/** `-storepass`, `-keypass`, `-srcstorepass`: Java tools name passwords with a trailing `pass`. */
const NOT_PASSWORDS = new Set([
  'bypass',
  'compass',
  'encompass',
  'surpass',
  'trespass',
  'overpass',
  'underpass',
  'multipass',
  'onepass',
  'twopass',
  'firstpass',
  'secondpass',
  'singlepass',
]);

function isIdentifierCode(code: number): boolean {
  return (
    isWordCode(code) || code === CODE.HYPHEN || code === CODE.DOT || (code >= 0xc0 && isOtherLetter(code))
  );
}

function isLetterCode(code: number): boolean {
  return isUpper(code) || isLower(code) || (code >= 0xc0 && isOtherLetter(code));
}

interface Token {
  start: number;
  end: number;
  /** The token without its quotes and escapes, as a shell would pass it. */
  value: string;
  quoted: boolean;
}

/**
 * Reads one shell word from `from` (up to `maxBlanks` blanks skipped), quotes included; undefined
 * at a line end. `limit` bounds where the word may start, not where it ends: a word the window's
 * end cuts would be half a value, and half a secret redacted leaves the other half for the model
 * to read. A word is at most {@link ARGUMENT_LENGTH} characters.
 */
function readToken(
  text: string,
  from: number,
  limit: number,
  maxBlanks = 8,
  escapedBreaks = true,
): Token | undefined {
  let start = from;
  const blankLimit = Math.min(limit, from + maxBlanks);
  while (start < blankLimit && isBlank(text.charCodeAt(start))) start += 1;
  if (start >= limit) return undefined;
  const first = text.charCodeAt(start);
  if (isSpaceCode(first)) return undefined;
  let end = start;
  let value = '';
  let plainFrom = start; // the unquoted stretch not yet copied into `value`
  let quoted = false;
  const wordLimit = Math.min(text.length, start + ARGUMENT_LENGTH);
  while (end < wordLimit) {
    const code = text.charCodeAt(end);
    if (isSpaceCode(code) || isWidePunctuation(code)) break;
    // a closing tag ends the word, as a blank would: `Password policy</th></tr><tr><td>ops`
    if (
      code === CODE.LESS_THAN &&
      end > start &&
      text.charCodeAt(end + 1) === CODE.SLASH &&
      isLetterCode(text.charCodeAt(end + 2))
    )
      break;
    if (code === CODE.BACKSLASH) {
      const escaped = text.charCodeAt(end + 1);
      // a JSON-escaped line break, but not the `\\n…` of a UNC path such as `\\nas02\share`
      if (
        escapedBreaks &&
        (escaped === CODE.LOWER_N || escaped === CODE.LOWER_R) &&
        text.charCodeAt(end - 1) !== CODE.BACKSLASH
      )
        break;
      if (isQuote(escaped)) {
        value += text.slice(plainFrom, end);
        end += 1; // a JSON-escaped quote: `\"X\"`
        plainFrom = end;
        continue;
      }
    }
    // an apostrophe between letters elides a vowel (`dell'utente`, `l'adresse`): no quote opens
    if (
      isQuote(code) &&
      !(
        code === CODE.SINGLE_QUOTE &&
        isLetterCode(text.charCodeAt(end - 1)) &&
        isLetterCode(text.charCodeAt(end + 1)) &&
        end > start
      )
    ) {
      let close = end + 1;
      while (close < wordLimit && text.charCodeAt(close) !== code && text.charCodeAt(close) !== CODE.NEWLINE)
        close += 1;
      if (close < wordLimit && text.charCodeAt(close) === code) {
        const innerEnd = text.charCodeAt(close - 1) === CODE.BACKSLASH ? close - 1 : close;
        value += text.slice(plainFrom, end) + text.slice(end + 1, Math.max(end + 1, innerEnd));
        quoted = true;
        end = close + 1;
        plainFrom = end;
        continue;
      }
    }
    end += 1;
  }
  value += text.slice(plainFrom, end);
  return end > start ? { start, end, value, quoted } : undefined;
}

/** The most line breaks between a label and the value on a line of its own below it. */
const BREAKS_BEFORE_VALUE = 2;

/**
 * The value that stands alone on a line below `from` (the end of a label), at most one blank
 * line down; undefined when the label's line goes on, or the line below holds more than one word.
 */
function loneValueBelow(text: string, from: number): Token | undefined {
  let cursor = from;
  while (cursor < text.length && isBlank(text.charCodeAt(cursor))) cursor += 1;
  let breaks = 0;
  while (cursor < text.length && breaks <= BREAKS_BEFORE_VALUE) {
    const code = text.charCodeAt(cursor);
    if (code === CODE.NEWLINE) breaks += 1;
    else if (!isSpaceCode(code)) break;
    cursor += 1;
  }
  if (breaks === 0 || breaks > BREAKS_BEFORE_VALUE) return undefined;
  const value = readToken(text, cursor, Math.min(text.length, cursor + ARGUMENT_LENGTH), 0);
  if (value === undefined) return undefined;
  let after = value.end;
  while (after < text.length && isBlank(text.charCodeAt(after))) after += 1;
  const ending = text.charCodeAt(after);
  return after >= text.length || ending === CODE.NEWLINE || ending === CODE.CARRIAGE_RETURN
    ? value
    : undefined;
}

/** A password-like shape for prose: letters with digits, or mixed case with a symbol. */
function hasSecretShape(value: string): boolean {
  let letters = false;
  let digits = false;
  let upper = false;
  let lower = false;
  let otherSymbols = false; // a symbol but a hyphen
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (isUpper(code)) upper = letters = true;
    else if (isLower(code)) lower = letters = true;
    else if (isDigit(code)) digits = true;
    else if (isSpaceCode(code)) return false;
    else if (code !== CODE.HYPHEN) otherSymbols = true;
  }
  // words joined by hyphens are a compound of prose, not a password: `OIDC-based`, `Read-Only`
  return letters && (digits || (upper && lower && otherSymbols));
}

/** Whether a word is a leader of three dots or more, as tables draw between a name and its value. */
function isDotLeader(word: string): boolean {
  if (word.length < 3) return false;
  for (let index = 0; index < word.length; index += 1) if (word.charCodeAt(index) !== CODE.DOT) return false;
  return true;
}

/** Whether a flag's argument can be a credential of the given strength. */
function acceptsArgument(value: string, strength: KeyStrength, proseFollows: boolean): boolean {
  // East Asian prose is no credential (see isCredentialValue), and is told before the placeholder
  // checks read all of it: a run of it has no blank to end the word
  if (value.length === 0 || hasEastAsianLetter(value)) return false;
  const first = value.charCodeAt(0);
  if (first === CODE.HYPHEN || first === CODE.DOLLAR || first === CODE.PERCENT) return false;
  if (METAVARIABLE.test(value) || isPlaceholderValue(value) || CALL.test(value)) return false;
  return isCredentialValue(value, strength, proseFollows);
}

/**
 * Whether a value read from prose must look like a secret: under a password or an explicitly
 * secret name any value can be one, so in prose (`token expires in 3600 seconds`, `Unexpected
 * token 'export'`) only a value shaped like a password counts.
 */
function needsSecretShape(strength: KeyStrength): boolean {
  return strength === 'password' || strength === 'explicit' || strength === 'provider-secret';
}

/**
 * Whether a word after a secret's name is the name of another secret rather than a value. A
 * provider's name inside a word (`Pw7XqNPM` holds `npm`) is too weak a sign to say so, and so is
 * a secret's word that a random token holds by chance (`Pw7PwY5zN`, `Pw7x#ycC2LoBFLSSid`): a
 * name is made of a word's characters, and no digit stands between two of its letters.
 */
function namesSecret(word: string): boolean {
  if (word.length > LONGEST_KEY_NAME) return false;
  for (let index = 0; index < word.length; index += 1) {
    if (!isIdentifierCode(word.charCodeAt(index))) return false;
  }
  if (DIGIT_BETWEEN_LETTERS.test(word)) return false;
  const strength = cachedKeyStrength(word);
  return strength !== 'none' && strength !== 'provider';
}

/** Whether a value read from prose (not an argument, not an assignment) is a credential. */
function acceptsProseValue(raw: string, strength: KeyStrength): boolean {
  let value = raw;
  while (value.length > 0 && ',.;:)'.includes(value.charAt(value.length - 1))) value = value.slice(0, -1);
  if (value.length < 4 || value.includes('://') || value.startsWith('/')) return false;
  // an e-mail address (`password for bob@example.com`) or a mention (`password for @bob`), not a
  // password with an `@` (`Hooli@2021`, `@T~TgB9Ml%L`)
  const at = value.indexOf('@');
  if ((at === 0 && MENTION.test(value)) || (at > 0 && EMAIL_ADDRESS.test(value))) return false;
  return acceptsShapedArgument(value, strength);
}

/**
 * An argument that is a credential and, where the name asks for one (see {@link needsSecretShape}),
 * shaped like a secret. The shape is told first: it reads the value once, where the argument's
 * checks search it several times, and most words after a password's name are prose.
 */
function acceptsShapedArgument(value: string, strength: KeyStrength): boolean {
  return (!needsSecretShape(strength) || hasSecretShape(value)) && acceptsArgument(value, strength, false);
}

/** A handle after `@`, as chats and code hosts write one: `@bob`, `@acme/ops`, `@team.lead`. */
const MENTION = /^@[\w./-]{1,64}$/;

/** A whole e-mail address: a name, `@`, and a domain of dotted labels (`o@jc-.C@4MY!` is none). */
const EMAIL_ADDRESS = /^[^@\s]{1,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){1,8}$/;

/** How a flag name announces a secret: `password`, `db-password`, `srcstorepass`, `client-secret`, `token`. */
function flagStrength(name: string): KeyStrength {
  if (SOURCE_FLAG.test(name)) return 'none';
  const strength = cachedKeyStrength(name);
  if (strength !== 'none') return strength;
  const lower = name.toLowerCase();
  if (ERLANG_COOKIE_FLAG.test(lower)) return 'secret';
  return lower.endsWith('pass') && !NOT_PASSWORDS.has(lower) ? 'password' : 'none';
}

/** `--password X`, `-storepass X`, `-passin pass:X`: the argument after a secret-named flag. */
function reportFlagArgument(text: string, name: string, end: number, found: Found): void {
  const strength = flagStrength(name);
  if (strength === 'none' || !isBlank(text.charCodeAt(end))) return;
  const token = readToken(text, end, text.length, 4);
  if (token === undefined) return;
  let value = token.value;
  let start = token.start;
  const lower = value.toLowerCase();
  // openssl's pass phrase arguments: only `pass:` holds the secret itself
  if (PASS_PHRASE_SOURCE.test(lower)) return;
  if (lower.startsWith('pass:')) {
    value = value.slice(5);
    start = Math.min(token.end, start + 5 + (token.quoted && isQuote(text.charCodeAt(start)) ? 1 : 0));
  }
  const proseFollows = PROSE_AFTER.test(text.slice(token.end, token.end + 8));
  // an Erlang node's distribution cookie, twenty capitals, which help text's `-setcookie NAME` is not
  const erlangCookie = ERLANG_COOKIE.test(value) && ERLANG_COOKIE_FLAG.test(name.toLowerCase());
  if (erlangCookie || acceptsArgument(value, strength, proseFollows && !token.quoted)) {
    found(start, token.end);
    return;
  }
  // `-auth user:token`, `--credentials admin:P`: the secret is what follows the user's name
  // `--secret-id arn:aws:secretsmanager:…`: where the secret is kept, not a user and a secret
  if (isSecretReference(value)) return;
  const user = USER_PREFIX.exec(value);
  if (user !== null && acceptsArgument(value.slice(user[0].length), strength, false))
    found(Math.min(token.end, start + user[0].length + (token.quoted ? 1 : 0)), token.end);
}

/** `erl -setcookie X`, `iex --cookie X`, and the cookie the Erlang runtime makes: twenty capitals. */
const ERLANG_COOKIE_FLAG = /^(?:set)?cookie$/;
const ERLANG_COOKIE = /^[A-Z]{20}$/;

/** A user's name and a colon at the start of a flag's value. */
const USER_PREFIX = /^[\w.@-]{1,64}:(?=[^\s:])/;

/** Whether the line holding `index` looks like netrc: it names a `machine` or a `login` before `index`. */
function isNetrcLine(text: string, index: number): boolean {
  const from = scanLeft(text, index, (code) => code !== CODE.NEWLINE, 256);
  const before = text.slice(from, index);
  return NETRC_WORD.test(before);
}

/** A secret's name written as a word: `password 'X'`, `secret_access_key X`, `API key … is X`. */
/** A value at least this long after a secret's name is taken as the one the sentence gives. */
const SURE_VALUE_LENGTH = 8;

/** Whether a connector word (`is`, `คือ`, `هي`) stands between `from` and `limit`. */
function hasConnectorAhead(text: string, from: number, limit: number): boolean {
  for (
    let token = readToken(text, from, limit, 4), words = 0;
    token !== undefined && words < PROSE_WORDS;
    words += 1
  ) {
    if (CONNECTORS.has(token.value.toLowerCase()) || token.value.endsWith('คือ')) return true;
    token = readToken(text, token.end, limit, 4);
  }
  return false;
}

/** A `name=value` pair; base64 padding (`dGVzdA==`) is not one. */
const PAIR = /^[A-Za-z_][\w.-]{0,63}=[^=]/;

/** Whether an unquoted token is a command-line flag (`-p`, `--password`). */
function isFlag(text: string, token: Token): boolean {
  return !token.quoted && text.charCodeAt(token.start) === CODE.HYPHEN;
}

function reportWordValue(text: string, start: number, end: number, found: Found): number {
  const word = text.slice(start, end);
  const previous = text.charCodeAt(start - 1);
  // a variable, a path, a host, a property path: `$PASSWORD`, `/run/secrets/token`, `git@host`
  if (
    previous === CODE.DOLLAR ||
    previous === CODE.SLASH ||
    previous === CODE.AT ||
    previous === CODE.BACKSLASH
  )
    return end;
  // a colon after the word ends a name of several words (Arabic `وكلمة المرور: X`); a name of one
  // word and a colon is an assignment, which its own rule reads
  const after = text.charCodeAt(end);
  const colon = (after === CODE.COLON || after === CODE.FULLWIDTH_COLON) && isBlank(text.charCodeAt(end + 1));
  if (!isBlank(after) && !colon) return end;
  // French writes "password" in three words: `mot de passe`
  if (FRENCH_PASSWORD.test(text.slice(Math.max(0, start - 8), end)))
    return reportProseValue(text, start, end, 'password', found);
  const strength = cachedKeyStrength(word);
  if (colon && strength !== 'none') return end;
  // `API key`, `primary key`, `cache key`: the word before decides what a bare `key` is, and
  // makes a secret's name of a word that is none alone (`seed phrase`, `snmp-server community`)
  const previousWordEnd = scanLeft(text, start, isBlank, 2);
  if (previousWordEnd < start && previousWordEnd > 0) {
    const previousWordStart = scanLeft(text, previousWordEnd, isIdentifierCode, 32);
    if (previousWordStart < previousWordEnd) {
      const phrase = cachedKeyStrength(`${text.slice(previousWordStart, previousWordEnd)} ${word}`);
      if (phrase === 'none') return end;
      // a name that only the phrase makes is read as the phrase, which names a setting
      return reportProseValue(text, strength === 'none' ? previousWordStart : start, end, phrase, found);
    }
  }
  return strength === 'none' ? end : reportProseValue(text, start, end, strength, found);
}

/** Whether a tab, or two blanks, follow `at`: the gap between two columns of a listing. */
function isColumnGap(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  return code === CODE.TAB || (code === CODE.SPACE && text.charCodeAt(at + 1) === CODE.SPACE);
}

/**
 * Reads the value after a secret's name, `text[start, end)`: an argument, a `name value` line,
 * or prose that joins the name to its value. Returns where the scan goes on.
 */
function reportProseValue(
  text: string,
  start: number,
  end: number,
  strength: KeyStrength,
  found: Found,
): number {
  const word = text.slice(start, end);
  const limit = Math.min(text.length, end + PROSE_WINDOW);
  // aligned configuration pads a name to a column: `HTTP_Passwd     X` in Fluent Bit, nginx, Apache
  let first = readToken(text, end, limit, ALIGNED_BLANKS);
  // a leader of dots runs from the name to its value: `password ........ X` (Laravel's config:show)
  if (first !== undefined && !first.quoted && isDotLeader(first.value))
    first = readToken(text, first.end, limit, 4);
  // Cisco IOS writes the secret's encryption type first: `password 0 X`, `secret 5 $1$…`, `key 7 0822…`
  if (first !== undefined && !first.quoted && IOS_TYPE.test(first.value)) {
    const typed = readToken(text, first.end, limit, 4);
    if (typed !== undefined && !PLAIN_LOWER_WORD.test(typed.value)) {
      // a password of type 0 is the password in clear, whatever its shape (`password 0 correct-horse-battery`)
      if (strength === 'password' && first.value === '0' && acceptsArgument(typed.value, strength, false)) {
        found(typed.start, typed.end);
        return typed.end;
      }
      first = typed;
    }
  }
  // a flag after the word starts an argument of its own: `key --password X` is read from the flag
  if (first === undefined || isFlag(text, first)) return end;
  // text redacted before: the value stood where the marker is, and the words after it are not it
  if (first.value.startsWith(REDACTED)) return first.end;
  // so does a secret-named word after a weaker one (`login a_key0 password X`), and a pair of its
  // own after a word that was a value (`kind=key region=eu`)
  if (!first.quoted && PAIR.test(first.value)) return first.start;
  if (strength !== 'password' && !first.quoted && namesSecret(first.value)) return first.start;
  if (first.quoted) {
    if (!hasWhitespace(first.value) && acceptsShapedArgument(first.value, strength))
      found(first.start, first.end);
    return first.end;
  }
  // netrc, rclone and `key value` configuration: a compound name or a name that starts its line
  const value = TRAILING_SEPARATOR.test(first.value) ? first.value.slice(0, -1) : first.value;
  // `Secret Santa: Bob`: a word that ends in a colon is the rest of a label, not a value
  const label = value.endsWith(':');
  if (
    !label &&
    acceptsShapedArgument(value, strength) &&
    (COMPOUND_NAME.test(word) || isLineStart(text, start) || isNetrcLine(text, start))
  ) {
    // a row of a listing aligned in columns under a header is the table reader's, which reads
    // what the header says each column holds (`NAME  DIGEST  CREATED AT`)
    if (
      isLineStart(text, start) &&
      isColumnGap(text, end) &&
      isColumnGap(text, first.end) &&
      isHeadedListingRow(text, lineStart(text, start, 64))
    )
      return first.end;
    found(first.start, first.end);
    return first.end;
  }
  if (!label && acceptsProseValue(first.value, strength)) {
    found(first.start, first.end);
    // a short first word may be a product's name the password belongs to, and the password
    // itself follow a connector (`รหัสผ่านใหม่ของ Neo4j (ผู้ใช้ neo4j) คือ X`): read on for one
    if (first.value.length >= SURE_VALUE_LENGTH || !hasConnectorAhead(text, first.end, limit))
      return first.end;
  }
  // prose: `The new API key for tenant acme is 7f3c…`, `password was reset to Xk7#…`. The
  // words read here are not read again as names: the scan goes on from the last one, so that
  // each character is read a bounded number of times
  // `machine db01 login pw__ password X`: a word that names a secret and is no value is read
  // again as a name (a weaker name has already stopped here)
  if (!first.quoted && namesSecret(first.value)) return first.start;
  let token: Token = first;
  for (let words = 0; words < PROSE_WORDS; words += 1) {
    // a flag ends the prose; it is read as a flag, with its own argument
    if (text.charCodeAt(token.start) === CODE.HYPHEN) return token.start;
    const bare = token.value.length <= 8 ? token.value.toLowerCase() : '';
    // a word that ends in a colon ends a label: `Zugangsschlüssel für die Schnittstelle: X`; Thai
    // glues its `คือ` ("is") to the words before it: `ของผมคือ X`
    const connector =
      CONNECTORS.has(bare) ||
      token.value.endsWith(':') ||
      token.value.endsWith('คือ') ||
      token.value.endsWith('គឺ') ||
      (bare === 'on' && FINNIC_PASSWORD.test(word));
    const next = readToken(text, token.end, limit, 4);
    // languages that put the verb last write the value before "is": `رمز عبور … X است`,
    // `سرور کا پاس ورڈ X ہے`, `የይለፍ ቃል X ነው`, `pasahitza X da`; the value may end in `!` or `.`
    if (
      next !== undefined &&
      !next.quoted &&
      isFinalCopula(next.value) &&
      acceptsProseValue(token.value, strength)
    ) {
      found(token.start, token.end);
      return next.end;
    }
    if (!connector && SENTENCE_END.test(token.value)) return token.end; // the sentence ended
    if (next === undefined) {
      // a label that ends its line announces the value on a line of its own below:
      // `New HMAC key from the admin page is:\n\n  X`, `Show private key):\nX`
      const below = token.value.endsWith(':') ? loneValueBelow(text, token.end) : undefined;
      if (below !== undefined && acceptsProseValue(below.value, strength)) {
        found(below.start, below.end);
        return below.end;
      }
      return token.end;
    }
    if (next.value.startsWith(REDACTED)) return next.end;
    // a flag starts a value of its own, and so does a secret-named word after a weaker one
    // (`auth failed: invalid password "X"`): read on from there
    if (isFlag(text, next)) return next.start;
    // under a password's name such a word may be the password (`reset to Password123`), or a
    // user's name (`password for a_key is X`); after any other name it is read as a name
    if (strength !== 'password' && !next.quoted && namesSecret(next.value)) return next.start;
    if (
      connector &&
      (next.quoted ? acceptsShapedArgument(next.value, strength) : acceptsProseValue(next.value, strength))
    ) {
      found(next.start, next.end);
      return next.end;
    }
    token = next;
  }
  return token.end;
}

/** Every secret-named word and flag, each read once. */
function findNamedArguments(text: string, found: Found): void {
  let wordEnd = 0;
  eachMatch(SECRET_WORD, text, (match) => {
    if (match.index < wordEnd) return wordEnd;
    if (match[0].charCodeAt(0) >= CJK_START) {
      // Chinese, Japanese and Korean set no blank between a word and its particle: `密码是 X`
      let end = match.index + match[0].length;
      // a particle and a colon may both stand there: `初始密码为：X`
      if (CJK_PARTICLES.includes(text.charAt(end))) end += 1;
      if (CJK_PARTICLES.includes(text.charAt(end))) end += 1;
      if (CJK_OPENING.includes(text.charAt(end))) end += 1;
      // a few words and a colon may stand before the value, which may open the next line:
      // `チャネルアクセストークンはこちらです：\nX` ("the channel access token is here:")
      const phraseEnd = scanRight(text, end, isEastAsianLetter, CJK_PHRASE_LENGTH);
      const colon = text.charCodeAt(phraseEnd);
      if (phraseEnd > end && (colon === CODE.COLON || colon === CODE.FULLWIDTH_COLON)) {
        end = phraseEnd + 1;
        for (let breaks = 0; breaks < 4 && isSpaceCode(text.charCodeAt(end)); breaks += 1) end += 1;
      }
      const strength = cachedKeyStrength(match[0]);
      wordEnd = Math.max(end, reportProseValue(text, match.index, end, strength, found));
      return wordEnd;
    }
    if (match[0].includes(' ')) {
      // a name in two words, as Vietnamese and Indonesian write "password" (`mật khẩu`, `kata
      // sandi`), Malay "secret key" (`kunci rahsia`); the last may take an ending (Kazakh `құпия сөзі`)
      const end = scanRight(text, match.index + match[0].length, isIdentifierCode, INFLECTION_LENGTH);
      if (isIdentifierCode(text.charCodeAt(match.index - 1)) || isIdentifierCode(text.charCodeAt(end)))
        return end;
      const strength = cachedKeyStrength(text.slice(match.index, end));
      if (strength === 'none') return end;
      wordEnd = Math.max(end, reportProseValue(text, match.index, end, strength, found));
      return wordEnd;
    }
    const start = scanLeft(text, match.index, isIdentifierCode, WORD_LENGTH);
    let end = scanRight(text, match.index, isIdentifierCode, WORD_LENGTH);
    wordEnd = end;
    while (end > start && text.charCodeAt(end - 1) === CODE.DOT) end -= 1;
    let dashes = 0;
    while (dashes < 3 && text.charCodeAt(start + dashes) === CODE.HYPHEN) dashes += 1;
    if (dashes === 1 || dashes === 2) {
      const before = text.charCodeAt(start - 1);
      if (start === 0 || isSpaceCode(before) || isQuote(before) || before === CODE.OPEN_PAREN)
        reportFlagArgument(text, text.slice(start + dashes, end), end, found);
    } else if (dashes === 0 && end > start) {
      wordEnd = Math.max(wordEnd, reportWordValue(text, start, end, found));
    }
    return wordEnd;
  });
}

/** How a client takes its password as a short flag. */
interface ShortFlag {
  /** The flag's letters, any of which takes a secret: `p`, or SNMP's `cAX`. */
  flag: string;
  /** Values that are defaults everyone knows rather than secrets, such as SNMP's `public`. */
  ignored?: ReadonlySet<string>;
  /** `-pSECRET`. */
  glued: boolean;
  /** `-p SECRET`. */
  spaced: boolean;
  /** `-U user%SECRET` (`%`), `-u user,SECRET` (`,`): the password follows this after the user's name. */
  userSeparator?: string;
  /** A word the command line must hold first, such as `login` for `docker login -p`. */
  after?: string;
}

const GLUED = (flag: string): ShortFlag => ({ flag, glued: true, spaced: false });
const SPACED = (flag: string, after?: string): ShortFlag => ({
  flag,
  glued: true,
  spaced: true,
  ...(after ? { after } : {}),
});

const SNMP_COMMANDS = [
  'snmpwalk',
  'snmpbulkwalk',
  'snmpget',
  'snmpgetnext',
  'snmpbulkget',
  'snmpset',
  'snmptable',
  'snmptrap',
  'snmpinform',
  'snmpdf',
  'snmpstatus',
  'snmpnetstat',
  'snmpdelta',
  'snmptest',
  'snmpusm',
  'snmpvacm',
];

/** Clients that take a password as a short flag, with how each spells it. */
const SHORT_FLAG_CLIENTS: ReadonlyMap<string, ShortFlag> = new Map([
  ...[
    'mysql',
    'mysqldump',
    'mysqladmin',
    'mysqlimport',
    'mysqlshow',
    'mysqlcheck',
    'mysqlpump',
    'mysqlslap',
    'mysqlbinlog',
    'mysqlsh',
    'mariadb',
    'mariadb-dump',
    'mariadb-admin',
  ].map((name) => [name, GLUED('p')] as const),
  ...['7z', '7za', '7zr', 'rar', 'unrar'].map((name) => [name, GLUED('p')] as const),
  ...[
    'sshpass',
    'psexec',
    'mongo',
    'mongosh',
    'mongodump',
    'mongorestore',
    'mongoexport',
    'mongoimport',
    'mongostat',
    'mongotop',
    'mongofiles',
  ].map((name) => [name, SPACED('p')] as const),
  ...[
    'docker',
    'podman',
    'nerdctl',
    'buildah',
    'skopeo',
    'helm',
    'oras',
    'oc',
    'az',
    'cf',
    'crane',
    'regctl',
  ].map((name) => [name, SPACED('p', 'login')] as const),
  ...['sqlcmd', 'bcp', 'osql', 'isql', 'zip', 'unzip'].map((name) => [name, SPACED('P')] as const),
  ['redis-cli', SPACED('a')],
  ['keydb-cli', SPACED('a')],
  ...[
    'ldapsearch',
    'ldapadd',
    'ldapmodify',
    'ldapdelete',
    'ldapwhoami',
    'ldappasswd',
    'ldapcompare',
    'ldapmodrdn',
    'vsql',
  ].map((name) => [name, SPACED('w')] as const),
  ...['smbclient', 'rpcclient', 'smbcacls', 'smbmap', 'winexe', 'smbget'].map(
    (name) => [name, { flag: 'U', glued: false, spaced: true, userSeparator: '%' }] as const,
  ),
  ['lftp', { flag: 'u', glued: false, spaced: true, userSeparator: ',' }],
  ['openssl', SPACED('k')],
  // game servers' and telephony consoles' remote admin: `mcrcon -p X`, FreeSWITCH's `fs_cli -p X`;
  // Apple's `xcrun altool -u user -p X` takes an app-specific password
  ...['cqlsh', 'rabbitmqadmin', 'hdbsql', 'rdesktop', 'mcrcon', 'fs_cli', 'altool'].map(
    (name) => [name, SPACED('p')] as const,
  ),
  // `-p` takes a hash, and Yocto's extrausers `-P` the password itself
  ...['useradd', 'usermod'].map((name) => [name, SPACED('pP')] as const),
  ...['ipmitool', 'mosquitto_pub', 'mosquitto_sub', 'mosquitto_rr'].map(
    (name) => [name, SPACED('P')] as const,
  ),
  // net-snmp: `-c` is the community, `-A` and `-X` the v3 pass phrases
  ...SNMP_COMMANDS.map(
    (name) => [name, { ...SPACED('cAX'), ignored: new Set(['public', 'private']) }] as const,
  ),
]);

const CLIENT_NAME =
  /\b(?:mysql|mysqldump|mysqladmin|mysqlimport|mysqlshow|mysqlcheck|mysqlpump|mysqlslap|mysqlbinlog|mysqlsh|mariadb(?:-dump|-admin)?|7z|7za|7zr|rar|unrar|sshpass|psexec|mongo|mongosh|mongodump|mongorestore|mongoexport|mongoimport|mongostat|mongotop|mongofiles|docker|podman|nerdctl|buildah|skopeo|helm|oras|oc|az|cf|crane|regctl|sqlcmd|bcp|osql|isql|zip|unzip|redis-cli|keydb-cli|ldapsearch|ldapadd|ldapmodify|ldapdelete|ldapwhoami|ldappasswd|ldapcompare|ldapmodrdn|vsql|smbclient|rpcclient|smbcacls|smbmap|winexe|smbget|openssl|cqlsh|rabbitmqadmin|hdbsql|rdesktop|useradd|usermod|mcrcon|fs_cli|altool|lftp|ipmitool|mosquitto_(?:pub|sub|rr)|snmp(?:walk|bulkwalk|get|getnext|bulkget|set|table|trap|inform|df|status|netstat|delta|test|usm|vacm))(?:\.exe)?\b/gi;

/** `mysql -pX`, `sshpass -p X`, `docker login -p X`, `redis-cli -a X`, `sqlcmd -P X`, `smbclient -U u%X`. */
function findShortFlagPasswords(text: string, found: Found): void {
  eachMatch(CLIENT_NAME, text, (match) => {
    const after = match.index + match[0].length;
    const next = text.charCodeAt(after);
    // `mysql-connector`, `docker.io`: a longer name, not the command
    if (next === CODE.HYPHEN || (next === CODE.DOT && isWordCode(text.charCodeAt(after + 1)))) return;
    const spec = SHORT_FLAG_CLIENTS.get(match[0].toLowerCase().replace(/\.exe$/, ''));
    if (spec === undefined) return;
    const limit = Math.min(text.length, after + 4096);
    let seenWord = spec.after === undefined;
    let cursor = after;
    for (
      let token = readToken(text, cursor, limit);
      token !== undefined;
      token = readToken(text, cursor, limit)
    ) {
      cursor = token.end;
      const raw = text.slice(token.start, token.end);
      if (!seenWord) {
        seenWord = token.value === spec.after;
        continue;
      }
      let value: Token | undefined;
      const named = raw.length >= 2 && raw.charCodeAt(0) === CODE.HYPHEN && spec.flag.includes(raw.charAt(1));
      if (named && raw.length === 2 && spec.spaced) {
        value = readToken(text, cursor, limit, 4);
        if (value !== undefined) cursor = value.end;
      } else if (named && spec.glued && raw.length > 2) {
        const offset = text.charCodeAt(token.start + 2) === CODE.EQUALS ? 3 : 2;
        value = { ...token, start: token.start + offset, value: token.value.slice(offset) };
      }
      if (value === undefined) continue;
      if (spec.userSeparator !== undefined) {
        const separator = value.value.indexOf(spec.userSeparator);
        if (separator === -1) continue;
        const secret = value.value.slice(separator + 1);
        const at = text.indexOf(spec.userSeparator, value.start);
        if (at !== -1 && at < value.end && acceptsArgument(secret, 'password', false))
          found(at + 1, value.end);
        continue;
      }
      if (spec.ignored?.has(value.value) === true) continue;
      if (acceptsArgument(value.value, 'password', false)) found(value.start, value.end);
    }
    return cursor;
  });
}

const SECURE_STRING = /\bConvertTo-SecureString\b/gi;
const NET_USE = /\bnet(?:\.exe)?[ \t]+use\b/gi;

/** `ConvertTo-SecureString 'X' -AsPlainText`. */
function findSecureStrings(text: string, found: Found): void {
  eachMatch(SECURE_STRING, text, (match) => {
    const limit = Math.min(text.length, match.index + 2048);
    let cursor = match.index + match[0].length;
    for (
      let token = readToken(text, cursor, limit);
      token !== undefined;
      token = readToken(text, cursor, limit)
    ) {
      cursor = token.end;
      if (text.charCodeAt(token.start) === CODE.HYPHEN) continue; // -String, -AsPlainText, -Force
      if (token.value.startsWith('$') || token.value.startsWith('(')) return cursor;
      if (acceptsArgument(token.value.replace(/\)$/, ''), 'password', false)) found(token.start, token.end);
      return cursor;
    }
    return cursor;
  });
}

/** `net use \\host\share X /user:U`: the password after the share. */
function findNetUsePasswords(text: string, found: Found): void {
  eachMatch(NET_USE, text, (match) => {
    const limit = Math.min(text.length, match.index + 2048);
    let cursor = match.index + match[0].length;
    // a UNC path's `\\nas\new` is not a JSON-escaped line break here
    const next = (from: number) => readToken(text, from, limit, 8, false);
    for (let token = next(cursor); token !== undefined; token = next(cursor)) {
      cursor = token.end;
      const value = token.value;
      // the device (`Z:`, `*`), the share (`\\host\share`) and switches (`/user:…`) are not the password
      if (value === '*' || DRIVE.test(value) || value.startsWith('\\\\') || value.startsWith('/')) continue;
      if (acceptsArgument(value, 'password', false)) found(token.start, token.end);
    }
    return cursor;
  });
}

/** `schtasks /create … /ru U /rp X`, `schtasks /s host /u U /p X`: Windows' task scheduler. */
const SCHTASKS = /\bschtasks(?:\.exe)?(?=[ \t])/gi;
const SCHTASKS_PASSWORD_SWITCHES = new Set(['/rp', '/p']);

function findScheduledTaskPasswords(text: string, found: Found): void {
  eachMatch(SCHTASKS, text, (match) => {
    // the line's real end, within 2 KiB: a Windows path's `\run.cmd` is no JSON-escaped break
    const windowEnd = Math.min(text.length, match.index + 2048);
    const newline = text.slice(match.index, windowEnd).indexOf('\n');
    const limit = newline === -1 ? windowEnd : match.index + newline;
    let cursor = match.index + match[0].length;
    let takesPassword = false;
    for (let token = readToken(text, cursor, limit, 8, false); token !== undefined; ) {
      cursor = token.end;
      const value = token.value;
      // `*` and a missing value make schtasks prompt for it
      if (
        takesPassword &&
        value !== '*' &&
        !value.startsWith('/') &&
        acceptsArgument(value, 'password', false)
      )
        found(token.start, token.end);
      takesPassword = SCHTASKS_PASSWORD_SWITCHES.has(value.toLowerCase());
      token = readToken(text, cursor, limit, 8, false);
    }
    return cursor;
  });
}

/**
 * Commands that take a password as a plain argument: `rabbitmqctl add_user U P`, `htpasswd -b
 * file U P`, `mosquitto_passwd -b file U P`, `net user U P /add`, and DB2's `connect to D user U
 * using P`. Each names the word the arguments start after, and which of them is the password.
 */
interface PositionalPassword {
  /** The word after which the arguments are counted (a subcommand, or the command itself). */
  after: readonly string[];
  /** The password's place among the arguments that are not flags, from 0. */
  index: number;
  /** A letter one of the flags must hold: `b` (batch) for htpasswd, whose password is otherwise prompted. */
  flagLetter?: string;
  /** A letter that, among the flags, drops the first argument: htpasswd's `-n` writes no file. */
  noFileLetter?: string;
}

const POSITIONAL_PASSWORDS: ReadonlyMap<string, PositionalPassword> = new Map([
  ['rabbitmqctl', { after: ['add_user', 'change_password', 'authenticate_user'], index: 1 }],
  ['htpasswd', { after: ['htpasswd'], index: 2, flagLetter: 'b', noFileLetter: 'n' }],
  ['mosquitto_passwd', { after: ['mosquitto_passwd'], index: 2, flagLetter: 'b' }],
  ['net', { after: ['user'], index: 1 }],
  ['db2', { after: ['using'], index: 0 }],
  // redis sentinel.conf: `sentinel auth-pass <master> <password>`
  ['sentinel', { after: ['auth-pass'], index: 1 }],
  // SAP HANA's secure store: `hdbuserstore SET <key> <host:port> <user> <password>`
  ['hdbuserstore', { after: ['set'], index: 3 }],
  // `poetry config http-basic.<source> <user> <password>`
  ['poetry', { after: ['http-basic'], index: 1 }],
]);

const POSITIONAL_COMMAND =
  /\b(?:rabbitmqctl|htpasswd|mosquitto_passwd|net|db2|sentinel|hdbuserstore|poetry)(?:\.exe)?(?=[ \t])/gi;

/** Whether a word is one a command's arguments start after: `http-basic.corp` starts after `http-basic`. */
function startsArguments(spec: PositionalPassword, word: string): boolean {
  const lower = word.toLowerCase();
  return spec.after.some((after) => lower === after || lower.startsWith(`${after}.`));
}

/**
 * Whether the word at `index` starts a command: first on its line, or after a prompt, a pipe, a
 * separator, `sudo`, or the `+` that `set -x` writes before each command it traces.
 */
function startsCommand(text: string, index: number): boolean {
  const from = lineStart(text, index, 64);
  let before = scanLeft(text, index, isBlank, 64);
  if (before <= from) return true;
  // the number `history` writes before each command: `  490  hdbuserstore …`
  const number = scanLeft(text, before, isDigit, 8);
  if (number < before && scanLeft(text, number, isBlank, 16) <= from) before = from;
  if (before <= from) return true;
  return (
    '$#>|;&(`+'.includes(text.charAt(before - 1)) || text.slice(Math.max(from, before - 4), before) === 'sudo'
  );
}

/** Finds passwords given as plain arguments (see {@link POSITIONAL_PASSWORDS}). */
function findPositionalPasswords(text: string, found: Found): void {
  let lineEndAt: ReturnType<typeof lineEndReader> | undefined; // made at the first command
  eachMatch(POSITIONAL_COMMAND, text, (match) => {
    const spec = POSITIONAL_PASSWORDS.get(match[0].toLowerCase().replace(/\.exe$/, ''));
    if (spec === undefined || !startsCommand(text, match.index)) return;
    // a line of many commands is read to its end once
    lineEndAt ??= lineEndReader(text);
    const limit = lineEndAt(match.index, 1024);
    let cursor = match.index + match[0].length;
    let started = startsArguments(spec, match[0]);
    let flags = '';
    let index = 0;
    for (
      let token = readToken(text, cursor, limit);
      token !== undefined;
      token = readToken(text, cursor, limit)
    ) {
      cursor = token.end;
      if (!started) {
        started = startsArguments(spec, token.value);
        continue;
      }
      if (isFlag(text, token)) {
        flags += token.value.slice(1);
        continue;
      }
      if (token.value.startsWith('/') && spec.after.includes('user')) continue; // `/add`, `/domain`
      const wanted =
        spec.noFileLetter !== undefined && flags.includes(spec.noFileLetter) ? spec.index - 1 : spec.index;
      if (index === wanted) {
        if (
          (spec.flagLetter === undefined || flags.includes(spec.flagLetter)) &&
          token.value !== '*' &&
          acceptsArgument(token.value, 'password', false)
        )
          found(token.start, token.end);
        return cursor;
      }
      index += 1;
    }
    return cursor;
  });
}

/**
 * A `user:password` pair fed to `chpasswd` on the same line: `echo 'u:P' | chpasswd`,
 * `chpasswd <<< "u:P"`. The password is what follows the colon.
 */
const CHPASSWD = /\bchpasswd\b/g;
const QUOTED_USER_PAIR = /['"][a-z_][\w.-]{0,31}:([^'"\s]{3,128})['"]/g;

function findChpasswdPairs(text: string, found: Found): void {
  let readUntil = 0;
  eachMatch(CHPASSWD, text, (match) => {
    // each stretch of a line is read once, however many `chpasswd` it holds
    const from = Math.max(readUntil, lineStart(text, match.index, 1024));
    const end = lineEnd(text, match.index, 1024);
    const line = text.slice(from, end);
    eachMatch(QUOTED_USER_PAIR, line, (pair) => {
      const password = pair[1] as string;
      const at = from + pair.index + pair[0].length - 1 - password.length;
      if (acceptsArgument(password, 'password', false)) found(at, at + password.length);
    });
    readUntil = end;
    return end;
  });
}

/** The header of an INI section that lists users with their passwords (svnserve's `passwd` file). */
const USERS_SECTION = /^[ \t]*\[users\][ \t]*$/gim;
/** One `name = value` line of such a section. */
const USER_LINE = /^[ \t]*[\w.@-]{1,64}[ \t]*=[ \t]*(\S[^\n]{0,127})$/;
/** How many lines of a section are read. */
const SECTION_LINES = 64;

/**
 * The passwords of a `[users]` section, one `name = password` line each, up to the next section.
 * Only a value with a password's shape counts: a `[users]` section of settings (Grafana's
 * `allow_sign_up = false`) holds none.
 */
function findUsersSectionPasswords(text: string, found: Found): void {
  eachMatch(USERS_SECTION, text, (match) => {
    let start = nextLineStart(text, lineEnd(text, match.index, 256));
    for (let lines = 0; lines < SECTION_LINES && start < text.length; lines += 1) {
      const end = lineEnd(text, start, 256);
      const line = text.slice(start, end);
      if (line.trimStart().startsWith('[')) return start;
      const user = USER_LINE.exec(line);
      const value = user?.[1]?.trimEnd();
      if (value !== undefined && hasThreeKinds(value) && acceptsArgument(value, 'password', false)) {
        const at = start + line.lastIndexOf(value);
        found(at, at + value.length);
      }
      start = nextLineStart(text, end);
    }
    return start;
  });
}

/** The scheme of a crypt(3)-style password hash: `$6$`, `$2b$`, `$apr1$`, `$argon2id$`, `$y$`. */
const CRYPT_SCHEME =
  /^\$(?:1|2[abxy]|5|6|7|y|gy|apr1|argon2(?:id|i|d)|scrypt|pbkdf2(?:-sha(?:1|256|512))?|sha1|md5)\$/;
const CRYPT_FIRST = new Set('1256789ygasmp'.split('').map((character) => character.charCodeAt(0)));

function isHashCode(code: number): boolean {
  return (
    isWordCode(code) ||
    code === CODE.DOT ||
    code === CODE.SLASH ||
    code === CODE.DOLLAR ||
    code === CODE.EQUALS ||
    code === CODE.COMMA ||
    code === CODE.PLUS ||
    code === CODE.HYPHEN
  );
}

/**
 * A password hash as a web framework stores it, its scheme first: Django's
 * `pbkdf2_sha256$870000$salt$hash`, `argon2$argon2id$…`, `bcrypt_sha256$$2b$…`, and werkzeug's
 * `pbkdf2:sha256:600000$salt$hash` and `scrypt:32768:8:1$salt$hash`.
 */
const FRAMEWORK_HASH =
  /\b(?:pbkdf2[_:]sha(?:1|256|512)(?::\d{1,7})?|bcrypt_sha256|argon2|scrypt(?::\d{1,7}){0,3}|sha1|md5)\$/g;

function findFrameworkHashes(text: string, found: Found): void {
  if (text.indexOf('$') === -1) return;
  eachMatch(FRAMEWORK_HASH, text, (match) => {
    const bodyStart = match.index + match[0].length;
    const end = scanRight(text, bodyStart, isHashCode, 512);
    // the scheme's `$`, and at least one more between the salt and the hash
    if (dollarsBetween(text, bodyStart, end) >= 1 && end - bodyStart >= 24) found(match.index, end);
    return end;
  });
}

/** How many `$` stand in `text[from, to)`: a stored hash's fields are parted by them. */
function dollarsBetween(text: string, from: number, to: number): number {
  let dollars = 0;
  for (let index = from; index < to; index += 1) if (text.charCodeAt(index) === CODE.DOLLAR) dollars += 1;
  return dollars;
}

/**
 * Password hashes in crypt(3) form, as htpasswd, /etc/shadow and many user tables hold them:
 * `$apr1$salt$hash`, `$6$salt$hash`, `$2b$12$…`, `$argon2id$v=19$…`. A hash is not the password,
 * but it can be cracked offline, so it is redacted like one.
 */
function findPasswordHashes(text: string, found: Found): void {
  findFrameworkHashes(text, found);
  for (let at = text.indexOf('$'); at !== -1; at = text.indexOf('$', at + 1)) {
    const before = text.charCodeAt(at - 1);
    if (!CRYPT_FIRST.has(text.charCodeAt(at + 1)) || isWordCode(before) || before === CODE.DOLLAR) continue;
    if (!CRYPT_SCHEME.test(text.slice(at, at + 16))) continue;
    const end = scanRight(text, at, isHashCode, 512);
    if (dollarsBetween(text, at, end) >= 3 && end - at >= 20) found(at, end);
    at = end - 1;
  }
}

/** A name for a wallet's recovery words: `mnemonic`, `seed phrase`, `Secret Recovery Phrase`. */
const RECOVERY_NAME =
  /mnemonic|(?:seed|recovery|backup|secret)[ _-]?(?:phrase|words)|frase (?:semilla|de recuperaci[oó]n|de recupera[cç][aã]o|di recupero|secreta)|phrase (?:de r[ée]cup[ée]ration|secr[eè]te)|wiederherstellungsphrase/gi;

/** BIP-39 writes 12 to 24 words of 3 to 8 lower-case letters; Monero writes 25. */
const RECOVERY_WORDS = { least: 12, most: 25, shortest: 3, longest: 8 } as const;

/** Characters between a recovery phrase's name and its words: `: "`, `=`, ` is: `. */
const JOIN_WINDOW = 24;
/**
 * How far a clause may run from the name to the colon that brings the words: `seed phrase for
 * the test wallet, it's only got test coins on it:`.
 */
const CLAUSE_REACH = 96;

/**
 * A wallet's recovery words after their name, quoted or not: `seed phrase: abandon ability …`,
 * `Your mnemonic is "…"`. Twelve or more words in a row make the phrase; fewer are prose.
 */
function findRecoveryPhrases(text: string, found: Found): void {
  eachMatch(RECOVERY_NAME, text, (match) => {
    let cursor = match.index + match[0].length;
    let joinLimit = Math.min(text.length, cursor + JOIN_WINDOW);
    let aside = false;
    while (cursor < joinLimit) {
      const code = text.charCodeAt(cursor);
      // the words may start the next line: `recovery phrase:\ncalm beach …`
      if (isSpaceCode(code) || isQuote(code) || code === CODE.COLON || code === CODE.EQUALS) cursor += 1;
      else if (text.startsWith('is', cursor) && !isLower(text.charCodeAt(cursor + 2))) cursor += 2;
      else if (code === CODE.OPEN_PAREN && !aside) {
        aside = true;
        // an aside before the words: `recovery phrase (write it down!):`
        const close = scanRight(
          text,
          cursor + 1,
          (inner) => inner !== CODE.CLOSE_PAREN && inner !== CODE.NEWLINE,
          JOIN_WINDOW * 2,
        );
        if (text.charCodeAt(close) !== CODE.CLOSE_PAREN) break;
        cursor = close + 1;
        joinLimit = Math.min(text.length, cursor + JOIN_WINDOW);
      } else if (!aside && isLetterCode(code)) {
        aside = true;
        // a clause before the colon that brings the words: `recovery phrase so you can check:`
        const colon = scanRight(
          text,
          cursor,
          (inner) => inner !== CODE.COLON && inner !== CODE.NEWLINE && inner !== CODE.DOT,
          CLAUSE_REACH,
        );
        if (text.charCodeAt(colon) !== CODE.COLON) break;
        cursor = colon + 1;
        joinLimit = Math.min(text.length, cursor + JOIN_WINDOW);
      } else break;
    }
    const start = cursor;
    let end = cursor;
    for (let words = 1; words <= RECOVERY_WORDS.most; words += 1) {
      const wordEnd = scanRight(text, cursor, isLower, RECOVERY_WORDS.longest + 1);
      const length = wordEnd - cursor;
      if (length < RECOVERY_WORDS.shortest || length > RECOVERY_WORDS.longest) break;
      if (words >= RECOVERY_WORDS.least) end = wordEnd;
      if (text.charCodeAt(wordEnd) !== CODE.SPACE) break;
      cursor = wordEnd + 1;
    }
    if (end > start) found(start, end);
    return Math.max(cursor, end);
  });
}

const ECHO = /\b(?:echo|printf)[ \t]+(?:-[neE]{1,3}[ \t]+)?/g;
/** A command that reads a secret on its standard input, after a pipe. */
const STDIN_SECRET_READER =
  /--password-stdin|\bsudo[ \t]+(?:-\w+[ \t]+){0,3}-S\b|\bsecret[ \t]+(?:put|set|create)\b|\bpasswd[ \t]+--stdin\b|\benv[ \t]+add\b/g;

/**
 * `echo 'X' | sudo -S …`, `echo X | docker login --password-stdin`, `echo 'X' | wrangler secret
 * put NAME`: what is echoed into a command that reads a secret from its input is that secret.
 * (`chpasswd` reads `user:password` pairs, which {@link findChpasswdPairs} splits.)
 */
function findPipedSecrets(text: string, found: Found): void {
  // a long line of `echo 'a' | ` reads its line end and its readers once, not 512 characters an echo
  let lineEndAt: ReturnType<typeof lineEndReader> | undefined; // both made at the first echo
  let readerWithin: ReturnType<typeof matchWithinReader> | undefined;
  eachMatch(ECHO, text, (match) => {
    lineEndAt ??= lineEndReader(text);
    readerWithin ??= matchWithinReader(STDIN_SECRET_READER, text);
    const end = lineEndAt(match.index, 512);
    const token = readToken(text, match.index + match[0].length, end, 0);
    if (token === undefined) return match.index + match[0].length;
    let pipe = token.end;
    while (pipe < end && isBlank(text.charCodeAt(pipe))) pipe += 1;
    if (
      text.charCodeAt(pipe) === CODE.PIPE &&
      text.charCodeAt(pipe + 1) !== CODE.PIPE &&
      readerWithin(pipe + 1, end) &&
      acceptsArgument(token.value, 'password', false)
    )
      found(token.start, token.end);
    return token.end;
  });
}

/** Every credential written as an argument or in prose rather than as `key=value`. */
export function findPasswordArguments(text: string, found: Found, held = keywordsIn(text)): void {
  if (holds(held, ECHO_WORDS)) findPipedSecrets(text, found);
  findNamedArguments(text, found);
  findShortFlagPasswords(text, found);
  if (holds(held, SECURE_STRING_WORDS)) findSecureStrings(text, found);
  if (holds(held, NET_WORDS)) findNetUsePasswords(text, found);
  if (holds(held, SCHTASKS_WORDS)) findScheduledTaskPasswords(text, found);
  findPasswordHashes(text, found);
  if (holds(held, RECOVERY_NAME_WORDS)) findRecoveryPhrases(text, found);
  if (holds(held, POSITIONAL_WORDS)) findPositionalPasswords(text, found);
  if (holds(held, CHPASSWD_WORDS)) findChpasswdPairs(text, found);
  if (holds(held, USERS_SECTION_WORDS)) findUsersSectionPasswords(text, found);
}

// the words each pattern needs: one of each set stands in every match
const ECHO_WORDS = keywords('echo', 'printf');
const SECURE_STRING_WORDS = keywords('convertto-securestring');
const NET_WORDS = keywords('net');
const SCHTASKS_WORDS = keywords('schtasks');
const RECOVERY_NAME_WORDS = keywords('mnemonic', 'phrase', 'words', 'frase');
const POSITIONAL_WORDS = keywords(
  'rabbitmqctl',
  'htpasswd',
  'mosquitto_passwd',
  'net',
  'db2',
  'sentinel',
  'hdbuserstore',
  'poetry',
);
const CHPASSWD_WORDS = keywords('chpasswd');
const USERS_SECTION_WORDS = keywords('[users]');

/** The patterns gated above, with their words, for the test that no gate hides a match. */
export const PASSWORD_ARGUMENT_GATES: readonly PatternGate[] = [
  [ECHO, ECHO_WORDS],
  [SECURE_STRING, SECURE_STRING_WORDS],
  [NET_USE, NET_WORDS],
  [SCHTASKS, SCHTASKS_WORDS],
  [RECOVERY_NAME, RECOVERY_NAME_WORDS],
  [POSITIONAL_COMMAND, POSITIONAL_WORDS],
  [CHPASSWD, CHPASSWD_WORDS],
  [USERS_SECTION, USERS_SECTION_WORDS],
];

/** The regular expressions above, for the ReDoS check. */
export const PASSWORD_ARGUMENT_PATTERNS: readonly RegExp[] = [
  SCHTASKS,
  MENTION,
  USERS_SECTION,
  USER_LINE,
  ECHO,
  STDIN_SECRET_READER,
  SECRET_WORD,
  EMAIL_ADDRESS,
  METAVARIABLE,
  CALL,
  PASS_PHRASE_SOURCE,
  PROSE_AFTER,
  IOS_TYPE,
  PLAIN_LOWER_WORD,
  FRENCH_PASSWORD,
  PAIR,
  NETRC_WORD,
  COMPOUND_NAME,
  SENTENCE_END,
  TRAILING_SEPARATOR,
  DRIVE,
  CRYPT_SCHEME,
  FRAMEWORK_HASH,
  RECOVERY_NAME,
  USER_PREFIX,
  POSITIONAL_COMMAND,
  CHPASSWD,
  QUOTED_USER_PAIR,
  SOURCE_FLAG,
  CLIENT_NAME,
  SECURE_STRING,
  NET_USE,
];
