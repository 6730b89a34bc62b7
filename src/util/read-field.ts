/**
 * Reads `source[key]` without ever throwing: a non-object, a getter that throws or a Proxy trap
 * that throws all read as undefined. For values a tool threw or returned, which may be hostile.
 */
export function readField(source: unknown, key: string): unknown {
  try {
    return typeof source === 'object' && source !== null
      ? (source as Record<string, unknown>)[key]
      : undefined;
  } catch {
    return undefined;
  }
}
