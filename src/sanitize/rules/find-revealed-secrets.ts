import type { Found } from '../leak-rule.js';
import { eachMatch, isSpaceCode, lineEnd, nextLineStart } from '../text-scan.js';
import { cachedKeyStrength } from './find-secret-assignments.js';
import { isPlaceholderValue } from './placeholders.js';

/**
 * Secrets printed by the command on the line before them, as a terminal transcript shows them:
 * `kubectl get secret … -o jsonpath='{.data.password}' | base64 -d`, `vault kv get -field=…`,
 * `aws secretsmanager get-secret-value … --output text`, `gcloud secrets versions access`,
 * `op read`, `pass show`, `openssl rand -hex 32`, and `cat`, `printenv` or `echo` of something
 * whose name says it is a secret (`cat config/master.key`, `echo $DB_PASSWORD`). The output is
 * redacted when it is one token on its own line; tables and JSON are left to the other finders.
 */

/** Commands whose output is a secret whatever their arguments. */
const REVEALING_COMMAND =
  /\b(?:base64[ \t]{1,8}(?:-d|-D|--decode)\b|kubectl[ \t]{1,8}get[ \t]{1,8}secrets?[ \t][^\n]{0,300}(?:jsonpath|go-template)|vault[ \t]{1,8}(?:kv[ \t]{1,8}get|read)[ \t][^\n]{0,300}-field\b|aws[ \t]{1,8}secretsmanager[ \t]{1,8}get-secret-value\b|aws[ \t]{1,8}ssm[ \t]{1,8}get-parameters?[ \t][^\n]{0,300}--with-decryption\b|gcloud[ \t]{1,8}secrets[ \t]{1,8}versions[ \t]{1,8}access\b|az[ \t]{1,8}keyvault[ \t]{1,8}secret[ \t]{1,8}show\b|op[ \t]{1,8}read\b|pass[ \t]{1,8}show\b|security[ \t]{1,8}find-(?:generic|internet)-password[ \t][^\n]{0,300}[ \t]-w\b|doppler[ \t]{1,8}secrets[ \t]{1,8}get\b|heroku[ \t]{1,8}config:get\b|openssl[ \t]{1,8}rand\b|aws[ \t]{1,8}ecr[ \t]{1,8}get-login-password\b)/g;

/** Commands that print what their argument names: a file, a variable, an output of a plan. */
const NAMING_COMMAND =
  /(?:^|[\s;&|$>])(?:cat|type|more|head|printenv|echo|Get-Content|gc|terraform[ \t]{1,8}output[ \t]{1,8}-raw)[ \t]{1,8}(?:-[A-Za-z][ \t]{1,8})?["']?\$?\{?(?:env:)?([^\s"'}|;&]{1,256})/g;

const LONGEST_OUTPUT = 1024;
/** Blank lines skipped between a command and its output. */
const BLANK_LINES = 2;

/** Output words that say there is no secret: `null`, `None`, `(empty)`. */
const NO_VALUE = /^(?:null|none|nil|undefined|true|false|\(?empty\)?|\(?none\)?)$/i;

/** The name a path or a variable ends in: `config/master.key` → `master.key`, `$DB_PASSWORD` → `DB_PASSWORD`. */
function lastName(argument: string): string {
  const slash = Math.max(argument.lastIndexOf('/'), argument.lastIndexOf('\\'));
  return argument.slice(slash + 1);
}

/** Marks the one-token line after the command line that holds `index`. */
function markOutput(text: string, index: number, found: Found): number {
  let end = lineEnd(text, index);
  for (let blanks = 0; blanks <= BLANK_LINES && end < text.length; blanks += 1) {
    let start = nextLineStart(text, end);
    end = lineEnd(text, start, LONGEST_OUTPUT + 64);
    while (start < end && isSpaceCode(text.charCodeAt(start))) start += 1;
    let last = end;
    while (last > start && isSpaceCode(text.charCodeAt(last - 1))) last -= 1;
    if (last === start) continue; // a blank line
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
  return end;
}

/** Finds secrets that a command on the line before printed (see the file comment). */
export function findRevealedSecrets(text: string, found: Found): void {
  if (text.indexOf('\n') === -1 && text.indexOf('\\n') === -1) return;
  eachMatch(REVEALING_COMMAND, text, (match) => markOutput(text, match.index, found));
  eachMatch(NAMING_COMMAND, text, (match) => {
    const name = lastName(match[1] as string);
    const bare = name.replace(/^\$\{?|\}$/g, '');
    if (
      cachedKeyStrength(bare) === 'none' &&
      cachedKeyStrength(bare.replace(/\.[A-Za-z]{1,8}$/, '')) === 'none'
    )
      return undefined;
    return markOutput(text, match.index, found);
  });
}

/** The regular expressions above, for the ReDoS check. */
export const REVEALED_SECRET_PATTERNS: readonly RegExp[] = [REVEALING_COMMAND, NAMING_COMMAND, NO_VALUE];
