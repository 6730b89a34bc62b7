/**
 * Sanitiser benchmark: throughput on benign text, growth on crafted inputs for every rule next to
 * the seed's regex list, the per-call cost of sanitizeOutcome, the cost of a huge result and a
 * huge argument next to the floor the runtime sets, and @secretlint/core as a candidate for the
 * credential rules. Run alone with `npx tsx bench/sanitize.ts`, or call runSanitizerBenchmark().
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lintSource } from '@secretlint/core';
import { creator as recommendedPreset } from '@secretlint/secretlint-rule-preset-recommend';
import { z } from 'zod';
import { createDispatcher, defineTool, silentLogger } from '../src/index.js';
import type { Outcome } from '../src/outcome/outcome.js';
import { findLeaks } from '../src/sanitize/find-leaks.js';
import { LEAK_RULES } from '../src/sanitize/leak-rules.js';
import { sanitizeOutcome } from '../src/sanitize/sanitize-outcome.js';
import { CRAFTED_UNITS, repeatTo } from '../test/helpers/crafted-inputs.js';

/** The seed's list, reproduced to measure it; toolbound does not use it. */
const SEED_PATTERNS = [
  /\b(?:at\s+\w+\.\w+\s+\(|Error:\s|\w+Error\b)/,
  /\b(?:select|insert|update|delete)\s+.*\bfrom\b/i,
  /\b(?:postgres|redis|mongodb):\/\//,
  /\b(?:\/Users\/|\/home\/|\/var\/)/,
  /\b[A-Za-z0-9_-]{32,}\b/,
];

const KILOBYTE = 1024;
const SIZES = [10 * KILOBYTE, 100 * KILOBYTE, 1024 * KILOBYTE];
/** When the seed's list needs longer than this at 100 KB, its 1 MB run is skipped. */
const SEED_SKIP_AFTER_MS = 250;

function timeMs(run: () => void): number {
  const started = process.hrtime.bigint();
  run();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

/** Median of `runs` timings after `warmups` untimed calls. */
function medianMs(run: () => void, runs = 5, warmups = 1): number {
  for (let index = 0; index < warmups; index += 1) run();
  const samples = Array.from({ length: runs }, () => timeMs(run)).sort((left, right) => left - right);
  return samples[Math.floor(samples.length / 2)] ?? 0;
}

/**
 * Times two runs in turn, `runs` times each after one warm-up of both, so that both sizes meet the
 * same compiled code and the same neighbours; each list comes back sorted.
 */
function interleavedSamplesMs(first: () => void, second: () => void, runs: number): [number[], number[]] {
  first();
  second();
  const firstSamples: number[] = [];
  const secondSamples: number[] = [];
  for (let index = 0; index < runs; index += 1) {
    firstSamples.push(timeMs(first));
    secondSamples.push(timeMs(second));
  }
  const ascending = (left: number, right: number) => left - right;
  return [firstSamples.sort(ascending), secondSamples.sort(ascending)];
}

function runSeed(text: string): void {
  for (const pattern of SEED_PATTERNS) pattern.test(text);
}

function format(value: number | undefined, digits = 2): string {
  return value === undefined ? 'skipped' : value.toFixed(digits);
}

function benignText(length: number): string {
  const corpus = JSON.parse(readFileSync(corpusPath('benign.json'), 'utf8')) as {
    text: string;
  }[];
  return repeatTo(corpus.map((sample) => sample.text).join('\n'), length);
}

interface GrowthRow {
  input: string;
  oursMs: number[];
  seedMs: (number | undefined)[];
}

function measureGrowth(): GrowthRow[] {
  const rows: GrowthRow[] = [];
  for (const [name, unit] of Object.entries(CRAFTED_UNITS)) {
    const oursMs: number[] = [];
    const seedMs: (number | undefined)[] = [];
    for (const size of SIZES) {
      const text = repeatTo(unit, size);
      oursMs.push(medianMs(() => findLeaks(text), size >= 1024 * KILOBYTE ? 3 : 5));
      const previous = seedMs[seedMs.length - 1];
      seedMs.push(
        previous !== undefined && previous > SEED_SKIP_AFTER_MS
          ? undefined
          : medianMs(() => runSeed(text), size >= 1024 * KILOBYTE ? 1 : 3, size >= 1024 * KILOBYTE ? 0 : 1),
      );
    }
    rows.push({ input: name, oursMs, seedMs });
  }
  return rows;
}

interface RuleGrowth {
  rule: string;
  /** The crafted unit on which this rule's 1 MB time is longest, and that time. */
  slowestInput: string;
  slowestMegabyteMs: number;
  /**
   * The largest 1 MB / 100 KB ratio of the fastest of five runs each, over the units where the
   * rule takes at least 10 ms on 1 MB.
   */
  worstRatio: number;
  worstRatioInput: string;
}

/**
 * Each rule on its own, on every crafted unit: its slowest 1 MB (the median of five runs) and its
 * worst growth from 100 KB to 1 MB. Each size is a text of its own (a slice of the megabyte is a
 * view into it), timed in turn with the other, and the growth compares the fastest run of each:
 * on a shared machine a neighbour's burst lands in some runs and not others, and the fastest run
 * is the one it spared. Below 10 ms on 1 MB (about 1 ms on 100 KB) the ratio is still timer noise,
 * so those units do not count towards it.
 */
function measureRuleGrowth(): RuleGrowth[] {
  return LEAK_RULES.map((rule) => {
    const row: RuleGrowth = {
      rule: rule.name,
      slowestInput: '',
      slowestMegabyteMs: 0,
      worstRatio: 0,
      worstRatioInput: '',
    };
    for (const [name, unit] of Object.entries(CRAFTED_UNITS)) {
      const megabyte = repeatTo(unit, 1024 * KILOBYTE);
      const tenth = repeatTo(unit, 100 * KILOBYTE);
      const [megabyteRuns, tenthRuns] = interleavedSamplesMs(
        () => rule.find(megabyte),
        () => rule.find(tenth),
        5,
      );
      const megabyteMs = megabyteRuns[2] ?? 0;
      if (megabyteMs > row.slowestMegabyteMs) {
        row.slowestMegabyteMs = megabyteMs;
        row.slowestInput = name;
      }
      const ratio = (megabyteRuns[0] ?? 0) / Math.max(tenthRuns[0] ?? 0, 0.01);
      if (megabyteMs >= 10 && ratio > row.worstRatio) {
        row.worstRatio = ratio;
        row.worstRatioInput = name;
      }
    }
    return row;
  });
}

/**
 * A dispatch that returns 250,000 keys and one sent an 868 KiB argument that fails validation,
 * next to the floor each sits on: listing the keys of such an object (`Object.keys`, which V8
 * must sort for a dictionary-mode object) and zod's own `safeParse` of the argument.
 */
async function measureBoundedCost(): Promise<Record<string, string>[]> {
  const big: Record<string, string> = {};
  for (let index = 0; index < 250_000; index += 1) big[`key_${index}`] = `value ${index}`;
  const schema = z.object({ items: z.array(z.number()) });
  const argumentText = JSON.stringify({
    items: Array.from({ length: 60_000 }, (_, index) => `item-${index}`),
  });
  const dispatcher = createDispatcher({
    tools: [
      defineTool({ name: 'big', description: 'd', input: z.object({}), run: async () => big }),
      defineTool({ name: 'sum', description: 'd', input: schema, run: async () => 0 }),
    ],
    logger: silentLogger,
  });
  const asyncMedianMs = async (run: () => Promise<unknown>, runs = 7): Promise<number> => {
    await run();
    const samples: number[] = [];
    for (let index = 0; index < runs; index += 1) {
      const started = performance.now();
      await run();
      samples.push(performance.now() - started);
    }
    samples.sort((left, right) => left - right);
    return samples[Math.floor(samples.length / 2)] ?? 0;
  };
  const resultMs = await asyncMedianMs(() => dispatcher.dispatch({ id: 'c', name: 'big', arguments: {} }));
  const keysMs = medianMs(() => Object.keys(big), 7);
  const argumentMs = await asyncMedianMs(() =>
    dispatcher.dispatch({ id: 'c', name: 'sum', arguments: argumentText }),
  );
  const parseMs = medianMs(() => schema.safeParse(JSON.parse(argumentText)), 7);
  return [
    {
      case: '250k-key result',
      'dispatch (ms)': format(resultMs),
      'floor (ms)': format(keysMs),
      floor: 'Object.keys',
      'dispatch / floor': format(resultMs / keysMs, 1),
    },
    {
      case: '868 KiB argument, 60k issues',
      'dispatch (ms)': format(argumentMs),
      'floor (ms)': format(parseMs),
      floor: 'JSON.parse + zod safeParse',
      'dispatch / floor': format(argumentMs / parseMs, 1),
    },
  ];
}

/**
 * What a user meets: a tool that returns 1 MB of each crafted unit, as a string and as a field
 * of an object, through `dispatch`, which sanitises only what the content limit keeps plus a
 * margin past the cut. Medians of three; the slowest units first.
 */
async function measureCraftedDispatch(): Promise<Record<string, string>[]> {
  let current: unknown = '';
  const dispatcher = createDispatcher({
    tools: [defineTool({ name: 'crafted', description: 'd', input: z.object({}), run: async () => current })],
    logger: silentLogger,
  });
  const rows: { input: string; ms: number; shape: string }[] = [];
  for (const [name, unit] of Object.entries(CRAFTED_UNITS)) {
    const megabyte = repeatTo(unit, 1024 * KILOBYTE);
    for (const [shape, value] of [
      ['string', megabyte],
      ['{ detail }', { detail: megabyte }],
    ] as const) {
      current = value;
      await dispatcher.dispatch({ id: 'c', name: 'crafted', arguments: {} });
      const samples: number[] = [];
      for (let run = 0; run < 3; run += 1) {
        const started = performance.now();
        await dispatcher.dispatch({ id: 'c', name: 'crafted', arguments: {} });
        samples.push(performance.now() - started);
      }
      samples.sort((left, right) => left - right);
      rows.push({ input: name, shape, ms: samples[1] ?? 0 });
    }
  }
  rows.sort((left, right) => right.ms - left.ms);
  return rows
    .slice(0, 6)
    .map((row) => ({ input: row.input, returned: row.shape, 'dispatch (ms)': format(row.ms) }));
}

const OK_DATA = {
  orderId: 'ORD-8821',
  status: 'shipped',
  carrier: 'DHL',
  eta: '2024-05-03',
  items: [{ sku: 'SKU-4411', quantity: 2, price: 19.99 }],
  reference: '550e8400-e29b-41d4-a716-446655440000',
};
const OK_RESULT: Outcome = { class: 'ok', ok: true, data: OK_DATA };

/** Microseconds per sanitizeOutcome call on a typical ~200-byte ok result. */
function perCallMicroseconds(): number {
  const calls = 20_000;
  for (let index = 0; index < 2_000; index += 1) sanitizeOutcome(OK_RESULT);
  const elapsedMs = medianMs(() => {
    for (let index = 0; index < calls; index += 1) sanitizeOutcome(OK_RESULT);
  }, 5);
  return (elapsedMs * 1000) / calls;
}

/**
 * The same, with every string value new on each call, so the sanitiser's memory of clean short
 * strings only helps with the keys: the cost of data it has never seen.
 */
function coldPerCallMicroseconds(): number {
  const calls = 20_000;
  let serial = 0;
  const fresh = (): Outcome => {
    serial += 1;
    const data = JSON.parse(JSON.stringify(OK_DATA).replace(/":"([^"]*)"/g, `":"$1 ${serial}"`)) as unknown;
    return { class: 'ok', ok: true, data };
  };
  const inputs = Array.from({ length: calls }, fresh);
  const elapsedMs = medianMs(() => {
    for (const input of inputs) sanitizeOutcome(input);
    for (let index = 0; index < calls; index += 1) inputs[index] = fresh();
  }, 5);
  const rebuildMs = medianMs(() => {
    for (let index = 0; index < calls; index += 1) inputs[index] = fresh();
  }, 5);
  return ((elapsedMs - rebuildMs) * 1000) / calls;
}

async function secretlintFinds(content: string): Promise<boolean> {
  const result = await lintSource({
    source: { filePath: '/tool-result.txt', content, contentType: 'text' },
    options: {
      config: { rules: [{ id: '@secretlint/secretlint-rule-preset-recommend', rule: recommendedPreset }] },
      noPhysicFilePath: true,
    },
  });
  return result.messages.length > 0;
}

interface SecretlintFigures {
  perCallMicroseconds: number;
  perMegabyteMs: number;
  credentialRecall: number;
  overallRecall: number;
  falsePositiveRate: number;
  oursCredentialRecall: number;
}

async function evaluateSecretlint(): Promise<SecretlintFigures> {
  const small = JSON.stringify(OK_RESULT);
  for (let index = 0; index < 50; index += 1) await secretlintFinds(small);
  const calls = 500;
  const started = performance.now();
  for (let index = 0; index < calls; index += 1) await secretlintFinds(small);
  const perCall = ((performance.now() - started) * 1000) / calls;
  const megabyte = benignText(1024 * KILOBYTE);
  await secretlintFinds(megabyte);
  const megabyteSamples: number[] = [];
  for (let index = 0; index < 3; index += 1) {
    const begun = performance.now();
    await secretlintFinds(megabyte);
    megabyteSamples.push(performance.now() - begun);
  }
  megabyteSamples.sort((left, right) => left - right);
  const leaks = JSON.parse(readFileSync(corpusPath('leaks.json'), 'utf8')) as {
    family: string;
    text: string;
  }[];
  const benign = JSON.parse(readFileSync(corpusPath('benign.json'), 'utf8')) as {
    text: string;
  }[];
  const credentials = leaks.filter((sample) => sample.family === 'credential');
  let credentialHits = 0;
  let allHits = 0;
  let benignHits = 0;
  for (const sample of leaks) {
    const found = await secretlintFinds(sample.text);
    if (found) allHits += 1;
    if (found && sample.family === 'credential') credentialHits += 1;
  }
  for (const sample of benign) if (await secretlintFinds(sample.text)) benignHits += 1;
  const oursCredentialHits = credentials.filter((sample) => findLeaks(sample.text).length > 0).length;
  return {
    perCallMicroseconds: perCall,
    perMegabyteMs: megabyteSamples[1] ?? 0,
    credentialRecall: credentialHits / credentials.length,
    overallRecall: allHits / leaks.length,
    falsePositiveRate: benignHits / benign.length,
    oursCredentialRecall: oursCredentialHits / credentials.length,
  };
}

/** The labelled corpus, read from the project root (`npm run bench` runs there, compiled or not). */
function corpusPath(file: string): string {
  return join(process.cwd(), 'test', 'corpus', file);
}

/** Runs every measurement and prints one table per question; returns when done. */
export async function runSanitizerBenchmark(): Promise<void> {
  const megabyte = benignText(1024 * KILOBYTE);
  const benignMs = medianMs(() => findLeaks(megabyte), 5);
  console.log('\n## Sanitiser: throughput on 1 MB of benign text');
  console.table([{ 'time (ms)': format(benignMs), 'throughput (MB/s)': format(1000 / benignMs, 1) }]);

  console.log(
    '\n## Sanitiser: each rule on its own, over every crafted input (goal: 1 MB < 50 ms, 1 MB/100 KB <= 12)',
  );
  console.table(
    measureRuleGrowth().map((row) => ({
      rule: row.rule,
      'slowest 1 MB (ms)': format(row.slowestMegabyteMs),
      'on input': row.slowestInput,
      'worst 1 MB/100 KB, fastest runs': format(row.worstRatio, 1),
      'ratio on input': row.worstRatioInput,
    })),
  );

  console.log('\n## Dispatch: a huge result and a huge argument, next to the runtime floor (goal < 50 ms)');
  console.table(await measureBoundedCost());

  console.log(
    `\n## Dispatch: a tool returns 1 MB of each of the ${Object.keys(CRAFTED_UNITS).length} crafted units (goal < 50 ms); the six slowest`,
  );
  console.table(await measureCraftedDispatch());

  console.log(
    '\n## Sanitiser: every rule together on crafted inputs, ours vs the seed regex list (median ms)',
  );
  console.log(`The seed list skips 1 MB when 100 KB already took over ${SEED_SKIP_AFTER_MS} ms.`);
  console.table(
    measureGrowth().map((row) => ({
      input: row.input,
      'ours 10KB': format(row.oursMs[0]),
      'ours 100KB': format(row.oursMs[1]),
      'ours 1MB': format(row.oursMs[2]),
      'ours 1MB/100KB': format((row.oursMs[2] ?? 0) / (row.oursMs[1] ?? 1), 1),
      'seed 10KB': format(row.seedMs[0]),
      'seed 100KB': format(row.seedMs[1]),
      'seed 1MB': format(row.seedMs[2]),
      'seed 1MB/100KB':
        row.seedMs[2] === undefined ? 'n/a' : format((row.seedMs[2] ?? 0) / (row.seedMs[1] ?? 1), 1),
      'seed 100KB/10KB': format((row.seedMs[1] ?? 0) / (row.seedMs[0] ?? 1), 1),
    })),
  );

  console.log('\n## Sanitiser: per call on a ~200-byte ok result');
  console.table([
    {
      'repeated strings, as tool data repeats keys (µs/call)': format(perCallMicroseconds()),
      'every value new, nothing remembered (µs/call)': format(coldPerCallMicroseconds()),
    },
  ]);

  console.log('\n## @secretlint/core lintSource + preset-recommend (async)');
  const secretlint = await evaluateSecretlint();
  console.table([
    {
      'per 200-byte call (µs)': format(secretlint.perCallMicroseconds, 0),
      'per 1 MB (ms)': format(secretlint.perMegabyteMs, 0),
      'credential recall': format(secretlint.credentialRecall, 3),
      'recall, all families': format(secretlint.overallRecall, 3),
      'false-positive rate': format(secretlint.falsePositiveRate, 3),
      'ours, credential recall': format(secretlint.oursCredentialRecall, 3),
    },
  ]);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runSanitizerBenchmark();
}
