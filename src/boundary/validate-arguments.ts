import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { CorrectableOutcome } from '../outcome/outcome.js';
import type { Tool } from '../tool/define-tool.js';
import { describeValidationFailure, isDateIssue } from './describe-validation-failure.js';
import { parseIsoDate } from './parse-iso-date.js';

/**
 * Runs the tool's Standard Schema over the parsed arguments. A date field reaches the model as an
 * ISO 8601 string (JSON has no dates), so where the schema wants a Date and the model sent a
 * well-formed ISO string, the string becomes a Date and the schema runs once more.
 */
export function validateArguments(tool: Tool, args: Record<string, unknown>): Validated | Promise<Validated> {
  // a synchronous schema (most are) answers synchronously, so the call needs no timer for it,
  // nor a closure: only an asynchronous one gets a callback
  const result = tool.input['~standard'].validate(args);
  return result instanceof Promise
    ? result.then((settled) => judge(tool, args, settled))
    : judge(tool, args, result);
}

/** What one run of the schema means: the value, a run again with ISO dates as Dates, or the outcome. */
function judge(tool: Tool, args: Record<string, unknown>, result: Result): Validated | Promise<Validated> {
  if (result.issues === undefined) return { ok: true, value: result.value };
  const withDates = coerceIsoDates(args, result.issues);
  if (withDates === undefined) return failed(tool, args, result.issues);
  return then(tool.input['~standard'].validate(withDates), (retried) =>
    retried.issues === undefined ? { ok: true, value: retried.value } : failed(tool, args, retried.issues),
  );
}

/** The arguments as the schema made them, or the outcome that says what is wrong. */
export type Validated = { ok: true; value: unknown } | { ok: false; outcome: CorrectableOutcome };

type Result = StandardSchemaV1.Result<unknown>;

function failed(
  tool: Tool,
  args: Record<string, unknown>,
  issues: readonly StandardSchemaV1.Issue[],
): Validated {
  return { ok: false, outcome: describeValidationFailure(tool.name, tool.jsonSchema, args, issues) };
}

/** `next(value)`, at once for a plain value, or once a promise settles. */
function then(
  value: Result | Promise<Result>,
  next: (result: Result) => Validated | Promise<Validated>,
): Validated | Promise<Validated> {
  return value instanceof Promise ? value.then(next) : next(value);
}

/** A copy of the arguments with each ISO string a date issue points at made a Date; or undefined. */
function coerceIsoDates(
  args: Record<string, unknown>,
  issues: readonly StandardSchemaV1.Issue[],
): Record<string, unknown> | undefined {
  let copy: Record<string, unknown> | undefined;
  for (const issue of issues) {
    if (!isDateIssue(issue as StandardSchemaV1.Issue & Record<string, unknown>)) continue;
    const path = (issue.path ?? []).map((segment) =>
      typeof segment === 'object' && segment !== null ? segment.key : segment,
    );
    if (path.length === 0) continue;
    const parent = walk(copy ?? args, path.slice(0, -1));
    const key = path.at(-1)!;
    if (parent === undefined || !Object.hasOwn(parent, key)) continue;
    const text = (parent as Record<PropertyKey, unknown>)[key];
    const date = typeof text === 'string' ? parseIsoDate(text) : undefined;
    if (date === undefined) continue;
    if (copy === undefined) {
      try {
        copy = structuredClone(args);
      } catch {
        return undefined; // arguments that cannot be copied are left to the schema as they are
      }
    }
    const target = walk(copy, path.slice(0, -1));
    if (target !== undefined) (target as Record<PropertyKey, unknown>)[key] = date;
  }
  return copy;
}

function walk(node: unknown, path: readonly PropertyKey[]): object | undefined {
  let current = node;
  for (const key of path) {
    if (typeof current !== 'object' || current === null || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return typeof current === 'object' && current !== null ? current : undefined;
}
