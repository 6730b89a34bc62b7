/**
 * Per-call cost of dispatch with the Redis store against the in-memory store, in the same run,
 * on a redis-server this benchmark starts on loopback; and the Redis round trips per dispatch.
 * Run alone with `npx tsx bench/redis.ts` (needs `redis-server` on the PATH).
 */
import { createClient } from 'redis';
import { z } from 'zod';
import { createRedisStore } from '../src/adapters/redis/index.js';
import { correctable, createDispatcher, defineTool, type StateStore, silentLogger } from '../src/index.js';
import { createMemoryStore } from '../src/state/index.js';
import { startRedisServer } from '../test/helpers/redis-server.js';
import { type Measurement, measure } from './measure.js';

const ITERATIONS = 1_000;

/**
 * A redis-server for the benchmark, tried twice: twice on the shared machine, one started after
 * the long sanitiser parts did not answer PING within 10 s. A second failure skips this part
 * with the reason, rather than failing the parts already printed.
 */
async function startOrExplain(): Promise<Awaited<ReturnType<typeof startRedisServer>> | undefined> {
  try {
    return await startRedisServer();
  } catch {
    try {
      return await startRedisServer();
    } catch (error) {
      console.log(`\nRedis part skipped: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  }
}

/** Runs the Redis benchmark and prints its table. */
export async function runRedisBenchmark(): Promise<void> {
  const server = await startOrExplain();
  if (server === undefined) return;
  const client = await createClient({ url: server.url, disableOfflineQueue: true })
    .on('error', () => {})
    .connect();
  try {
    const getStock = defineTool({
      name: 'check_stock',
      description: 'stock of one SKU',
      input: z.object({ sku: z.string() }),
      idempotent: true,
      run: async ({ sku }) => ({ sku, inStock: 4 }),
    });
    const badSku = defineTool({
      name: 'check_sku',
      description: 'always a correctable failure',
      input: z.object({ sku: z.string() }),
      run: async () => correctable({ error: 'bad_sku', message: 'SKU 4411 is missing its prefix.' }),
    });
    const build = (store: StateStore) =>
      createDispatcher({
        tools: [getStock, badSku],
        store,
        logger: silentLogger,
        policy: {
          maxSameFailures: 1e9,
          maxFailedCalls: 1e9,
          escalateAfterSameError: 1e9,
          retries: { correctable: 1e9 },
        },
      });
    const memory = build(createMemoryStore());
    const redisStore = createRedisStore({ client, logger: silentLogger });
    const redis = build(redisStore);
    let call = 0;
    const success = (dispatcher: ReturnType<typeof build>) => () =>
      dispatcher.dispatch(
        { id: `c${call}`, name: 'check_stock', arguments: { sku: 'SKU-1' } },
        { runId: `r${call++ % 500}` },
      );
    const failure = (dispatcher: ReturnType<typeof build>) => () =>
      dispatcher.dispatch(
        { id: `c${call}`, name: 'check_sku', arguments: { sku: `S${call}` } },
        { runId: `r${call++ % 500}` },
      );

    const roundTrips = async (operation: () => Promise<unknown>) => {
      await operation(); // first sight of a service asks the breaker's store once
      const before = redisStore.roundTrips;
      for (let index = 0; index < 200; index++) await operation();
      return (redisStore.roundTrips - before) / 200;
    };
    const options = { iterations: ITERATIONS, rounds: 7, warmup: 500 };
    const rows: Array<Measurement & { trips: number | undefined }> = [
      { ...(await measure('success, in-memory store', success(memory), options)), trips: undefined },
      {
        ...(await measure('success, Redis store', success(redis), options)),
        trips: await roundTrips(success(redis)),
      },
      { ...(await measure('failure, in-memory store', failure(memory), options)), trips: undefined },
      {
        ...(await measure('failure, Redis store', failure(redis), options)),
        trips: await roundTrips(failure(redis)),
      },
    ];
    console.log('\nDispatch with the Redis store (loopback) against the in-memory store, same run');
    const width = Math.max(...rows.map((row) => row.name.length));
    console.log(
      `  ${'path'.padEnd(width)}  ${'µs/call'.padStart(9)}  ${'ops/s'.padStart(9)}  ${'× memory'.padStart(8)}  round trips`,
    );
    for (const [index, row] of rows.entries()) {
      const baseline = rows[index - (index % 2)]!;
      console.log(
        `  ${row.name.padEnd(width)}  ${(row.nanosecondsPerCall / 1000).toFixed(2).padStart(9)}  ${Math.round(
          1e9 / row.nanosecondsPerCall,
        )
          .toLocaleString('en-US')
          .padStart(
            9,
          )}  ${(row.nanosecondsPerCall / baseline.nanosecondsPerCall).toFixed(2).padStart(8)}  ${row.trips === undefined ? '-' : row.trips.toFixed(2)}`,
      );
    }
    if (redisStore.degraded)
      console.log('  (warning: the Redis store degraded during the run; figures are not comparable)');
  } finally {
    await client.quit().catch(() => {});
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runRedisBenchmark();
