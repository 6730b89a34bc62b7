import { findLeaks, isKnownClean } from './find-leaks.js';
import type { Leak } from './leak.js';
import type { LeakRuleName } from './leak-rule-name.js';
import { carryOriginalLength } from './original-length.js';
import { isSecretByKeyName, secretKeyStrength } from './redact-by-key-name.js';
import { REDACTED, redactText } from './redact-text.js';
import type { KeyStrength } from './rules/secret-key-names.js';

/** A value with every leaking span redacted, and where each leak was. */
export interface RedactedValue {
  value: unknown;
  leaks: Leak[];
}

/** A path kept as a linked list, so that a string is only built when a leak needs one. */
interface PathNode {
  parent: PathNode | null;
  segment: string;
}

interface Task {
  input: unknown;
  path: PathNode;
  assign: (output: unknown) => void;
  /** Whether `toJSON` already ran for this node, so a `toJSON` that returns itself cannot loop. */
  serialised: boolean;
  /** How strongly the property name above this value announces a secret. */
  keyStrength?: KeyStrength;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

function pathText(node: PathNode): string {
  const segments: string[] = [];
  for (let cursor: PathNode | null = node; cursor !== null; cursor = cursor.parent)
    segments.push(cursor.segment);
  return segments.reverse().join('');
}

function keySegment(key: string): string {
  return IDENTIFIER.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
}

/**
 * Copies `value` with every leaking span in every string and object key replaced by
 * `[redacted]`, recording each leak under a path below `rootPath` (`data.rows[2].note`).
 * Iterative, so nesting depth cannot overflow the stack; shared and cyclic references are copied
 * once. Objects with `toJSON` (such as Date) are walked as they will be serialised. A property
 * that throws when read becomes `[redacted]`. The input is never mutated.
 */
export function redactValue(
  value: unknown,
  rootPath: string,
  allowRules: readonly LeakRuleName[] = [],
): RedactedValue {
  if (isClean(value, allowRules)) return { value, leaks: [] }; // nothing to copy
  const leaks: Leak[] = [];
  const copies = new Map<object, unknown>(); // lives for one call; a Map is cheaper than a WeakMap
  let result: unknown;
  const stack: Task[] = [
    {
      input: value,
      path: { parent: null, segment: rootPath },
      assign: (output) => {
        result = output;
      },
      serialised: false,
    },
  ];
  const record = (path: PathNode, rules: readonly LeakRuleName[]) => {
    const field = pathText(path);
    for (const rule of rules) leaks.push({ field, rule });
  };
  while (stack.length > 0) {
    const task = stack.pop() as Task;
    const { input, path, assign } = task;
    if (typeof input === 'string') {
      if (
        task.keyStrength !== undefined &&
        !allowRules.includes('credential') &&
        isSecretByKeyName(task.keyStrength, input)
      ) {
        record(path, ['credential']);
        assign(REDACTED);
        continue;
      }
      const redacted = redactText(input, allowRules);
      if (redacted.rules.length > 0) record(path, redacted.rules);
      assign(redacted.text);
      continue;
    }
    if (typeof input !== 'object' || input === null) {
      assign(input);
      continue;
    }
    const existing = copies.get(input);
    if (existing !== undefined) {
      assign(existing);
      continue;
    }
    try {
      if (Array.isArray(input)) {
        const copy: unknown[] = new Array(input.length);
        carryOriginalLength(input, copy);
        copies.set(input, copy);
        assign(copy);
        for (let index = input.length - 1; index >= 0; index -= 1) {
          stack.push({
            input: input[index],
            path: { parent: path, segment: `[${index}]` },
            assign: (output) => {
              copy[index] = output;
            },
            serialised: false,
          });
        }
        continue;
      }
      const toJson = (input as { toJSON?: unknown }).toJSON;
      if (typeof toJson === 'function' && !task.serialised) {
        // walk what JSON.stringify will write, not the object's internals
        stack.push({ input: toJson.call(input), path, assign, serialised: true });
        continue;
      }
      const copy: Record<string, unknown> = {};
      copies.set(input, copy);
      assign(copy);
      const keys = Object.keys(input);
      // keys are created in their original order first, so the copy serialises like the input
      const outputKeys = keys.map((key) => {
        const redactedKey = redactText(key, allowRules);
        let outputKey = redactedKey.text;
        if (redactedKey.rules.length > 0) {
          // two keys that redact alike must not overwrite each other
          for (let suffix = 2; Object.hasOwn(copy, outputKey) || keys.includes(outputKey); suffix += 1) {
            outputKey = `${redactedKey.text}#${suffix}`;
          }
          record({ parent: path, segment: keySegment(outputKey) }, redactedKey.rules);
        }
        setOwn(copy, outputKey, undefined);
        return outputKey;
      });
      for (let index = keys.length - 1; index >= 0; index -= 1) {
        const key = keys[index] as string;
        const outputKey = outputKeys[index] as string;
        const strength = secretKeyStrength(key);
        stack.push({
          input: readProperty(input, key),
          path: { parent: path, segment: keySegment(outputKey) },
          assign: (output) => {
            setOwn(copy, outputKey, output);
          },
          serialised: false,
          ...(strength === 'none' ? {} : { keyStrength: strength }),
        });
      }
    } catch {
      assign(REDACTED);
    }
  }
  return { value: result, leaks };
}

function readProperty(input: object, key: string): unknown {
  try {
    return (input as Record<string, unknown>)[key];
  } catch {
    return REDACTED;
  }
}

/** Plain assignment, except that a `__proto__` key from parsed JSON stays an own property. */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    target[key] = value;
  }
}

/**
 * True when no string or key in `value` leaks and nothing in it needs the careful walk (a toJSON
 * method, a property that throws), so the value can be returned as it is. Iterative and
 * allocation-light: the common case of clean, plain data costs one read of each string.
 */
function isClean(value: unknown, allowRules: readonly LeakRuleName[]): boolean {
  const options = { allowRules };
  const checkKeyNames = !allowRules.includes('credential');
  // Made once a second object turns up, since most results are one flat object: the objects
  // already walked (shared and cyclic references), and the keys found clean with their
  // strength, since the rows of a list repeat the same few keys.
  let firstObject: object | undefined;
  let seen: Set<object> | undefined;
  let cleanKeys: Map<string, KeyStrength> | undefined;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const input = stack.pop();
    if (typeof input === 'string') {
      // most strings of tool data were seen clean before: answer those without the call
      if (!isKnownClean(input) && findLeaks(input, options).length > 0) return false;
      continue;
    }
    if (typeof input !== 'object' || input === null) continue;
    if (firstObject === undefined) firstObject = input;
    else {
      if (seen === undefined) {
        seen = new Set([firstObject]);
        cleanKeys = new Map();
      }
      if (seen.has(input)) continue;
      seen.add(input);
    }
    try {
      if (Array.isArray(input)) {
        for (const item of input) stack.push(item);
        continue;
      }
      if (typeof (input as { toJSON?: unknown }).toJSON === 'function') return false;
      for (const key of Object.keys(input)) {
        let strength = cleanKeys?.get(key);
        if (strength === undefined) {
          if (findLeaks(key, options).length > 0) return false;
          strength = checkKeyNames ? secretKeyStrength(key) : 'none';
          cleanKeys?.set(key, strength);
        }
        const field = (input as Record<string, unknown>)[key];
        if (strength !== 'none' && typeof field === 'string' && isSecretByKeyName(strength, field))
          return false;
        stack.push(field);
      }
    } catch {
      return false; // a getter or proxy that throws: the full walk knows what to do with it
    }
  }
  return true;
}
