/**
 * The run policy's own per-call cost on the in-memory store, to set beside `dispatch`.
 * Run alone with `npx tsx bench/policy.ts`.
 */
import { correctable, ok, silentLogger } from '../src/index.js';
import { createEventSink } from '../src/observe/event-sink.js';
import { createRunPolicy, resolveRunPolicyOptions } from '../src/policy/run-policy.js';
import { systemClock } from '../src/state/clock.js';
import { createMemoryStore } from '../src/state/index.js';
import { measure, printTable } from './measure.js';

/** Runs the policy benchmark and prints its table. */
export async function runPolicyBenchmark(): Promise<void> {
  const policy = createRunPolicy(
    createMemoryStore(),
    resolveRunPolicyOptions({
      maxSameFailures: 1_000_000,
      maxFailedCalls: 1_000_000,
      escalateAfterSameError: 1_000_000,
    }),
    createEventSink(silentLogger, []),
    systemClock,
  );
  const success = ok({ fine: true });
  const failure = correctable({ error: 'bad_sku', message: 'SKU 4411 is missing its prefix.' });
  let run = 0;
  const noop = await measure('empty async call (baseline)', async () => undefined);
  const rows = [
    noop,
    await measure('policy on a success (admit + record)', async () => {
      const runId = `r${run++ % 1000}`;
      await policy.admit(runId, 'check_stock');
      await policy.record(runId, 'check_stock', 'c', '', success);
    }),
    await measure('policy on a failure (admit + record)', async () => {
      const runId = `r${run++ % 1000}`;
      await policy.admit(runId, 'check_stock');
      await policy.record(runId, 'check_stock', 'c', 'key', failure);
    }),
  ];
  printTable('Run policy per call, in-memory store', rows, noop);
}

if (import.meta.url === `file://${process.argv[1]}`) await runPolicyBenchmark();
