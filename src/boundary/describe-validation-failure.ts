import type { StandardSchemaV1 } from '@standard-schema/spec';
import { correctable } from '../outcome/constructors.js';
import type { CorrectableOutcome } from '../outcome/outcome.js';
import type { JsonSchema } from '../tool/define-tool.js';
import { describeExpectation, enumOptions, listOptions } from './describe-expectation.js';
import { editDistance, uniqueNearest } from './edit-distance.js';
import { jsonSchemaAt } from './json-schema-at.js';
import { parseUnambiguousDate } from './parse-unambiguous-date.js';

type PathKey = string | number;

/** The one correction for a problem: a new value at a path, or a key to rename. */
type Fix =
  | { kind: 'set'; path: PathKey[]; value: unknown }
  | { kind: 'rename'; from: string; to: string; value: unknown };

interface Problem {
  sentence: string;
  fix?: Fix;
}

interface Located {
  path: PathKey[];
  issue: StandardSchemaV1.Issue & Record<string, unknown>;
}

const MAX_PROBLEMS = 5;
/**
 * The most issues read one by one. Past them, issues are only counted: an 868 KiB argument can
 * carry 60,000 of them, and the message names five.
 */
const MAX_ISSUES_READ = 256;
const SHOWN_VALUE_CHARACTERS = 60;

/**
 * Turns schema issues into one correctable outcome: each problem names the argument, what was
 * expected and what was sent, without schema jargon. A `suggestion` is attached only when every
 * problem has exactly one correction.
 */
export function describeValidationFailure(
  toolName: string,
  schema: JsonSchema | undefined,
  args: Record<string, unknown>,
  issues: readonly StandardSchemaV1.Issue[],
): CorrectableOutcome {
  const located = locate(issues.slice(0, MAX_ISSUES_READ));
  const unknownKeys = new Set(located.filter(isUnknownKey).map((entry) => String(entry.path.at(-1))));
  for (const key of undeclaredKeys(schema, args)) unknownKeys.add(key);
  const missing = located.filter(
    (entry) => entry.path.length === 1 && valueAt(args, entry.path) === undefined && !isUnknownKey(entry),
  );
  const renames = pairRenames(
    [...unknownKeys],
    missing.map((entry) => String(entry.path[0])),
  );

  const problems: Problem[] = [];
  const seen = new Set<string>();
  // issues past those read are counted as they come, without telling repeats apart
  let uncounted = Math.max(0, issues.length - MAX_ISSUES_READ);
  for (const entry of located) {
    const key = String(entry.path.at(-1));
    const name = entry.path.length === 0 ? 'The arguments' : formatPath(entry.path);
    if (seen.has(name)) continue; // one sentence per argument, even when a schema reports two issues
    seen.add(name);
    if (problems.length > MAX_PROBLEMS) {
      uncounted += 1; // past what the message shows, only count
      continue;
    }
    if (isUnknownKey(entry)) {
      const target = renames.get(key);
      if (target !== undefined) {
        seen.add(target);
        problems.push({
          sentence: `${name} is not an argument of ${toolName}; the argument is called ${target}.`,
          fix: { kind: 'rename', from: key, to: target, value: args[key] },
        });
      } else problems.push({ sentence: unknownSentence(name, toolName, schema) });
      continue;
    }
    const renamedFrom = [...renames].find(([, to]) => to === name)?.[0];
    if (renamedFrom !== undefined && !seen.has(renamedFrom)) {
      seen.add(renamedFrom);
      problems.push({
        sentence: `${renamedFrom} is not an argument of ${toolName}; the argument is called ${name}.`,
        fix: { kind: 'rename', from: renamedFrom, to: name, value: args[renamedFrom] },
      });
      continue;
    }
    problems.push(describeProblem(entry, name, jsonSchemaAt(schema, entry.path), valueAt(args, entry.path)));
  }

  const fixes = problems.map((problem) => problem.fix);
  if (uncounted === 0 && fixes.length > 0 && fixes.every((fix) => fix !== undefined)) {
    return correctable({
      error: 'invalid_arguments',
      message: joinSentences(
        problems.map((problem) => problem.sentence),
        0,
      ),
      hint: `Call ${toolName} again with ${fixes.map(describeFix).join(' and ')}.`,
      suggestion: buildSuggestion(args, fixes as Fix[]),
    });
  }
  // no whole-call suggestion, but an argument with exactly one near miss still gets it named
  return correctable({
    error: 'invalid_arguments',
    message: joinSentences(
      problems.map((problem) =>
        problem.fix?.kind === 'set'
          ? `${problem.sentence} Did you mean ${showOption(problem.fix.value)}?`
          : problem.sentence,
      ),
      uncounted,
    ),
    hint: `Correct the arguments as described, then call ${toolName} once more.`,
  });
}

