/**
 * toolbound's boundary against the frameworks users already run, side by side in one process:
 * the same zod tool, schema and arguments for every contender, timed round-robin. Each scenario
 * reports the median of the per-round ratios (toolbound's time over the peer's, in the same
 * round), so a noisy neighbour moves both sides of a ratio alike. Allocation is measured with
 * V8's GC profiler over a long loop: bytes allocated per call, and bytes promoted to the old
 * generation per call (what outlives the young generation and costs a major GC later).
 *
 * `--smoke` runs a short version and compares each ratio with bench/baseline.json, failing only
 * when one is worse than twice its baseline: machines differ, ratios travel. The committed
 * baseline is, per ratio, the worst of three `--smoke --write-baseline` runs on the shared CI
 * machine, so that its usual load does not fail CI and a real regression still does.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { GCProfiler, getHeapSpaceStatistics } from 'node:v8';
import { asSchema, executeTool, safeParseJSON } from '@ai-sdk/provider-utils';
import { AIMessage } from '@langchain/core/messages';
import { tool as langchainTool } from '@langchain/core/tools';
import { ToolNode } from '@langchain/langgraph/prebuilt';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { tool as openaiAgentsTool, RunContext } from '@openai/agents-core';
import { z } from 'zod';
import { registerMcpTools } from '../src/adapters/mcp/index.js';
import { createDispatcher, defineTool, jsonLineLogger, silentLogger } from '../src/index.js';

const SMOKE = process.argv.includes('--smoke');
const WRITE_BASELINE = process.argv.includes('--write-baseline');
/** `--only success` (or typo, throws, large, mcp, allocation) runs one part and skips the rest, for quick checks. */
const ONLY = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const BASELINE_FILE = new URL('../../bench/baseline.json', import.meta.url);

const input = z.object({
  sku: z.string().regex(/^SKU-\d{4}$/),
  quantity: z.number().int().min(1).max(50),
  warehouse: z.enum(['north', 'south', 'east']),
});
type Input = z.infer<typeof input>;
const goodArguments = JSON.stringify({ sku: 'SKU-4411', quantity: 3, warehouse: 'north' });
const typoArguments = JSON.stringify({ sku: 'SKU-4411', quantity: 3, warehouse: 'nort' });

/** About 100 bytes, as a typical lookup returns. */
const stock = (sku: string) => ({
  sku,
  available: 42,
  reserved: 3,
  warehouse: 'north',
  updated: '2026-11-30T05:00:00Z',
});
/** About 20 KB: 160 rows of order history. */
const HISTORY = Array.from({ length: 160 }, (_, index) => ({
  order: `ORD-${10_000 + index}`,
  sku: `SKU-${1000 + index}`,
  quantity: (index % 7) + 1,
  status: index % 3 === 0 ? 'shipped' : 'delivered',
  placed: '2026-11-30T05:00:00Z',
}));
/** The failure frameworks meet every day: an internal connection refused. */
const failing = () => {
  throw new Error('connect ECONNREFUSED 10.0.3.7:5432 (orders-db)');
};

type Scenario = 'success' | 'typo' | 'throws' | 'large';
type Run = (scenario: Scenario) => Promise<unknown>;

const SCENARIOS = ['success', 'typo', 'throws', 'large'] as const;

/** One contender object per scenario, built once before timing starts. */
function perScenario<T>(make: (scenario: Scenario) => T): Record<Scenario, T> {
  return { success: make('success'), typo: make('typo'), throws: make('throws'), large: make('large') };
}

function argumentsFor(scenario: Scenario): string {
  return scenario === 'typo' ? typoArguments : goodArguments;
}

function runFor(scenario: Scenario) {
  return async ({ sku }: Input) => {
    if (scenario === 'throws') failing();
    return scenario === 'large' ? HISTORY : stock(sku);
  };
}

/** toolbound's dispatcher; the throw scenario logs through the default JSON-line logger. */
function toolbound(): Run {
  const devNull = new (class {
    lines = 0;
    write = (_line: string) => {
      this.lines++; // the default logger's work up to the write itself
    };
  })();
  const build = (scenario: Scenario) =>
    createDispatcher({
      tools: [
        defineTool({ name: 'check_stock', description: 'Stock for a SKU.', input, run: runFor(scenario) }),
      ],
      logger: scenario === 'throws' ? jsonLineLogger({ write: devNull.write }) : silentLogger,
    });
  const dispatchers = perScenario(build);
  let runs = 0;
  // run ids in base 36: a decimal `${number}` goes through V8's number-to-string cache, which keeps
  // each new string alive long enough to be promoted, a cost of this harness and not of dispatch
  return async (scenario) =>
    (
      await dispatchers[scenario].dispatch(
        { id: 'call_1', name: 'check_stock', arguments: argumentsFor(scenario) },
        { runId: `run-${(runs++).toString(36)}` },
      )
    ).content;
}

