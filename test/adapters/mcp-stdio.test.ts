import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpClientTools } from '../../src/adapters/mcp/index.js';
import { createDispatcher, runAgent, silentLogger } from '../../src/index.js';
import { scriptedModel } from '../../src/testing.js';
import { leaksHostPort, suggestionIn } from './fixtures/weather-tools.js';

const serverScript = fileURLToPath(new URL('./fixtures/mcp-server.ts', import.meta.url));
const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

let client: Client;
beforeAll(async () => {
  client = new Client({ name: 'stdio-host', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', serverScript],
      cwd: projectRoot,
      stderr: 'pipe',
    }),
  );
});
afterAll(async () => {
  await client?.close();
});

function text(result: unknown): string {
  const [block] = (result as CallToolResult).content;
  return block?.type === 'text' ? block.text : '';
}

describe('toolbound/mcp over stdio, with a spawned server process', () => {
  it('serves the tools: a typo is correctable, a leak is a generic internal error', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['get_weather', 'lookup_order']);

    const typo = await client.callTool({ name: 'get_weather', arguments: { city: 'Punee' } });
    expect(typo.isError).toBe(true);
    expect(JSON.parse(text(typo))).toMatchObject({ class: 'correctable', suggestion: { city: 'Pune' } });

    const leak = await client.callTool({ name: 'lookup_order', arguments: { orderId: 'A1' } });
    expect(leak.isError).toBe(true);
    expect(JSON.parse(text(leak))).toMatchObject({ class: 'unavailable', error: 'internal_error' });
    expect(leaksHostPort(JSON.stringify(leak))).toBe(false);
  });

  it('runs an agent whose tools live in the other process', async () => {
    const dispatcher = createDispatcher({ tools: await mcpClientTools(client), logger: silentLogger });
    const model = scriptedModel([
      { toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: { city: 'Punee' } }] },
      (request) => {
        const last = request.messages.at(-1);
        return {
          toolCalls: [
            {
              id: 'call_2',
              name: 'get_weather',
              arguments: suggestionIn(last?.role === 'tool' ? last.content : undefined) ?? {},
            },
          ],
        };
      },
      { content: 'It is 31 °C in Pune.' },
    ]);
    const result = await runAgent({
      model,
      dispatcher,
      messages: [{ role: 'user', content: 'Weather in Pune?' }],
    });
    expect(result.endedBy).toBe('answered');
    expect(result.toolMessages.map((message) => message.outcome.class)).toEqual(['correctable', 'ok']);
    expect(result.toolMessages[1]!.outcome).toMatchObject({ data: { city: 'Pune', temperatureC: 31 } });
  });
});
