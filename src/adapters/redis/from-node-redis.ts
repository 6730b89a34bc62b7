import type { RedisScriptClient } from './redis-script-client.js';

/** The part of a node-redis (v5 or v6) client or cluster client the store uses. */
export interface NodeRedisClient {
  evalSha(sha1: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
  /** SCRIPT LOAD; a single client has it (a cluster client loads on first EVAL instead). */
  scriptLoad?(script: string): Promise<unknown>;
}

/**
 * Adapts a node-redis client (`createClient()` or `createCluster()` from the `redis` package).
 * @example const scripts = fromNodeRedis(await createClient({ url }).connect());
 */
export function fromNodeRedis(client: NodeRedisClient): RedisScriptClient {
  const adapted: RedisScriptClient = {
    evalShaScript: (sha, keys, args) => client.evalSha(sha, { keys: [...keys], arguments: [...args] }),
    evalScript: (script, keys, args) => client.eval(script, { keys: [...keys], arguments: [...args] }),
  };
  if (typeof client.scriptLoad === 'function') adapted.loadScript = (script) => client.scriptLoad!(script);
  return adapted;
}
