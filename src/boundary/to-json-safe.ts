import { cutClear } from '../sanitize/clear-cut.js';
import { rememberOriginalLength } from '../sanitize/original-length.js';

/** Limits for {@link toJsonSafe}. */
export interface JsonSafeLimits {
  maxDepth: number;
  maxNodes: number;
  maxStringCharacters: number;
  /**
   * The most JSON text, estimated, that the copy holds; past it, lists and objects stop growing.
   * Only what can reach the model is copied (and later sanitised), so a 250k-key result costs
   * no more than one that fits.
   * @default 2 * maxStringCharacters + 16384
   */
  maxBytes?: number;
}

/**
 * Copies any value a tool returned into plain JSON data, never throwing: BigInt becomes a
 * string, cycles become "[circular]", functions and symbols are dropped, a getter or proxy trap
 * that throws becomes "[unreadable]", and depth, node count, string length and the size of the
 * whole copy are capped. A string is cut only where no leak straddles the cut.
 */
export function toJsonSafe(value: unknown, limits: JsonSafeLimits): unknown {
  let nodes = 0;
  let bytes = 0;
  const maxBytes = limits.maxBytes ?? 2 * limits.maxStringCharacters + 16_384;
  // the path from the root, at most maxDepth long: a list scans as fast as a set hashes, and
  // unlike a set it allocates nothing as it shrinks
  const ancestors: object[] = [];
  const full = () => nodes > limits.maxNodes || bytes > maxBytes;

  const copy = (input: unknown, depth: number): unknown => {
    if (++nodes > limits.maxNodes || bytes > maxBytes) return '[omitted]';
    bytes += 1; // a separator or a bracket
    switch (typeof input) {
      case 'string': {
        const kept =
          input.length > limits.maxStringCharacters ? cutClear(input, limits.maxStringCharacters) : input;
        bytes += kept.length + 2;
        return kept;
      }
      case 'number':
        bytes += 8;
        return Number.isFinite(input) ? input : null;
      case 'boolean':
        return input;
      case 'bigint':
        return input.toString();
      case 'undefined':
      case 'function':
      case 'symbol':
        return undefined;
    }
    if (input === null) return null;
    if (depth >= limits.maxDepth) return '[too deep]';
    const object = input as object;
    if (ancestors.includes(object)) return '[circular]';
    ancestors.push(object);
    try {
      if (object instanceof Date) return Number.isNaN(object.getTime()) ? null : object.toISOString();
      const toJSON = (object as { toJSON?: unknown }).toJSON;
      if (typeof toJSON === 'function') return copy(toJSON.call(object), depth + 1);
      if (Array.isArray(object)) {
        const items: unknown[] = [];
        for (const item of object) {
          const copied = copy(item, depth + 1);
          items.push(copied === undefined ? null : copied);
          if (full()) break;
        }
        rememberOriginalLength(items, object.length);
        return items;
      }
      if (object instanceof Map) return copy(Object.fromEntries(object), depth);
      if (object instanceof Set) return copy([...object], depth);
      const result: Record<string, unknown> = {};
      for (const key of Object.keys(object)) {
        if (key === '__proto__') continue;
        let field: unknown;
        try {
          field = (object as Record<string, unknown>)[key];
        } catch {
          field = '[unreadable]';
        }
        bytes += key.length + 3;
        const copied = copy(field, depth + 1);
        if (copied !== undefined) result[key] = copied;
        if (full()) break;
      }
      return result;
    } catch {
      return '[unreadable]';
    } finally {
      ancestors.pop();
    }
  };

  return copy(value, 0);
}