/** `@openai/agents-core` `tool().invoke`: what the Agents SDK runs for one call. */
function openaiAgents(): Run {
  const context = new RunContext();
  const tools = Object.fromEntries(
    (['success', 'typo', 'throws', 'large'] as const).map((scenario) => [
      scenario,
      openaiAgentsTool({
        name: 'check_stock',
        description: 'Stock for a SKU.',
        parameters: input,
        execute: runFor(scenario),
      }),
    ]),
  ) as Record<Scenario, ReturnType<typeof openaiAgentsTool>>;
  return async (scenario) => {
    const output = await tools[scenario].invoke(context, argumentsFor(scenario));
    return typeof output === 'string' ? output : JSON.stringify(output);
  };
}

/**
 * The AI SDK's work for one tool call, without its telemetry: parse and validate the input
 * (`safeParseJSON` with the schema), run `executeTool`, and turn an error into the text the model reads.
 */
function aiSdk(): Run {
  const schema = asSchema(input);
  return async (scenario) => {
    const parsed = await safeParseJSON({ text: argumentsFor(scenario), schema });
    if (!parsed.success) return parsed.error.message;
    try {
      let output: unknown;
      for await (const part of executeTool({
        execute: runFor(scenario),
        input: parsed.value,
        options: { toolCallId: 'call_1', messages: [] },
      })) {
        if (part.type === 'final') output = part.output;
      }
      return JSON.stringify(output);
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  };
}

/** `@langchain/core` `tool().invoke`, with LangGraph ToolNode's error template on a throw. */
function langchain(): Run {
  const tools = perScenario((scenario) =>
    langchainTool(async (args: Input) => JSON.stringify(await runFor(scenario)(args)), {
      name: 'check_stock',
      description: 'Stock for a SKU.',
      schema: input,
    }),
  );
  return async (scenario) => {
    try {
      return await tools[scenario].invoke(JSON.parse(argumentsFor(scenario)));
    } catch (error) {
      return `Error: ${error instanceof Error ? error.message : String(error)}\n Please fix your mistakes.`;
    }
  };
}

/** LangGraph's `ToolNode`, the usual LangChain agent loop, given one AI message with one call. */
function langgraph(): Run {
  const nodes = perScenario(
    (scenario) =>
      new ToolNode([
        langchainTool(async (args: Input) => JSON.stringify(await runFor(scenario)(args)), {
          name: 'check_stock',
          description: 'Stock for a SKU.',
          schema: input,
        }),
      ]),
  );
  return async (scenario) => {
    const message = new AIMessage({
      content: '',
      tool_calls: [
        { id: 'call_1', name: 'check_stock', args: JSON.parse(argumentsFor(scenario)), type: 'tool_call' },
      ],
    });
    return nodes[scenario].invoke({ messages: [message] });
  };
}

/** One MCP `tools/call` over an in-memory transport, to a server built with `make`. */
async function mcpCaller(make: (scenario: Scenario) => McpServer): Promise<Run> {
  const clients = {} as Record<Scenario, Client>;
  for (const scenario of SCENARIOS) {
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: 'bench', version: '1.0.0' });
    await Promise.all([make(scenario).connect(serverTransport), client.connect(clientTransport)]);
    clients[scenario] = client;
  }
  return (scenario) =>
    clients[scenario].callTool({ name: 'check_stock', arguments: JSON.parse(argumentsFor(scenario)) });
}

function mcpSdkServer(scenario: Scenario): McpServer {
  const server = new McpServer({ name: 'bench', version: '1.0.0' });
  server.registerTool(
    'check_stock',
    { description: 'Stock for a SKU.', inputSchema: input.shape },
    async (args) => ({
      content: [{ type: 'text', text: JSON.stringify(await runFor(scenario)(args)) }],
    }),
  );
  return server;
}

function toolboundMcpServer(scenario: Scenario): McpServer {
  const server = new McpServer({ name: 'bench', version: '1.0.0' });
  registerMcpTools(
    server,
    createDispatcher({
      tools: [
        defineTool({ name: 'check_stock', description: 'Stock for a SKU.', input, run: runFor(scenario) }),
      ],
      logger: silentLogger,
    }),
  );
  return server;
}

/**
 * Times each contender round-robin, each round starting one contender further on, and returns,
 * per peer, the median over rounds of toolbound's time divided by the peer's.
 */