/** The first problems' sentences, then how many more there are: those not shown and `uncounted`. */
function joinSentences(sentences: readonly string[], uncounted: number): string {
  const shown = sentences.slice(0, MAX_PROBLEMS);
  const more = sentences.length - shown.length + uncounted;
  return (
    shown.join(' ') +
    (more > 0
      ? ` There ${more === 1 ? 'is 1 more problem' : `are ${more} more problems`} of the same kind.`
      : '')
  );
}

/** A suggested value as the option lists show it: a string bare, anything else as JSON. */
function showOption(value: unknown): string {
  return typeof value === 'string' ? value : showValue(value);
}

/** An issue that says a Date was expected, in the words of zod, valibot or arktype. */
export function isDateIssue(issue: Record<string, unknown>): boolean {
  const expected = issue['expected'];
  return expected === 'date' || expected === 'Date' || expected === 'a Date';
}

function describeProblem(
  entry: Located,
  name: string,
  schema: JsonSchema | undefined,
  value: unknown,
): Problem {
  const { issue, path } = entry;
  const shown = showValue(value);
  if (value === undefined) {
    const expected = describeExpectation(schema);
    return { sentence: `${name} is required${expected ? `: ${expected}` : ''}.` };
  }
  if (isDateIssue(issue)) {
    // the schema wants a Date, which a model can only send as an ISO string
    const date = typeof value === 'string' ? parseUnambiguousDate(value) : undefined;
    const sentence = `${name} must be a date in ISO 8601 form, such as 2026-08-01 or 2026-08-01T09:30:00Z; you provided ${shown}.`;
    return date === undefined ? { sentence } : { sentence, fix: { kind: 'set', path, value: date } };
  }
  const options =
    enumOptions(schema) ??
    (Array.isArray(issue['values'])
      ? (issue['values'] as unknown[])
      : Array.isArray(issue['options']) // zod 3's enum
        ? (issue['options'] as unknown[])
        : optionsFromExpected(issue['expected']));
  if (options !== undefined && options.length > 0) {
    const strings = options.filter((option): option is string => typeof option === 'string');
    const nearest = typeof value === 'string' ? uniqueNearest(value, strings) : undefined;
    const sentence = `${name} must be ${options.length === 1 ? 'exactly' : 'one of'} ${listOptions(options)}; you provided ${shown}.`;
    return nearest === undefined ? { sentence } : { sentence, fix: { kind: 'set', path, value: nearest } };
  }
  const format =
    typeof schema?.['format'] === 'string'
      ? schema['format']
      : issue['type'] === 'iso_date' // valibot's isoDate, which has no JSON Schema to read
        ? 'date'
        : issue['format'];
  if (format === 'date' && typeof value === 'string') {
    const date = parseUnambiguousDate(value);
    const sentence = `${name} must be a date in YYYY-MM-DD form; you provided ${shown}.`;
    return date === undefined ? { sentence } : { sentence, fix: { kind: 'set', path, value: date } };
  }
  if (
    typeof value === 'string' &&
    schema?.['type'] === 'string' &&
    typeof schema['pattern'] === 'string' &&
    describeExpectation({ format: schema['format'] }) === undefined // a known format says it better
  ) {
    // the type is right and the shape is not; a regex is jargon, so say it in words
    const example = Array.isArray(schema['examples']) ? schema['examples'][0] : undefined;
    const like = typeof example === 'string' ? `, such as ${JSON.stringify(example)}` : '';
    return { sentence: `${name} is not in the expected format${like}; you provided ${shown}.` };
  }
  const expected = describeExpectation(schema) ?? expectationFromIssue(issue);
  if (expected !== undefined) {
    const sentence = `${name} must be ${expected}; you provided ${shown}.`;
    const coerced = coerce(schema ?? typeFromIssue(issue), value);
    return coerced === undefined ? { sentence } : { sentence, fix: { kind: 'set', path, value: coerced } };
  }
  return { sentence: `${name} is not valid (${plainIssueMessage(issue.message)}); you provided ${shown}.` };
}

