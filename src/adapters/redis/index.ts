/**
 * `toolbound/redis`: a StateStore on Redis, so that several processes share run counters and
 * circuit breakers. The `redis` package (node-redis) is an optional peer dependency; ioredis
 * works through `fromIoredis`.
 */
export {
  createRedisStore,
  type RedisStore,
  type RedisStoreOptions,
} from './create-redis-store.js';
export { fromIoredis, type IoredisClient } from './from-ioredis.js';
export { fromNodeRedis, type NodeRedisClient } from './from-node-redis.js';
export { isRedisScriptClient, type RedisScriptClient } from './redis-script-client.js';
export { REDIS_SCRIPTS, type RedisScript } from './redis-scripts.js';
