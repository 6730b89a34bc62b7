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
  let keys = Object.keys(value);
  for (let index = 1; index < keys.length; index++) {
    if (keys[index - 1]! > keys[index]!) {
      keys = keys.sort();
      break;
    }
  }
  let text = '{';
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index]!;
    if (index > 0) text += ',';
    text += `${JSON.stringify(key)}:${write((value as Record<string, unknown>)[key], depth + 1)}`;
  }
  return `${text}}`;
}
