import { createHash } from 'node:crypto';

/**
 * A short, stable key for a set of arguments: key order and whitespace do not change it, so
 * `{"a":1,"b":2}` and `{ "b": 2, "a": 1 }` count as the same call. Signed paused-run states
 * carry it, so its value must never change between versions.
 */
export function canonicalArgumentsKey(args: unknown): string {
  return createHash('sha256').update(canonicalJson(args)).digest('base64url').slice(0, 22);
}

/** Longest canonical JSON a call key keeps as it is, rather than hashed. */
const MAX_PLAIN_CALL_KEY = 64;

/**
 * What the run policy counts "the same call" by: the canonical JSON itself when it is short (no
 * hash to compute, and no collision possible), else {@link canonicalArgumentsKey}. The `=`
 * prefix never starts a hash (base64url has no `=`), so the two forms cannot meet.
 */
export function callKey(args: unknown): string {
  const json = canonicalJson(args);
  if (json.length <= MAX_PLAIN_CALL_KEY) return `=${json}`;
  return createHash('sha256').update(json).digest('base64url').slice(0, 22);
}

/**
 * JSON with every object's keys in sorted order, and `null` for what JSON cannot write. Built
 * in one pass into one string: a key list is only copied and sorted when it is out of order.
 */
export function canonicalJson(value: unknown): string {
  return write(value, 0);
}

function write(value: unknown, depth: number): string {
  if (depth > 100) return '"…"';
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    let text = '[';
    for (let index = 0; index < value.length; index++) {
      if (index > 0) text += ',';
      if (index in value) text += write(value[index], depth + 1); // a hole writes nothing, as join does
    }
    return `${text}]`;
  }
  const keys = Object.keys(value);
  const reordered = sortInPlace(keys);
  // the usual arguments, one flat object: one JSON.stringify on its fast path (of the object
  // itself when its keys are in order, else of a copy in order), where joining them piece by
  // piece would build one string per piece
  if (allPlainValues(value as Record<string, unknown>, keys)) {
    if (!reordered) return JSON.stringify(value);
    if (keys.every(keepsItsPlace)) {
      const inOrder: Record<string, unknown> = {};
      for (const key of keys) inOrder[key] = (value as Record<string, unknown>)[key];
      return JSON.stringify(inOrder);
    }
    return JSON.stringify(value, keys); // slower, but writes the keys in exactly this order
  }
  let text = '{';
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index]!;
    if (index > 0) text += ',';
    text += `${JSON.stringify(key)}:${write((value as Record<string, unknown>)[key], depth + 1)}`;
  }
  return `${text}}`;
}

/**
 * Sorts keys in code-unit order, as `Array.prototype.sort` does: insertion sort for the short
 * lists arguments have (no scratch array, and a sorted list costs one pass), the built-in past
 * that. True when the order changed.
 */
function sortInPlace(keys: string[]): boolean {
  let reordered = false;
  if (keys.length > 16) {
    for (let index = 1; index < keys.length && !reordered; index++)
      reordered = keys[index - 1]! > keys[index]!;
    if (reordered) keys.sort();
    return reordered;
  }
  for (let index = 1; index < keys.length; index++) {
    const key = keys[index]!;
    let at = index;
    while (at > 0 && keys[at - 1]! > key) {
      keys[at] = keys[at - 1]!;
      at--;
    }
    if (at !== index) {
      keys[at] = key;
      reordered = true;
    }
  }
  return reordered;
}

/**
 * True when a key set on a new object stays where it was added: not `__proto__` (which would set
 * the prototype) and not an index-like key such as "0" (which objects list first).
 */
function keepsItsPlace(key: string): boolean {
  const first = key.charCodeAt(0);
  return key !== '__proto__' && !(first >= 48 && first <= 57);
}

/** True when every listed value is written by JSON.stringify as canonicalJson writes it. */
function allPlainValues(value: Record<string, unknown>, keys: readonly string[]): boolean {
  // anything but a plain object may have a toJSON or a primitive value (a Date, a String) that
  // JSON.stringify would write instead of its keys
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key of keys) {
    const field = value[key];
    if (
      field !== null &&
      typeof field !== 'string' &&
      typeof field !== 'number' &&
      typeof field !== 'boolean'
    )
      return false;
  }
  return true;
}
