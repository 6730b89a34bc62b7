/** The result of timing one operation: nanoseconds per call, median over rounds. */
export interface Measurement {
  name: string;
  nanosecondsPerCall: number;
}

/**
 * Times an async operation: a warm-up, then several rounds of sequential calls, reporting the
 * median round so a noisy neighbour on a shared machine moves the figure less.
 */
export async function measure(
  name: string,
  operation: () => Promise<unknown> | unknown,
  options: { iterations?: number; rounds?: number; warmup?: number } = {},
): Promise<Measurement> {
  const { iterations = 2_000, rounds = 7, warmup = 1_000 } = options;
  for (let index = 0; index < warmup; index++) await operation();
  const perRound: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const started = process.hrtime.bigint();
    for (let index = 0; index < iterations; index++) await operation();
    perRound.push(Number(process.hrtime.bigint() - started) / iterations);
  }
  perRound.sort((a, b) => a - b);
  return { name, nanosecondsPerCall: perRound[Math.floor(perRound.length / 2)]! };
}

/**
 * Times several operations round-robin: every round runs each of them in turn, so JIT warm-up
 * and a noisy neighbour fall on all of them alike rather than on whichever ran first.
 */
export async function measureInterleaved(
  operations: ReadonlyArray<readonly [name: string, operation: () => Promise<unknown> | unknown]>,
  options: { iterations?: number; rounds?: number; warmup?: number } = {},
): Promise<Measurement[]> {
  const { iterations = 2_000, rounds = 9, warmup = 5_000 } = options;
  for (const [, operation] of operations) for (let index = 0; index < warmup; index++) await operation();
  const perRound = operations.map(() => [] as number[]);
  for (let round = 0; round < rounds; round++) {
    for (const [position, [, operation]] of operations.entries()) {
      const started = process.hrtime.bigint();
      for (let index = 0; index < iterations; index++) await operation();
      perRound[position]!.push(Number(process.hrtime.bigint() - started) / iterations);
    }
  }
  return operations.map(([name], position) => {
    const sorted = perRound[position]!.sort((a, b) => a - b);
    return { name, nanosecondsPerCall: sorted[Math.floor(sorted.length / 2)]! };
  });
}

/** Prints measurements as a table, each with its ratio to `baseline`. */
export function printTable(title: string, rows: readonly Measurement[], baseline: Measurement): void {
  console.log(`\n${title}`);
  const width = Math.max(...rows.map((row) => row.name.length));
  for (const row of rows) {
    const microseconds = (row.nanosecondsPerCall / 1000).toFixed(2).padStart(9);
    const ratio = (row.nanosecondsPerCall / baseline.nanosecondsPerCall).toFixed(2).padStart(6);
    console.log(`  ${row.name.padEnd(width)}  ${microseconds} µs/call  ${ratio}× ${baseline.name}`);
  }
}
