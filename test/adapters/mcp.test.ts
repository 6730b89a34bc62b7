import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { mcpClientTools, registerMcpTools } from '../../src/adapters/mcp/index.js';
import { createDispatcher, runAgent, silentLogger, type ToolMessage } from '../../src/index.js';
import { scriptedModel } from '../../src/testing.js';
import { rawMcpServer } from './fixtures/raw-mcp-server.js';
import { leaksHostPort, suggestionIn, weatherDispatcher } from './fixtures/weather-tools.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function connect(server: McpServer): Promise<Client> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'test-host', version: '1.0.0' });
  await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
  closers.push(
    () => client.close(),
    () => server.close(),
  );
  return client;
}

function text(result: unknown): string {
  const [block] = (result as CallToolResult).content;
  return block?.type === 'text' ? block.text : '';
}

describe('toolbound/mcp, serving tools', () => {
  it('lists each tool with its JSON Schema', async () => {
    const server = new McpServer({ name: 'weather', version: '1.0.0' });
    registerMcpTools(server, weatherDispatcher().dispatcher);
    const client = await connect(server);

    const { tools } = await client.listTools();
    expect(tools).toEqual([
      {
        name: 'get_weather',
        description: 'Current temperature in a city.',
        inputSchema: {
          type: 'object',
          properties: { city: { type: 'string', enum: ['Pune', 'Mumbai', 'Delhi'] } },
          required: ['city'],
        },
        annotations: { idempotentHint: true },
      },
      {
        name: 'lookup_order',
        description: 'Looks up an order by id.',
        inputSchema: { type: 'object', properties: { orderId: { type: 'string' } }, required: ['orderId'] },
      },
    ]);
  });

  it('answers with isError, text content and structuredContent, never a raw exception message', async () => {
    const server = new McpServer({ name: 'weather', version: '1.0.0' });
    registerMcpTools(server, weatherDispatcher().dispatcher);
    const client = await connect(server);

    const typo = await client.callTool({ name: 'get_weather', arguments: { city: 'Punee' } });
    expect(typo).toEqual({
      isError: true,
      _meta: {
        'io.modelcontextprotocol/toolFailure': expect.objectContaining({
          class: 'capability',
          code: 'invalid_arguments',
        }),
      },
      content: [
        {
          type: 'text',
          text: '{"ok":false,"class":"correctable","error":"invalid_arguments","message":"city must be one of Pune, Mumbai, Delhi; you provided \\"Punee\\".","hint":"Call get_weather again with city \\"Pune\\".","suggestion":{"city":"Pune"}}',
        },
      ],
    });

    const leak = await client.callTool({ name: 'lookup_order', arguments: { orderId: 'A1' } });
    expect(leak.isError).toBe(true);
    expect(leak.structuredContent).toBeUndefined();
    expect(JSON.parse(text(leak))).toMatchObject({
      class: 'unavailable',
      error: 'internal_error',
      reference: expect.stringMatching(/^ref-/),
    });
    expect(leaksHostPort(JSON.stringify(leak))).toBe(false);

    const fixed = await client.callTool({ name: 'get_weather', arguments: { city: 'Pune' } });
    expect(fixed.isError).toBe(false);
    expect(fixed.structuredContent).toEqual({
      ok: true,
      class: 'ok',
      data: { city: 'Pune', temperatureC: 31 },
    });
    expect(JSON.parse(text(fixed))).toEqual(fixed.structuredContent);

    // an unknown tool is answered by the boundary too, not by a protocol error
    const unknown = await client.callTool({ name: 'get_wether', arguments: { city: 'Pune' } });
    expect(unknown.isError).toBe(true);
    expect(JSON.parse(text(unknown))).toMatchObject({ class: 'correctable' });
    expect(text(unknown)).toContain('get_weather');
  });

  it('refuses to share a server with tools registered through registerTool', () => {
    const server = new McpServer({ name: 'mixed', version: '1.0.0' });
    server.registerTool('other', { description: 'Another tool.' }, async () => ({ content: [] }));
    expect(() => registerMcpTools(server, weatherDispatcher().dispatcher)).toThrow(/already serves tools/);
    const ours = new McpServer({ name: 'ours-first', version: '1.0.0' });
    registerMcpTools(ours, weatherDispatcher().dispatcher);
    expect(() =>
      ours.registerTool('other', { description: 'Another tool.' }, async () => ({ content: [] })),
    ).toThrow(/served by registerMcpTools, so add the tool to the dispatcher/);
  });

  it('groups calls into runs only when asked: a session as a run halts a repeated failure', async () => {
    const server = new McpServer({ name: 'weather', version: '1.0.0' });
    registerMcpTools(server, weatherDispatcher().dispatcher, { runId: () => 'session-1' });
    const client = await connect(server);
    await client.callTool({ name: 'get_weather', arguments: { city: 'Punee' } });
    const second = await client.callTool({ name: 'get_weather', arguments: { city: 'Punee' } });
    expect(second.isError).toBe(true);
    expect(text(second)).not.toBe('');
    const third = await client.callTool({ name: 'get_weather', arguments: { city: 'Pune' } });
    expect(JSON.parse(text(third))).toMatchObject({ ok: false, error: 'run_halted' });
  });
});

