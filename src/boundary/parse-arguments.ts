import { correctable, refused } from '../outcome/constructors.js';
import type { BuiltInErrorCode } from '../outcome/error-code.js';
import type { CorrectableOutcome, RefusedOutcome } from '../outcome/outcome.js';
import { jsonErrorPosition } from './json-error-position.js';

/** Limits on what a model may send as arguments. */
export interface ArgumentLimits {
  /**
   * Largest accepted arguments, in bytes of JSON.
   * @default 1048576 (1 MiB)
   */
  maxArgumentBytes: number;
  /**
   * Deepest accepted nesting of objects and arrays.
   * @default 64
   */
  maxArgumentDepth: number;
}

/** Default {@link ArgumentLimits}. */
export const DEFAULT_ARGUMENT_LIMITS: ArgumentLimits = { maxArgumentBytes: 1_048_576, maxArgumentDepth: 64 };

/** Parsed arguments, or the outcome that explains why they could not be read. */
export type ParsedArguments =
  | { ok: true; value: Record<string, unknown> }
  | { ok: false; outcome: CorrectableOutcome | RefusedOutcome };

/**
 * Reads a call's arguments, given as a JSON string or an object. Size and depth are checked
 * before parsing so hostile input cannot exhaust the stack, and `__proto__` keys are dropped so
 * arguments never reach a prototype.
 */
export function parseArguments(raw: unknown, toolName: string, limits: ArgumentLimits): ParsedArguments {
  let text: string;
  if (raw === undefined || raw === null) text = '{}';
  else if (typeof raw === 'string') text = raw.trim() === '' ? '{}' : raw;
  else if (typeof raw === 'object') {
    const serialized = serializeObject(raw);
    if (serialized === TOO_DEEP) return tooDeep(toolName, limits.maxArgumentDepth);
    if (serialized === undefined) return unreadable(toolName);
    text = serialized;
  } else return notAnObject(toolName, typeof raw);

  // a UTF-16 unit is at most 3 bytes of UTF-8, and a text can nest no deeper than it is long:
  // short arguments skip both scans
  if (
    text.length > limits.maxArgumentBytes ||
    (text.length * 3 > limits.maxArgumentBytes && Buffer.byteLength(text) > limits.maxArgumentBytes)
  ) {
    return tooLarge(toolName, limits.maxArgumentBytes);
  }
  if (text.length > limits.maxArgumentDepth && nestingDepth(text) > limits.maxArgumentDepth)
    return tooDeep(toolName, limits.maxArgumentDepth);

  let value: unknown;
  try {
    // a reviver takes JSON.parse off its fast path, so only pay for it when a key could be
    // __proto__ (written out, or spelled with \u escapes)
    value =
      text.includes('__proto__') || text.includes('\\u')
        ? JSON.parse(text, dropPrototypeKeys)
        : JSON.parse(text);
  } catch {
    return malformed(toolName, text);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return notAnObject(toolName, Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value);
  }
  return { ok: true, value: value as Record<string, unknown> };
}

function dropPrototypeKeys(key: string, value: unknown): unknown {
  return key === '__proto__' ? undefined : value;
}

const TOO_DEEP = Symbol('too deep');

/** Objects from a provider SDK are re-read through JSON, which also defuses getters and proxies. */
function serializeObject(raw: object): string | typeof TOO_DEEP | undefined {
  try {
    return JSON.stringify(raw);
  } catch (error) {
    // an object nested past the stack is too deep, not unreadable
    return error instanceof RangeError && /call stack/i.test(error.message) ? TOO_DEEP : undefined;
  }
}

/** Bracket depth outside strings, found in one pass without recursion. */
function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 92)
        index++; // skip the escaped character
      else if (code === 34) inString = false;
    } else if (code === 34) inString = true;
    else if (code === 123 || code === 91) {
      depth++;
      if (depth > deepest) deepest = depth;
    } else if (code === 125 || code === 93) depth--;
  }
  return deepest;
}

function malformed(toolName: string, text: string): ParsedArguments {
  const position = jsonErrorPosition(text);
  let where = 'The text is not JSON';
  if (position >= 0 && position < text.length) {
    const before = text.slice(0, position);
    const line = before.split('\n').length;
    const column = position - before.lastIndexOf('\n');
    where = `Unexpected ${JSON.stringify(text[position])} at line ${line}, column ${column}`;
  } else if (position >= 0) where = 'The JSON ended before it was complete';
  return {
    ok: false,
    outcome: correctable({
      error: 'malformed_arguments' satisfies BuiltInErrorCode,
      message: `The arguments for ${toolName} are not valid JSON. ${where}.`,
      hint: `Call ${toolName} again with the arguments as one JSON object, quoting every key and string with double quotes.`,
    }),
  };
}

function notAnObject(toolName: string, received: string): ParsedArguments {
  return {
    ok: false,
    outcome: correctable({
      error: 'malformed_arguments' satisfies BuiltInErrorCode,
      message: `The arguments for ${toolName} must be a JSON object; you sent ${article(received)} ${received}.`,
      hint: `Call ${toolName} again with the arguments as one JSON object of named fields.`,
    }),
  };
}

function unreadable(toolName: string): ParsedArguments {
  return {
    ok: false,
    outcome: correctable({
      error: 'malformed_arguments' satisfies BuiltInErrorCode,
      message: `The arguments for ${toolName} could not be read as JSON.`,
      hint: `Call ${toolName} again with the arguments as one JSON object.`,
    }),
  };
}

function tooLarge(toolName: string, maxBytes: number): ParsedArguments {
  return {
    ok: false,
    outcome: refused({
      error: 'arguments_too_large' satisfies BuiltInErrorCode,
      message: `The arguments for ${toolName} are larger than the ${maxBytes}-byte limit, so the call was not made.`,
      hint: 'Send only the fields the tool needs, with shorter values.',
    }),
  };
}

function tooDeep(toolName: string, maxDepth: number): ParsedArguments {
  return {
    ok: false,
    outcome: refused({
      error: 'arguments_too_deep' satisfies BuiltInErrorCode,
      message: `The arguments for ${toolName} are nested more than ${maxDepth} levels deep, so the call was not made.`,
      hint: 'Send a flatter object with only the fields the tool needs.',
    }),
  };
}

function article(word: string): string {
  return /^[aeiou]/.test(word) ? 'an' : 'a';
}
