/**
 * The per-call cost of toolbound's boundary against calling the function directly and against
 * the tool wrappers of OpenAI Agents and LangChain, all measured in this run on the same tool.
 * Run alone with `npx tsx bench/dispatch.ts`.
 */
import { tool as langchainTool } from '@langchain/core/tools';
import { tool as openaiAgentsTool, RunContext } from '@openai/agents-core';
import { z } from 'zod';
import { createDispatcher, defineTool, silentLogger } from '../src/index.js';
import { measureInterleaved, printTable } from './measure.js';

const input = z.object({
  sku: z.string().regex(/^SKU-\d{4}$/),
  quantity: z.number().int().min(1).max(50),
  warehouse: z.enum(['north', 'south', 'east']),
});
const args = { sku: 'SKU-4411', quantity: 3, warehouse: 'north' as const };
// about 100 bytes of result, as a typical lookup returns
const stock = (sku: string) => ({
  sku,
  available: 42,
  reserved: 3,
  warehouse: 'north',
  updated: '2026-11-30T05:00:00Z',
});

/** Runs the dispatch benchmark and prints its tables. */
export async function runDispatchBenchmark(): Promise<void> {
  const toolbound = createDispatcher({
    tools: [
      defineTool({
        name: 'check_stock',
        description: 'Stock for a SKU.',
        input,
        run: async ({ sku }) => stock(sku),
      }),
    ],
    logger: silentLogger,
  });
  const agents = openaiAgentsTool({
    name: 'check_stock',
    description: 'Stock for a SKU.',
    parameters: input,
    execute: async ({ sku }) => stock(sku),
  });
  const langchain = langchainTool(async ({ sku }) => JSON.stringify(stock(sku)), {
    name: 'check_stock',
    description: 'Stock for a SKU.',
    schema: input,
  });
  const context = new RunContext();
  const argumentsJson = JSON.stringify(args);
  let runCounter = 0;

  const success = await measureInterleaved([
    [
      'direct call + zod parse',
      async () => JSON.stringify(stock(input.parse(JSON.parse(argumentsJson)).sku)),
    ],
    [
      'toolbound dispatch',
      () =>
        toolbound.dispatch(
          { id: 'c', name: 'check_stock', arguments: argumentsJson },
          { runId: `r${runCounter++}` },
        ),
    ],
    ['@openai/agents-core tool().invoke', () => agents.invoke(context, argumentsJson)],
    ['@langchain/core tool().invoke', () => langchain.invoke(args)],
  ]);
  const fastestPeer = success
    .slice(2)
    .reduce((best, row) => (row.nanosecondsPerCall < best.nanosecondsPerCall ? row : best));
  printTable(
    'Success path, ~100-byte result (median of 9 interleaved rounds × 2,000 calls)',
    success,
    fastestPeer,
  );

  const typo = JSON.stringify({ ...args, warehouse: 'nort' });
  const failure = await measureInterleaved([
    [
      'toolbound dispatch (correctable + suggestion)',
      () =>
        toolbound.dispatch({ id: 'c', name: 'check_stock', arguments: typo }, { runId: `r${runCounter++}` }),
    ],
    ['@openai/agents-core invoke (validation error)', () => agents.invoke(context, typo)],
    [
      '@langchain/core invoke (throws, caught)',
      () => langchain.invoke(JSON.parse(typo) as never).catch((error: unknown) => error),
    ],
  ]);
  printTable('Failure path: one enum typo', failure, failure[0]!);

  // five problems at once: what each framework puts in front of the model
  const fiveIssues = { sku: '4411', quantity: '3', warehouse: 'nort', bin: 'A1', priority: true };
  const ours = (
    await toolbound.dispatch({ id: 'c', name: 'check_stock', arguments: fiveIssues }, { runId: 'five' })
  ).content;
  const theirsAgents = String(await agents.invoke(context, JSON.stringify(fiveIssues)));
  const langchainError = await langchain.invoke(fiveIssues as never).catch((error: unknown) => error);
  // LangGraph's ToolNode, the usual LangChain agent loop, sends this template by default
  const theirsLangchain = `Error: ${langchainError instanceof Error ? langchainError.message : String(langchainError)}\n Please fix your mistakes.`;
  console.log('\nBytes the model reads for a five-issue validation failure');
  for (const [name, text] of [
    ['toolbound', ours],
    ['@openai/agents-core', theirsAgents],
    ['@langchain/core + ToolNode', theirsLangchain],
  ] as const) {
    console.log(
      `  ${name.padEnd(28)} ${String(Buffer.byteLength(text)).padStart(5)} bytes: ${text.replace(/\s+/g, ' ').slice(0, 150)}…`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runDispatchBenchmark();
