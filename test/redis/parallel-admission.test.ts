// the cases and their expect() calls are shared by both stores: test/redis/parallel-admission.ts
import { createClient } from 'redis';
import { afterAll, beforeAll, describe } from 'vitest';
import { createRedisStore, type RedisStore } from '../../src/adapters/redis/index.js';
import { silentLogger } from '../../src/observe/logger.js';
import { type RedisServer, startRedisServer } from '../helpers/redis-server.js';
import { parallelAdmission } from './parallel-admission.js';

const connect = (url: string) =>
  createClient({ url, disableOfflineQueue: true })
    .on('error', () => {})
    .connect();

describe('parallel admission on a real Redis shared by two dispatchers', () => {
  let redis: RedisServer;
  const clients: Array<Awaited<ReturnType<typeof connect>>> = [];
  const stores: RedisStore[] = [];

  beforeAll(async () => {
    redis = await startRedisServer();
    for (let index = 0; index < 2; index++) {
      const client = await connect(redis.url);
      clients.push(client);
      stores.push(createRedisStore({ client, logger: silentLogger, operationTimeoutMs: 2_000 }));
    }
  });

  afterAll(async () => {
    for (const client of clients) await client.quit().catch(() => {});
    await redis?.stop();
  });

  parallelAdmission(() => stores);
});
