import { createHash } from 'node:crypto';

/**
 * A short, stable key for a set of arguments: key order and whitespace do not change it, so
 * `{"a":1,"b":2}` and `{ "b": 2, "a": 1 }` count as the same call.
 */
export function canonicalArgumentsKey(args: unknown): string {
  return createHash('sha256').update(stableStringify(args, 0)).digest('base64url').slice(0, 22);
}

function stableStringify(value: unknown, depth: number): string {
  if (depth > 100) return '"…"';
  if (Array.isArray(value)) return `[${value.map((item) => stableStringify(item, depth + 1)).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${stableStringify((value as Record<string, unknown>)[key], depth + 1)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
