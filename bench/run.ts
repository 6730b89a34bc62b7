/**
 * `npm run bench`: every benchmark, each printing its own ratios against peers and baselines
 * measured in the same run. It runs compiled by tsc (see tsconfig.bench.json), so no loader adds
 * work of its own. Timings are medians of several rounds; the machine is shared, so compare the
 * ratios, not the absolute figures.
 */
import { runPeersBenchmark } from './peers.js';
import { runPolicyBenchmark } from './policy.js';
import { runRedisBenchmark } from './redis.js';
import { runSanitizerBenchmark } from './sanitize.js';

console.log(`toolbound benchmarks on Node ${process.version}, ${new Date().toISOString()}`);
await runPeersBenchmark();
await runPolicyBenchmark();
await runSanitizerBenchmark();
await runRedisBenchmark();