/** A string that plainly spells the expected number or boolean has one obvious correction. */
function coerce(schema: JsonSchema | undefined, value: unknown): unknown {
  if (typeof value !== 'string' || schema === undefined) return undefined;
  const type = schema['type'];
  if ((type === 'number' || type === 'integer') && /^-?\d{1,15}(?:\.\d{1,15})?$/.test(value.trim())) {
    const number = Number(value);
    return type === 'integer' && !Number.isInteger(number) ? undefined : number;
  }
  if (type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  return undefined;
}

/** A schema without JSON Schema (valibot) still names a primitive type in its issue. */
function typeFromIssue(issue: Record<string, unknown>): JsonSchema | undefined {
  const expected = issue['expected'];
  return expected === 'number' || expected === 'boolean' ? { type: expected } : undefined;
}

/**
 * The options of an enum whose schema has no JSON Schema, read from the issue's `expected`
 * text when it is nothing but string literals: valibot's `("Pune" | "Mumbai")`.
 */
function optionsFromExpected(expected: unknown): string[] | undefined {
  if (typeof expected !== 'string' || expected.length > 2_000) return undefined;
  const inner = expected.replace(/^\((.*)\)$/s, '$1');
  const parts = inner.split(/\s*\|\s*/);
  const options: string[] = [];
  for (const part of parts) {
    if (!/^"(?:[^"\\]|\\.)*"$/.test(part)) return undefined;
    try {
      options.push(JSON.parse(part) as string);
    } catch {
      return undefined;
    }
  }
  return options.length > 0 ? options : undefined;
}

function expectationFromIssue(issue: Record<string, unknown>): string | undefined {
  if (typeof issue['expected'] === 'string' && /^[a-z]+$/.test(issue['expected'])) {
    const words: Record<string, string> = {
      string: 'a string',
      number: 'a number',
      boolean: 'true or false',
      array: 'a list',
      object: 'an object',
      int: 'a whole number',
    };
    return words[issue['expected']];
  }
  if (typeof issue['maximum'] === 'number' || typeof issue['maximum'] === 'bigint')
    return `at most ${issue['maximum']}`;
  if (typeof issue['minimum'] === 'number' || typeof issue['minimum'] === 'bigint')
    return `at least ${issue['minimum']}`;
  return undefined;
}