async function ratios(
  scenario: Scenario,
  contenders: ReadonlyArray<readonly [string, Run]>,
  options: { rounds: number; iterations: number; warmup: number },
): Promise<{ name: string; microseconds: number; ratio: number }[]> {
  for (const [, run] of contenders) for (let index = 0; index < options.warmup; index++) await run(scenario);
  const times = contenders.map(() => [] as number[]);
  const random = seededRandom(ORDER_SEED);
  for (let round = 0; round < options.rounds; round++) {
    // each round runs the contenders in a new order, so that none always runs right after the
    // same one and meets its garbage (LangGraph leaves ~34 kB per call for the next to collect).
    // Rotating one order would not do: it keeps every contender's neighbours, and put toolbound
    // after LangGraph in most rounds. Seeded, so that a run repeats its orders.
    for (const position of shuffled(contenders.length, random)) {
      const run = contenders[position]![1];
      const started = process.hrtime.bigint();
      for (let index = 0; index < options.iterations; index++) await run(scenario);
      times[position]!.push(Number(process.hrtime.bigint() - started) / options.iterations / 1000);
    }
  }
  const ours = times[0]!;
  return contenders.map(([name], position) => ({
    name,
    microseconds: median(times[position]!),
    ratio: median(ours.map((time, round) => time / times[position]![round]!)),
  }));
}

/** The seed of the contenders' orders: any fixed number, so that two runs time the same orders. */
const ORDER_SEED = 20_261_201;

/** The numbers 0 to count - 1 in an order drawn from `random` (Fisher–Yates). */
function shuffled(count: number, random: () => number): number[] {
  const order = Array.from({ length: count }, (_, index) => index);
  for (let index = count - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [order[index], order[other]] = [order[other]!, order[index]!];
  }
  return order;
}

/** A small seeded generator (mulberry32): the same seed draws the same orders on every machine. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Bytes allocated and promoted per call over a long loop, from V8's own GC statistics. */
async function allocation(
  run: Run,
  scenario: Scenario,
  calls: number,
): Promise<{ allocated: number; promoted: number }> {
  for (let index = 0; index < 5_000; index++) await run(scenario);
  const profiler = new GCProfiler();
  const startUsed = usedHeap();
  const startOld = oldSpace();
  profiler.start();
  for (let index = 0; index < calls; index++) await run(scenario);
  const endUsed = usedHeap();
  const endOld = oldSpace();
  const { statistics } = profiler.stop();
  // allocation = what each collection found, plus what is still uncollected at the end
  let allocated = 0;
  let promoted = 0;
  let previousAfter = startUsed;
  for (const gc of statistics) {
    allocated += gc.beforeGC.heapStatistics.usedHeapSize - previousAfter;
    previousAfter = gc.afterGC.heapStatistics.usedHeapSize;
    if (gc.gcType === 'Scavenge' || gc.gcType === 'MinorMarkSweep')
      promoted +=
        spaceUsed(gc.afterGC.heapSpaceStatistics, 'old_space') -
        spaceUsed(gc.beforeGC.heapSpaceStatistics, 'old_space');
  }
  allocated += endUsed - previousAfter;
  if (statistics.length === 0) promoted = endOld - startOld;
  return { allocated: allocated / calls, promoted: Math.max(0, promoted) / calls };
}

const usedHeap = () => process.memoryUsage().heapUsed;
const oldSpace = () =>
  getHeapSpaceStatistics().find((space) => space.space_name === 'old_space')?.space_used_size ?? 0;
function spaceUsed(
  spaces: ReadonlyArray<{ spaceName: string; spaceUsedSize: number }>,
  name: string,
): number {
  return spaces.find((space) => space.spaceName === name)?.spaceUsedSize ?? 0;
}

