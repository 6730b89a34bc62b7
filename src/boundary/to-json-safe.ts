import { cutClear } from '../sanitize/clear-cut.js';
import { rememberOriginalLength } from '../sanitize/original-length.js';
import { isSecretByKeyName, secretKeyStrength } from '../sanitize/redact-by-key-name.js';
import { isStrictlyCleanText, markCleanCopy } from '../sanitize/redact-value.js';
import type { KeyStrength } from '../sanitize/rules/secret-key-names.js';

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
export function toJsonSafe(value: unknown, limits: JsonSafeLimits, checkClean = false): unknown {
  let nodes = 0;
  // while checking: each string and key of the copy is read as the sanitiser's clean walk reads
  // it (under every rule, the strictest allowlist), and the rows of a list repeat their keys, so
  // the last object's keys and their strengths are compared rather than checked again
  let clean = checkClean;
  let lastKeys: readonly string[] | undefined;
  let lastStrengths: KeyStrength[] | undefined;
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
          if (clean && typeof copied === 'string' && !isStrictlyCleanText(copied)) clean = false;
          items.push(copied === undefined ? null : copied);
          if (full()) break;
        }
        rememberOriginalLength(items, object.length);
        return items;
      }
      if (object instanceof Map) return copy(Object.fromEntries(object), depth);
      if (object instanceof Set) return copy([...object], depth);
      const result: Record<string, unknown> = {};
      const keys = Object.keys(object);
      // a row with the keys of the last one checked reuses their strengths; any other object has
      // its keys checked one by one as they are copied (only what is kept is read)
      const known =
        clean && lastStrengths !== undefined && sameKeys(keys, lastKeys) ? lastStrengths : undefined;
      const strengths: KeyStrength[] | undefined = clean && known === undefined ? [] : undefined;
      for (let index = 0; index < keys.length; index++) {
        const key = keys[index]!;
        let strength: KeyStrength = 'none';
        if (known !== undefined) strength = known[index]!;
        else if (strengths !== undefined && clean) {
          if (!isStrictlyCleanText(key)) clean = false;
          strength = secretKeyStrength(key);
          strengths.push(strength);
        }
        if (key === '__proto__') continue;
        let field: unknown;
        try {
          field = (object as Record<string, unknown>)[key];
        } catch {
          field = '[unreadable]';
        }
        bytes += key.length + 3;
        const copied = copy(field, depth + 1);
        if (clean && typeof copied === 'string') {
          if ((strength !== 'none' && isSecretByKeyName(strength, copied)) || !isStrictlyCleanText(copied))
            clean = false;
        }
        if (copied !== undefined) result[key] = copied;
        if (full()) break;
      }
      if (clean && strengths !== undefined && strengths.length === keys.length) {
        lastKeys = keys;
        lastStrengths = strengths;
      }
      return result;
    } catch {
      return '[unreadable]';
    } finally {
      ancestors.pop();
    }
  };

  const copied = copy(value, 0);
  if (clean && typeof copied === 'object' && copied !== null) markCleanCopy(copied);
  return copied;
}

/** Whether two key lists hold the same keys in the same order. */
function sameKeys(keys: readonly string[], last: readonly string[] | undefined): boolean {
  if (last === undefined || last.length !== keys.length) return false;
  for (let index = 0; index < keys.length; index++) if (keys[index] !== last[index]) return false;
  return true;
}
