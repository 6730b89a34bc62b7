import { CODE } from '../char-codes.js';
import type { Found } from '../leak-rule.js';
import { eachMatch, isBlank, isSpaceCode, lineEnd, nextLineStart, scanRight } from '../text-scan.js';
import { cachedKeyStrength } from './find-secret-assignments.js';
import { isPlaceholderValue } from './placeholders.js';

/**
 * Secrets printed by the command on the line before them, as a terminal transcript shows them:
 * `kubectl get secret … -o jsonpath='{.data.password}' | base64 -d`, `vault kv get -field=…`,
 * `aws secretsmanager get-secret-value … --output text`, `gcloud secrets versions access`,
 * `op read`, `pass show`, `gopass show`, `openssl rand -hex 32`, `cat`, `base64`, `tail` or `echo` (a few flags before the name) of something
 * whose name says it is a secret (`cat config/master.key`, `echo $DB_PASSWORD`). The output is
 * redacted when it is one token on its own line; tables and JSON are left to the other finders.
 * The patterns name the commands only; their arguments are read in code, so the patterns stay
 * small for the ReDoS audit.
 */

/** Commands whose output is a secret; some only with a flag (see {@link NEEDED_FLAGS}). */
const REVEALING_COMMAND =
  /\b(?:base64[ \t]+(?:-d|-D|--decode)|kubectl[ \t]+get[ \t]+secrets?|vault[ \t]+(?:kv[ \t]+get|read)|aws[ \t]+secretsmanager[ \t]+get-secret-value|aws[ \t]+ssm[ \t]+get-parameters?|gcloud[ \t]+secrets[ \t]+versions[ \t]+access|az[ \t]+keyvault[ \t]+secret[ \t]+show|op[ \t]+read|(?:go)?pass[ \t]+show|gopass[ \t]+cat|security[ \t]+find-(?:generic|internet)-password|doppler[ \t]+secrets[ \t]+get|heroku[ \t]+config:get|openssl[ \t]+rand|aws[ \t]+ecr[ \t]+get-login-password|argocd[ \t]+admin[ \t]+initial-password)\b/g;

/** The flags without which a command prints something else: a table, JSON, an encrypted value. */
const NEEDED_FLAGS: Readonly<Record<string, readonly string[]>> = {
  kubectl: ['jsonpath', 'go-template'],
  vault: ['-field'],
  'aws ssm': ['--with-decryption'],
  security: [' -w'],
};

/** Commands that print what their argument names: a file, a variable, an output of a plan. */
const NAMING_COMMAND =
  /(?:^|[\s;&|$>])(?:cat|type|more|less|head|tail|strings|base64|xxd|od|printenv|echo|Get-Content|gc|terraform[ \t]+output[ \t]+-raw|wp[ \t]+config[ \t]+get|netlify[ \t]+env:get|dotenv[ \t]+get|npm[ \t]+config[ \t]+get)(?:[ \t]+-[\w-]{1,12}(?:[ \t]+\d{1,6})?){0,3}[ \t]+/g;

/**
 * A request to an endpoint that makes a token or a password (an HTTP client, and on its line
 * Magento's `…/admin/token`, Gerrit's `…/password.http`, `/oauth/token`): its answer on the next
 * line, a bare JSON string, is one. The endpoint is tested on the line in code.
 */
const HTTP_CLIENT = /\b(?:curl|wget|https?|Invoke-RestMethod|irm)\b/gi;
const TOKEN_ENDPOINT = /\/(?:token|tokens|password(?:\.http)?|api-?keys?|secret)\b/i;
/** The answer: one JSON string of a token's characters, after Gerrit's `)]}'` guard if any. */
const QUOTED_TOKEN = /^"[\w.~+/=-]{16,512}"$/;
const JSON_GUARD = ")]}'";

const LONGEST_OUTPUT = 1024;
/** Blank lines skipped between a command and its output. */
const BLANK_LINES = 2;

