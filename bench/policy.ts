/**
 * The run policy's own per-call cost on the in-memory store, to set beside `dispatch`, and the
 * store's cost per counted failure when it holds 1,000 records against 100,000 (its default
 * cap, where every new run evicts the oldest). Run alone with `npx tsx bench/policy.ts`.
 */
import { correctable, ok, silentLogger } from '../src/index.js';
import { createEventSink } from '../src/observe/event-sink.js';
import { resolveRetryOptions } from '../src/policy/retry-options.js';
import { createRunPolicy, resolveRunPolicyOptions } from '../src/policy/run-policy.js';
import { systemClock } from '../src/state/clock.js';
import { createMemoryStore } from '../src/state/index.js';
import type { RunCommand, RunSettings } from '../src/state/state-store.js';
import { measure, measureInterleaved, printTable } from './measure.js';

const SETTINGS: RunSettings = {
  maxFailedCalls: 1_000_000,
  maxSameFailures: 1_000_000,
  shortCircuitUnavailable: true,
  idleTtlMs: 3_600_000,
  maxLifetimeMs: 86_400_000,
  maxKeys: 256,
};
const FAILURE: RunCommand = {
  kind: 'settle',
  id: '',
  call: 'c',
  failure: { error: 'e', class: 'k', fatal: false },
};

/** A memory store filled to `records` runs, at its cap, so that each new run evicts the oldest. */
async function fullStore(records: number) {
  const store = createMemoryStore({ maxRecords: records });
  for (let index = 0; index < records; index++) await store.updateRun(`run:${index}`, FAILURE, SETTINGS);
  let next = records;
  return {
    newRun: () => store.updateRun(`run:${next++}`, FAILURE, SETTINGS),
    existingRun: () => store.updateRun(`run:${next - 1 - (next % 500)}`, FAILURE, SETTINGS),
  };
}

/** Runs the policy benchmark and prints its tables. */
export async function runPolicyBenchmark(): Promise<void> {
  const policy = createRunPolicy({
    store: createMemoryStore(),
    options: resolveRunPolicyOptions({
      maxSameFailures: 1_000_000,
      maxFailedCalls: 1_000_000,
      escalateAfterSameError: 1_000_000,
    }),
    retry: resolveRetryOptions(),
    emit: createEventSink(silentLogger, []),
    clock: systemClock,
  });
  const success = ok({ fine: true });
  const failure = correctable({ error: 'bad_sku', message: 'SKU 4411 is missing its prefix.' });
  let run = 0;
  const call = async (outcome: typeof success | typeof failure) => {
    const runId = `r${run++ % 1000}`;
    const request = { runId, toolName: 'check_stock', argumentsKey: `k${run}`, timeoutMs: 1_000 };
    const reservation = await policy.reserve(request);
    await policy.record({ ...request, toolCallId: 'c', outcome, reservation });
  };
  const noop = await measure('empty async call (baseline)', async () => undefined);
  printTable(
    'Run policy per call, in-memory store (reserve + record)',
    [
      noop,
      await measure('policy on a success', () => call(success)),
      await measure('policy on a failure', () => call(failure)),
    ],
    noop,
  );

  const small = await fullStore(1_000);
  const large = await fullStore(100_000);
  const rows = await measureInterleaved(
    [
      ['failure into a new run, 1k records (evicts)', small.newRun],
      ['failure into a new run, 100k records (evicts)', large.newRun],
      ['failure into a known run, 1k records', small.existingRun],
      ['failure into a known run, 100k records', large.existingRun],
    ],
    { iterations: 20_000, rounds: 9, warmup: 20_000 },
  );
  printTable('Memory store, one counted failure, by records held', rows, rows[0]!);
}

if (import.meta.url === `file://${process.argv[1]}`) await runPolicyBenchmark();