/** Drops library prefixes such as "Invalid input:" and anything that reads like a regex. */
function plainIssueMessage(message: string): string {
  const cleaned = String(message)
    .replace(/^invalid (?:input|type|option|value|format|string)\s*:\s*/i, '')
    .replace(/\/\^.*\$\//g, 'the expected pattern')
    .slice(0, 160);
  return cleaned.charAt(0).toLowerCase() + cleaned.slice(1);
}

function unknownSentence(name: string, toolName: string, schema: JsonSchema | undefined): string {
  const properties = schema?.['properties'];
  const accepted = typeof properties === 'object' && properties !== null ? Object.keys(properties) : [];
  return accepted.length === 0
    ? `${name} is not an argument of ${toolName}.`
    : `${name} is not an argument of ${toolName}; it accepts ${listOptions(accepted)}.`;
}

/** Pairs an unknown key with a missing one only when each is the other's single match. */
function pairRenames(unknown: string[], missing: string[]): Map<string, string> {
  const pairs = new Map<string, string>();
  if (unknown.length === 1 && missing.length === 1) {
    pairs.set(unknown[0]!, missing[0]!);
    return pairs;
  }
  const matches = (from: string, to: string) =>
    editDistance(from.toLowerCase(), to.toLowerCase(), 2) <= 2 || sharesWord(from, to);
  for (const from of unknown) {
    const candidates = missing.filter((to) => matches(from, to));
    if (candidates.length !== 1) continue;
    const to = candidates[0]!;
    if (unknown.filter((other) => matches(other, to)).length === 1) pairs.set(from, to);
  }
  return pairs;
}

function sharesWord(left: string, right: string): boolean {
  const words = (key: string) =>
    key
      .replace(/([a-z])([A-Z])/g, '$1_$2')
      .toLowerCase()
      .split(/[_\-\s]+/)
      .filter((word) => word.length > 2);
  const rightWords = new Set(words(right));
  return words(left).some((word) => rightWords.has(word));
}

function undeclaredKeys(schema: JsonSchema | undefined, args: Record<string, unknown>): string[] {
  const properties = schema?.['properties'];
  if (typeof properties !== 'object' || properties === null || schema?.['additionalProperties'] === true)
    return [];
  return Object.keys(args).filter((key) => !Object.hasOwn(properties, key));
}

function locate(issues: readonly StandardSchemaV1.Issue[]): Located[] {
  const located: Located[] = [];
  for (const raw of issues) {
    const issue = raw as StandardSchemaV1.Issue & Record<string, unknown>;
    const path = (issue.path ?? []).map((segment) => {
      const key = typeof segment === 'object' && segment !== null ? segment.key : segment;
      return typeof key === 'number' ? key : String(key);
    });
    if (issue['code'] === 'unrecognized_keys' && Array.isArray(issue['keys'])) {
      for (const key of issue['keys'])
        located.push({ path: [...path, String(key)], issue: { ...issue, unknownKey: true } });
    } else if (issue['type'] === 'strict_object' && issue['expected'] === 'never') {
      located.push({ path, issue: { ...issue, unknownKey: true } }); // valibot's strictObject
    } else located.push({ path, issue });
  }
  return located;
}

function isUnknownKey(entry: Located): boolean {
  return entry.issue['unknownKey'] === true;
}

function valueAt(args: unknown, path: readonly PathKey[]): unknown {
  let node = args;
  for (const key of path) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<PathKey, unknown>)[key];
  }
  return node;
}

function formatPath(path: readonly PathKey[]): string {
  return path
    .map((key, index) => (typeof key === 'number' ? `[${key}]` : index === 0 ? key : `.${key}`))
    .join('');
}

function showValue(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = 'a value that is not JSON';
  }
  return text.length > SHOWN_VALUE_CHARACTERS
    ? `${text.slice(0, SHOWN_VALUE_CHARACTERS)}… (truncated)`
    : text;
}

function describeFix(fix: Fix): string {
  return fix.kind === 'rename'
    ? `${fix.to} instead of ${fix.from}`
    : `${formatPath(fix.path)} ${showValue(fix.value)}`;
}

/** The corrected top-level fields; a nested fix carries its whole corrected top-level value. */
function buildSuggestion(args: Record<string, unknown>, fixes: readonly Fix[]): Record<string, unknown> {
  const suggestion: Record<string, unknown> = {};
  for (const fix of fixes) {
    if (fix.kind === 'rename') {
      suggestion[fix.to] = fix.value;
      continue;
    }
    const [top, ...rest] = fix.path;
    if (top === undefined) continue;
    if (rest.length === 0) {
      suggestion[String(top)] = fix.value;
      continue;
    }
    const copy = structuredClone(suggestion[String(top)] ?? args[String(top)]) as Record<PathKey, unknown>;
    let node = copy;
    for (const key of rest.slice(0, -1)) node = node[key] as Record<PathKey, unknown>;
    node[rest.at(-1)!] = fix.value;
    suggestion[String(top)] = copy;
  }
  return suggestion;
}
