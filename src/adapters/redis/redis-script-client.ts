/**
 * The two commands the Redis store needs from a client: EVALSHA and EVAL, with keys and
 * arguments as strings. A node-redis client is adapted for you; wrap anything else (ioredis,
 * a cluster client, a proxy) in an object of this shape, for example with `fromIoredis`.
 */
export interface RedisScriptClient {
  /** Runs a cached script by its SHA1; rejects with an error whose message starts with NOSCRIPT when Redis lacks it. */
  evalShaScript(sha: string, keys: readonly string[], args: readonly string[]): Promise<unknown>;
  /** Runs a script from its source, which also caches it for later EVALSHA calls. */
  evalScript(script: string, keys: readonly string[], args: readonly string[]): Promise<unknown>;
  /**
   * Loads a script into Redis's cache (SCRIPT LOAD) without running it. With it, the store loads
   * its scripts once up front and once after a NOSCRIPT, instead of sending the source with
   * every operation that meets a cold cache.
   */
  loadScript?(script: string): Promise<unknown>;
}

/** True for a value already shaped as a {@link RedisScriptClient}. */
export function isRedisScriptClient(value: unknown): value is RedisScriptClient {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Partial<RedisScriptClient>).evalShaScript === 'function' &&
    typeof (value as Partial<RedisScriptClient>).evalScript === 'function'
  );
}