describe('toolbound/mcp, wrapping a server written without toolbound', () => {
  it('turns its tools into toolbound tools with their JSON Schema and hints', async () => {
    const client = await connect(rawMcpServer());
    const tools = await mcpClientTools(client, { prefix: 'raw_' });
    expect(tools.map((tool) => [tool.name, tool.idempotent])).toEqual([
      ['raw_get_weather', true],
      ['raw_lookup_order', false],
      ['raw_book_table', false],
    ]);
    expect(tools[0]!.jsonSchema).toMatchObject({
      type: 'object',
      properties: { city: { type: 'string', enum: ['Pune', 'Mumbai', 'Delhi'] } },
      required: ['city'],
    });
  });

  it('end to end: the typo is corrected before it reaches the server, the raw leak is sanitised', async () => {
    const client = await connect(rawMcpServer());
    const dispatcher = createDispatcher({ tools: await mcpClientTools(client), logger: silentLogger });
    const seen: ToolMessage[] = [];
    const model = scriptedModel([
      {
        toolCalls: [
          { id: 'call_1', name: 'get_weather', arguments: { city: 'Punee' } },
          { id: 'call_2', name: 'lookup_order', arguments: { orderId: 'A1' } },
          { id: 'call_3', name: 'book_table', arguments: { people: 40 } },
        ],
      },
      (request) => {
        const shown = request.messages.find(
          (message) => message.role === 'tool' && message.toolCallId === 'call_1',
        );
        return {
          toolCalls: [
            {
              id: 'call_4',
              name: 'get_weather',
              arguments: suggestionIn(shown?.role === 'tool' ? shown.content : undefined) ?? {},
            },
          ],
        };
      },
      { content: 'It is 31 °C in Pune.' },
    ]);
    const result = await runAgent({
      model,
      dispatcher,
      messages: [{ role: 'user', content: 'Weather in Pune, order A1, and a table for 40?' }],
      onStep: (step) => seen.push(...step.toolMessages),
    });

    expect(result.endedBy).toBe('answered');
    const [typo, leak, booking, fixed] = seen;
    expect(typo!.outcome).toMatchObject({ class: 'correctable', suggestion: { city: 'Pune' } });
    // the raw server put its exception text in an isError result; the model never reads it
    expect(leak!.isError).toBe(true);
    expect(leak!.outcome.class).toBe('unavailable');
    expect(leaksHostPort(leak!.content)).toBe(false);
    // a server's own "invalid arguments" text is classified as correctable
    expect(booking!.outcome).toMatchObject({ class: 'correctable', error: 'invalid_arguments' });
    expect(fixed!.outcome).toEqual({ class: 'ok', ok: true, data: { city: 'Pune', temperatureC: 31 } });
    expect(leaksHostPort(JSON.stringify(result.messages))).toBe(false);
  });

  it('keeps a toolbound server’s outcome as it is, suggestion included', async () => {
    const server = new McpServer({ name: 'weather', version: '1.0.0' });
    registerMcpTools(server, weatherDispatcher().dispatcher);
    const client = await connect(server);
    // the server validates with zod, the client with the listed JSON Schema: send past the client
    const tools = await mcpClientTools(client);
    const dispatcher = createDispatcher({ tools, logger: silentLogger });
    const message = await dispatcher.dispatch({ id: 'c1', name: 'get_weather', arguments: { city: 'Pune' } });
    expect(message.outcome).toEqual({ class: 'ok', ok: true, data: { city: 'Pune', temperatureC: 31 } });
    const leak = await dispatcher.dispatch({ id: 'c2', name: 'lookup_order', arguments: { orderId: 'A1' } });
    expect(leak.outcome).toMatchObject({ class: 'unavailable', error: 'internal_error' });
  });

  it('maps a thrown McpError: a closed connection ends as a generic unavailable message', async () => {
    const client = await connect(rawMcpServer());
    const tools = await mcpClientTools(client);
    await client.close();
    const dispatcher = createDispatcher({ tools, logger: silentLogger });
    const message = await dispatcher.dispatch({
      id: 'c1',
      name: 'lookup_order',
      arguments: { orderId: 'A1' },
    });
    expect(message.isError).toBe(true);
    expect(message.outcome.class).toBe('unavailable');
  });

  it('validates against the JSON Schema: types, required, bounds and unknown keys', async () => {
    const server = new McpServer({ name: 'strict', version: '1.0.0' });
    server.registerTool(
      'search',
      {
        description: 'Search.',
        inputSchema: z
          .object({ query: z.string().min(2), limit: z.number().int().max(50).optional() })
          .strict(),
      },
      async () => ({ content: [{ type: 'text', text: '[]' }] }),
    );
    const client = await connect(server);
    const [search] = await mcpClientTools(client);
    const validate = (value: unknown) => search!.input['~standard'].validate(value) as { issues?: unknown[] };
    expect(validate({ query: 'pune' }).issues).toBeUndefined();
    expect(validate({}).issues).toEqual([{ message: 'Required', path: ['query'] }]);
    expect(validate({ query: 'p', limit: 70 }).issues).toHaveLength(2);
    expect(validate({ query: 'pune', limit: 1.5 }).issues).toMatchObject([{ path: ['limit'] }]);
    expect(validate({ query: 'pune', lmit: 5 }).issues).toMatchObject([
      { code: 'unrecognized_keys', keys: ['lmit'] },
    ]);
    const dispatcher = createDispatcher({ tools: [search!], logger: silentLogger });
    const renamed = await dispatcher.dispatch({ id: 'c1', name: 'search', arguments: { qurey: 'pune' } });
    expect(renamed.outcome).toMatchObject({ class: 'correctable', suggestion: { query: 'pune' } });
  });
});