/** Runs the side-by-side benchmark, prints its tables, and in smoke mode checks the baseline. */
export async function runPeersBenchmark(): Promise<void> {
  const options = SMOKE
    ? { rounds: 5, iterations: 1_000, warmup: 5_000 }
    : { rounds: 9, iterations: 2_000, warmup: 5_000 };
  const contenders: Array<readonly [string, Run]> = [
    ['toolbound dispatch', toolbound()],
    ['OpenAI Agents tool().invoke', openaiAgents()],
    ['AI SDK per-call path', aiSdk()],
    ['LangChain tool().invoke', langchain()],
    ['LangGraph ToolNode', langgraph()],
  ];
  const mcp: Array<readonly [string, Run]> = [
    ['toolbound registerMcpTools', await mcpCaller(toolboundMcpServer)],
    ['MCP SDK registerTool', await mcpCaller(mcpSdkServer)],
  ];
  const calls = SMOKE ? 20_000 : 100_000;
  /** Measures one part, prints it, and returns its figures under their baseline keys. */
  const measure = async (part: Part): Promise<Record<string, number>> => {
    const measured: Record<string, number> = {};
    if (part === 'mcp') {
      const rows = await ratios('success', mcp, options);
      console.log('\n  MCP tools/call over an in-memory transport, success');
      for (const row of rows) printRow(row);
      if (rows[1] !== undefined) measured['mcp success: MCP SDK registerTool'] = round(rows[1].ratio);
      return measured;
    }
    if (part === 'allocation') {
      console.log(`\n  Allocation per call on success (${calls.toLocaleString('en')} calls, V8 GC profiler)`);
      for (const [name, run] of contenders) {
        const { allocated, promoted } = await allocation(run, 'success', calls);
        console.log(
          `    ${name.padEnd(30)} ${(allocated / 1000).toFixed(1).padStart(6)} kB allocated   ${promoted.toFixed(0).padStart(5)} B promoted`,
        );
        if (name === 'toolbound dispatch') measured['allocation kB: toolbound'] = round(allocated / 1000);
      }
      return measured;
    }
    const rows = await ratios(part, contenders, options);
    console.log(`\n  ${SCENARIO_TITLES[part]}`);
    for (const row of rows) {
      printRow(row);
      if (row.name !== 'toolbound dispatch') measured[`${part}: ${row.name}`] = round(row.ratio);
    }
    return measured;
  };

  console.log(
    `\nSide by side (${options.rounds} round-robin rounds × ${options.iterations} calls; ratio = median of per-round toolbound/peer)`,
  );
  const parts = PARTS.filter((part) => ONLY === undefined || part === ONLY);
  const measured: Record<string, number> = {};
  for (const part of parts) Object.assign(measured, await measure(part));

  if (WRITE_BASELINE && ONLY === undefined) {
    writeFileSync(BASELINE_FILE, `${JSON.stringify(measured, null, 2)}\n`);
    console.log('\nWrote bench/baseline.json');
  }
  if (!SMOKE) return;
  let worse = worseThanBaseline(measured);
  if (worse.length > 0) {
    // a neighbour's burst can spoil one part's rounds: measure what failed once more, and fail
    // only when it is still worse than twice its baseline
    const again = [...new Set(worse.map((key) => partOf(key)))];
    console.log(`\nbench smoke: measuring ${again.join(', ')} once more`);
    for (const part of again) Object.assign(measured, await measure(part));
    worse = worseThanBaseline(measured);
  }
  reportBaseline(measured, worse);
}

/** The parts of the benchmark, in the order they run; `--only` names one. */
const PARTS = ['success', 'typo', 'throws', 'large', 'mcp', 'allocation'] as const;
type Part = (typeof PARTS)[number];

/** The part a baseline key belongs to: `success: …`, `mcp success: …`, `allocation kB: …`. */
function partOf(key: string): Part {
  if (key.startsWith('mcp ')) return 'mcp';
  if (key.startsWith('allocation ')) return 'allocation';
  return key.slice(0, key.indexOf(':')) as Part;
}

function printRow(row: { name: string; microseconds: number; ratio: number }): void {
  console.log(
    `    ${row.name.padEnd(30)} ${row.microseconds.toFixed(2).padStart(8)} µs/call   toolbound ${row.ratio.toFixed(2)}×`,
  );
}

const SCENARIO_TITLES: Record<Scenario, string> = {
  success: 'Success, ~100-byte result',
  typo: 'Enum typo (validation failure)',
  throws: 'Tool throws ECONNREFUSED, default JSON-line logger',
  large: '~20 KB result',
};

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

/** The baseline keys whose measured ratio is worse than twice the committed one; never absolute time. */
function worseThanBaseline(measured: Record<string, number>): string[] {
  return Object.entries(readBaseline())
    .filter(([key, value]) => {
      const now = measured[key];
      return now !== undefined && now > 2 * value;
    })
    .map(([key]) => key);
}

function readBaseline(): Record<string, number> {
  return JSON.parse(readFileSync(BASELINE_FILE, 'utf8')) as Record<string, number>;
}

/** Prints the verdict, and fails the process when a ratio is still worse than twice its baseline. */
function reportBaseline(measured: Record<string, number>, worse: readonly string[]): void {
  const baseline = readBaseline();
  if (worse.length > 0) {
    console.error(
      `\nbench smoke: ${worse.length} ratio(s) worse than 2× the baseline:\n${worse
        .map((key) => `  ${key}: ${measured[key]} (baseline ${baseline[key]})`)
        .join('\n')}`,
    );
    process.exitCode = 1;
    return;
  }
  const checked = Object.keys(baseline).filter((key) => measured[key] !== undefined).length;
  console.log(`\nbench smoke: all ${checked} ratios measured are within 2× of bench/baseline.json`);
}

if (import.meta.url === `file://${process.argv[1]}`) await runPeersBenchmark();
