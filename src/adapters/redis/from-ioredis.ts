import type { RedisScriptClient } from './redis-script-client.js';

/** The part of an ioredis client (`new Redis()` or `new Redis.Cluster()`) the store uses. */
export interface IoredisClient {
  evalsha(sha: string, numberOfKeys: number, ...keysAndArguments: string[]): Promise<unknown>;
  eval(script: string, numberOfKeys: number, ...keysAndArguments: string[]): Promise<unknown>;
  /** SCRIPT subcommands; `script('LOAD', source)` loads one. */
  script?(subcommand: 'LOAD', script: string): Promise<unknown>;
}

/**
 * Adapts an ioredis client, which is not a dependency of toolbound: install it yourself.
 * @example createRedisStore({ client: fromIoredis(new Redis(url, { enableOfflineQueue: false })) })
 */
export function fromIoredis(client: IoredisClient): RedisScriptClient {
  const adapted: RedisScriptClient = {
    evalShaScript: (sha, keys, args) => client.evalsha(sha, keys.length, ...keys, ...args),
    evalScript: (script, keys, args) => client.eval(script, keys.length, ...keys, ...args),
  };
  if (typeof client.script === 'function') adapted.loadScript = (script) => client.script!('LOAD', script);
  return adapted;
}
