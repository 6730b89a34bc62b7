import { isOutcome } from '../outcome/read-outcome.js';
import type { EvalCase, EvalChecks } from './eval-case.js';

const CHECK_NAMES: ReadonlySet<keyof EvalChecks> = new Set<keyof EvalChecks>([
  'mentions',
  'doesNotMention',
  'retriesWith',
  'asksUser',
  'listsCandidates',
  'doesNotAnswer',
  'stops',
  'maxToolCalls',
]);
const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Checks cases written as data (a JSON file, say) and says exactly what is wrong, so a typo in a
 * custom case fails before any model is called. Returns the cases unchanged.
 */
export function validateEvalCases(value: unknown): EvalCase[] {
  if (!Array.isArray(value)) throw new TypeError('eval cases must be an array of case objects.');
  const seen = new Set<string>();
  return value.map((item, index) => {
    const evalCase = validateEvalCase(item, `cases[${index}]`);
    if (seen.has(evalCase.id))
      throw new TypeError(`cases[${index}]: the id ${JSON.stringify(evalCase.id)} is used twice.`);
    seen.add(evalCase.id);
    return evalCase;
  });
}

/** Checks one case; `where` prefixes error messages. */
export function validateEvalCase(value: unknown, where = 'case'): EvalCase {
  const fail = (problem: string): never => {
    throw new TypeError(`${where}: ${problem}`);
  };
  if (!isRecord(value)) return fail('must be an object.');
  for (const key of ['id', 'title', 'question', 'outcomeClass'] as const)
    if (typeof value[key] !== 'string' || value[key] === '') fail(`${key} must be a non-empty string.`);
  if (value['system'] !== undefined && typeof value['system'] !== 'string') fail('system must be a string.');
  const tools = value['tools'];
  if (!Array.isArray(tools) || tools.length === 0) return fail('tools must be a non-empty array.');
  for (const [index, tool] of tools.entries()) {
    const at = `tools[${index}]`;
    if (!isRecord(tool)) return fail(`${at} must be an object.`);
    if (typeof tool['name'] !== 'string' || !TOOL_NAME.test(tool['name']))
      fail(`${at}.name must be 1-64 letters, digits, "_" or "-".`);
    if (typeof tool['description'] !== 'string') fail(`${at}.description must be a string.`);
    if (tool['parameters'] !== undefined && !isRecord(tool['parameters']))
      fail(`${at}.parameters must be a JSON Schema object.`);
    if (tool['inject'] !== undefined && !isOutcome(tool['inject']))
      fail(`${at}.inject must be an outcome, with a known "class" and a matching "ok".`);
    if (tool['thrown'] !== undefined && typeof tool['thrown'] !== 'string')
      fail(`${at}.thrown must be a string.`);
    if (tool['fixedBy'] !== undefined && !isRecord(tool['fixedBy'])) fail(`${at}.fixedBy must be an object.`);
  }
  const checks = value['checks'];
  if (!isRecord(checks)) return fail('checks must be an object.');
  for (const [name, check] of Object.entries(checks)) {
    if (!CHECK_NAMES.has(name as keyof EvalChecks))
      fail(`unknown check ${JSON.stringify(name)}; known checks: ${[...CHECK_NAMES].join(', ')}.`);
    if (
      name === 'mentions' ||
      name === 'doesNotMention' ||
      (name === 'doesNotAnswer' && typeof check !== 'boolean')
    ) {
      for (const pattern of Array.isArray(check) ? check : [check]) {
        if (!(pattern instanceof RegExp) && typeof pattern !== 'string')
          fail(`checks.${name} must be a pattern string or a RegExp.`);
        if (typeof pattern === 'string') {
          try {
            new RegExp(pattern, 'i');
          } catch {
            fail(`checks.${name}: ${JSON.stringify(pattern)} is not a valid regular expression.`);
          }
        }
      }
    }
    if (name === 'retriesWith' && !isRecord(check))
      fail('checks.retriesWith must be an object of arguments.');
    if (
      (name === 'listsCandidates' || name === 'maxToolCalls') &&
      !(Number.isInteger(check) && (check as number) >= 0)
    )
      fail(`checks.${name} must be a whole number.`);
    if ((name === 'asksUser' || name === 'stops') && typeof check !== 'boolean')
      fail(`checks.${name} must be true or false.`);
  }
  if (checks['doesNotAnswer'] === true && typeof value['wouldBeAnswer'] !== 'string')
    fail('checks.doesNotAnswer is true, so wouldBeAnswer must be the answer to look for.');
  const scripted = value['scriptedCall'];
  if (
    scripted !== undefined &&
    !(isRecord(scripted) && typeof scripted['name'] === 'string' && isRecord(scripted['arguments']))
  )
    fail('scriptedCall must be { name, arguments }.');
  return value as unknown as EvalCase;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