/** `(empty)`, `(none)`: what a command prints for no value; `null` and `None` are placeholders already. */
const NO_VALUE = /^\(?(?:empty|none)\)?$/i;
/** Quotes, `$`, `${…}` and PowerShell's `env:` around a variable's name. */
const LEADING_MARKS = /^["']?\$?\{?(?:env:)?/;
const TRAILING_MARKS = /\}?["']?$/;
const EXTENSION = /\.[A-Za-z]{1,8}$/;
const BLANK_RUN = /[ \t]+/;

/**
 * The first line after the command line that holds `index` that is neither blank nor `skipped`,
 * within {@link BLANK_LINES} of it, without its surrounding blanks: `start === last` when there is
 * none. `end` is where reading stopped.
 */
function outputLine(
  text: string,
  index: number,
  skipped?: string,
): { start: number; last: number; end: number } {
  let end = lineEnd(text, index);
  for (let lines = 0; lines <= BLANK_LINES && end < text.length; lines += 1) {
    let start = nextLineStart(text, end);
    end = lineEnd(text, start, LONGEST_OUTPUT + 64);
    while (start < end && isSpaceCode(text.charCodeAt(start))) start += 1;
    let last = end;
    while (last > start && isSpaceCode(text.charCodeAt(last - 1))) last -= 1;
    if (last === start || (skipped !== undefined && text.slice(start, last) === skipped)) continue;
    return { start, last, end };
  }
  return { start: end, last: end, end };
}

/** Marks the one-token line after the command line that holds `index`. */
function markOutput(text: string, index: number, found: Found): number {
  const { start, last, end } = outputLine(text, index);
  if (start === last) return end;
  const output = text.slice(start, last);
  if (
    output.length >= 4 &&
    output.length <= LONGEST_OUTPUT &&
    !/\s/.test(output) &&
    !NO_VALUE.test(output) &&
    !isPlaceholderValue(output)
  ) {
    found(start, last);
  }
  return last;
}

/** Marks the answer of a token request (see {@link HTTP_CLIENT}) on the lines after `index`. */
function markQuotedAnswer(text: string, index: number, found: Found): number {
  const { start, last, end } = outputLine(text, index, JSON_GUARD);
  if (start === last) return end;
  const answer = text.slice(start, last);
  if (QUOTED_TOKEN.test(answer) && !isPlaceholderValue(answer.slice(1, -1))) found(start, last);
  return last;
}

/** Whether the command `command` at `index` prints a secret, given the flags on its line. */
function printsSecret(text: string, index: number, command: string): boolean {
  const words = command.split(BLANK_RUN);
  const flags = NEEDED_FLAGS[`${words[0]} ${words[1]}`] ?? NEEDED_FLAGS[words[0] as string];
  if (flags === undefined) return true;
  const line = text.slice(index, lineEnd(text, index, 512));
  return flags.some((flag) => line.includes(flag));
}

function isArgumentCode(code: number): boolean {
  return !isSpaceCode(code) && code !== CODE.PIPE && code !== CODE.SEMICOLON && code !== CODE.AMPERSAND;
}

/**
 * The name a naming command's argument ends in, past one flag: `config/master.key` →
 * `master.key`, `"${DB_PASSWORD}"` → `DB_PASSWORD`, `$env:API_KEY` → `API_KEY`.
 */
function argumentName(text: string, from: number): string {
  let start = from;
  if (text.charCodeAt(start) === CODE.HYPHEN) {
    start = scanRight(text, scanRight(text, start, isArgumentCode, 16), isBlank, 8);
  }
  const argument = text
    .slice(start, scanRight(text, start, isArgumentCode, 256))
    .replace(LEADING_MARKS, '')
    .replace(TRAILING_MARKS, '');
  const slash = Math.max(argument.lastIndexOf('/'), argument.lastIndexOf('\\'));
  return argument.slice(slash + 1);
}

function namesSecret(name: string): boolean {
  return (
    name !== '' &&
    (cachedKeyStrength(name) !== 'none' || cachedKeyStrength(name.replace(EXTENSION, '')) !== 'none')
  );
}

/**
 * `New value: X` under a line that speaks of a password, as Elasticsearch's
 * `elasticsearch-reset-password` and `elasticsearch-setup-passwords` print the one they made:
 * `Password for the [elastic] user successfully reset.` / `New value: X`.
 */
const NEW_VALUE = /^[ \t]*New value:[ \t]*/gm;
const PASSWORD_WORD = /password/i;

function findNewValues(text: string, found: Found): void {
  if (text.indexOf('New value:') === -1) return;
  eachMatch(NEW_VALUE, text, (match) => {
    // the line above, past blank lines
    let above = match.index - 1;
    while (above > 0 && isSpaceCode(text.charCodeAt(above - 1)) && match.index - above < 64) above -= 1;
    const from = Math.max(0, above - 512);
    const lineAbove = text.slice(from, above);
    if (!PASSWORD_WORD.test(lineAbove.slice(lineAbove.lastIndexOf('\n') + 1))) return;
    const start = match.index + match[0].length;
    const end = scanRight(text, start, (code) => !isSpaceCode(code), LONGEST_OUTPUT);
    if (end - start >= 4 && !isPlaceholderValue(text.slice(start, end))) found(start, end);
    return end;
  });
}

/** Finds secrets that a command on the line before printed (see the file comment). */
export function findRevealedSecrets(text: string, found: Found): void {
  if (text.indexOf('\n') === -1 && text.indexOf('\\n') === -1) return;
  findNewValues(text, found);
  eachMatch(REVEALING_COMMAND, text, (match) =>
    printsSecret(text, match.index, match[0]) ? markOutput(text, match.index, found) : undefined,
  );
  eachMatch(HTTP_CLIENT, text, (match) =>
    TOKEN_ENDPOINT.test(text.slice(match.index, lineEnd(text, match.index, 512)))
      ? markQuotedAnswer(text, match.index, found)
      : undefined,
  );
  eachMatch(NAMING_COMMAND, text, (match) =>
    namesSecret(argumentName(text, match.index + match[0].length))
      ? markOutput(text, match.index, found)
      : undefined,
  );
}

/** The regular expressions above, for the ReDoS check. */
export const REVEALED_SECRET_PATTERNS: readonly RegExp[] = [
  NEW_VALUE,
  PASSWORD_WORD,
  REVEALING_COMMAND,
  HTTP_CLIENT,
  TOKEN_ENDPOINT,
  QUOTED_TOKEN,
  NAMING_COMMAND,
  NO_VALUE,
  LEADING_MARKS,
  TRAILING_MARKS,
  EXTENSION,
  BLANK_RUN,
];
