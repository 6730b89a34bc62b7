/** Limits for {@link toJsonSafe}. */
export interface JsonSafeLimits {
  maxDepth: number;
  maxNodes: number;
  maxStringCharacters: number;
}

/**
 * Copies any value a tool returned into plain JSON data, never throwing: BigInt becomes a
 * string, cycles become "[circular]", functions and symbols are dropped, a getter or proxy trap
 * that throws becomes "[unreadable]", and depth, node count and string length are capped.
 */
export function toJsonSafe(value: unknown, limits: JsonSafeLimits): unknown {
  let nodes = 0;
  const ancestors = new Set<object>();

  const copy = (input: unknown, depth: number): unknown => {
    if (++nodes > limits.maxNodes) return '[omitted]';
    switch (typeof input) {
      case 'string':
        return input.length > limits.maxStringCharacters ? input.slice(0, limits.maxStringCharacters) : input;
      case 'number':
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
    if (ancestors.has(object)) return '[circular]';
    ancestors.add(object);
    try {
      if (object instanceof Date) return Number.isNaN(object.getTime()) ? null : object.toISOString();
      const toJSON = (object as { toJSON?: unknown }).toJSON;
      if (typeof toJSON === 'function') return copy(toJSON.call(object), depth + 1);
      if (Array.isArray(object)) {
        const items: unknown[] = [];
        for (const item of object) {
          const copied = copy(item, depth + 1);
          items.push(copied === undefined ? null : copied);
          if (nodes > limits.maxNodes) break;
        }
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
        const copied = copy(field, depth + 1);
        if (copied !== undefined) result[key] = copied;
        if (nodes > limits.maxNodes) break;
      }
      return result;
    } catch {
      return '[unreadable]';
    } finally {
      ancestors.delete(object);
    }
  };

  return copy(value, 0);
}
