import { CODE } from '../char-codes.js';
import { holds, keywords, keywordsIn, type PatternGate } from '../keyword-gate.js';
import type { Found } from '../leak-rule.js';
import { eachMatch, isSpaceCode, lineEnd, scanRight } from '../text-scan.js';
import { cachedKeyStrength, isCredentialValue } from './find-secret-assignments.js';
import { isPlaceholderValue } from './placeholders.js';

/**
 * Logging commands that CI runners read from a step's output, and that the step's log keeps:
 * GitHub Actions' `::add-mask::X` and Azure Pipelines' `##vso[task.setsecret]X` name a secret by
 * what they do, and `##vso[task.setvariable variable=NAME;issecret=true]X` by its flag or its
 * name. The value runs to the end of the line.
 */
const MASK_COMMAND = /::add-mask::|##vso\[task\.setsecret\]/gi;
/** The command's opening; its properties, up to the `]`, are read by hand (a bounded class for them grows recheck's automaton past its memory). */
const SET_VARIABLE = /##vso\[task\.setvariable[ \t]/gi;
const PROPERTIES_LENGTH = 256;
const VARIABLE_NAME = /(?:^|;)[ \t]*variable[ \t]*=[ \t]*([^;\]]{1,128})/i;
const IS_SECRET = /(?:^|;)[ \t]*issecret[ \t]*=[ \t]*true\b/i;
const VALUE_LENGTH = 1024;
/** What opens a logging command: GitHub's `::` and Azure's `##`. */
const CI_MARKS = keywords('::', '##');

/** The gate above, for the test that no gate hides a match. */
export const CI_COMMAND_GATES: readonly PatternGate[] = [
  [/::/, CI_MARKS],
  [/##/, CI_MARKS],
];

/** Finds the values of CI logging commands that set or mask a secret (see {@link MASK_COMMAND}). */
export function findCiCommandSecrets(text: string, found: Found, held = keywordsIn(text)): void {
  if (!holds(held, CI_MARKS) || (text.indexOf('::') === -1 && text.indexOf('##') === -1)) return;
  eachMatch(MASK_COMMAND, text, (match) => {
    const value = valueToLineEnd(text, match.index + match[0].length);
    if (value !== undefined && !isPlaceholderValue(text.slice(value.start, value.end)))
      found(value.start, value.end);
    return value?.end;
  });
  eachMatch(SET_VARIABLE, text, (match) => {
    const propertiesStart = match.index + match[0].length;
    const close = scanRight(text, propertiesStart, isPropertyCode, PROPERTIES_LENGTH);
    if (text.charCodeAt(close) !== CODE.CLOSE_BRACKET) return;
    const properties = text.slice(propertiesStart, close);
    const value = valueToLineEnd(text, close + 1);
    if (value === undefined) return;
    const secret = text.slice(value.start, value.end);
    const name = VARIABLE_NAME.exec(properties)?.[1]?.trim() ?? '';
    const flagged = IS_SECRET.test(properties);
    if (flagged ? !isPlaceholderValue(secret) : isCredentialValue(secret, cachedKeyStrength(name)))
      found(value.start, value.end);
    return value.end;
  });
}

/** Characters of a command's properties: anything on the line before its `]`. */
function isPropertyCode(code: number): boolean {
  return code !== CODE.CLOSE_BRACKET && code !== CODE.NEWLINE && code !== CODE.CARRIAGE_RETURN;
}

/** The value after a command, trimmed, to the end of its line; undefined when it is blank or a `$VAR`. */
function valueToLineEnd(text: string, from: number): { start: number; end: number } | undefined {
  let start = from;
  let end = lineEnd(text, from, VALUE_LENGTH);
  while (start < end && isSpaceCode(text.charCodeAt(start))) start += 1;
  while (end > start && isSpaceCode(text.charCodeAt(end - 1))) end -= 1;
  if (end - start < 3 || text.charCodeAt(start) === 36) return undefined;
  return { start, end };
}

/** The regular expressions above, for the ReDoS check. */
export const CI_COMMAND_PATTERNS: readonly RegExp[] = [MASK_COMMAND, SET_VARIABLE, VARIABLE_NAME, IS_SECRET];
