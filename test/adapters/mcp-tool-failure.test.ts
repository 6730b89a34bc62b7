import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  mcpClientTools,
  readToolFailure,
  registerMcpTools,
  TOOL_FAILURE_META_KEY,
  type ToolFailure,
  toToolFailure,
} from '../../src/adapters/mcp/index.js';
import { createDispatcher, defineTool, refused, silentLogger, unavailable } from '../../src/index.js';
import { getWeather, leaksHostPort, lookupOrder } from './fixtures/weather-tools.js';

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

function envelope(result: unknown): unknown {
  return (result as CallToolResult)._meta?.[TOOL_FAILURE_META_KEY];
}

const rateLimited = defineTool({
  name: 'get_quote',
  description: 'A quote from a rate-limited service.',
  input: z.object({}),
  run: () =>
    unavailable({
      error: 'rate_limited',
      message: 'The quote service is busy.',
      retryable: true,
      retryAfterMs: 30_000,
      hint: 'Tell the user quotes are busy; try in a minute.',
    }),
});

const approval = defineTool({
  name: 'refund',
  description: 'Refunds an order.',
  input: z.object({ orderId: z.string() }),
  run: () => refused({ error: 'approval_required', message: 'Refunds need a manager.' }),
});

describe('toolbound/mcp, the draft failure envelope on served results', () => {
  it('puts class, code, retry fields, correlation id and guidance beside isError', async () => {
    let references = 0;
    const server = new McpServer({ name: 'shop', version: '1.0.0' });
    registerMcpTools(
      server,
      createDispatcher({
        tools: [getWeather, lookupOrder, rateLimited, approval],
        logger: silentLogger,
        createReference: () => `ref-${++references}`,
      }),
      { runId: () => 'session-7' },
    );
    const client = await connect(server);

    const typo = await client.callTool({ name: 'get_weather', arguments: { city: 'Punee' } });
    expect(typo.isError).toBe(true);
    expect(envelope(typo)).toEqual({
      class: 'capability',
      code: 'invalid_arguments',
      correlationId: expect.stringMatching(/^session-7:\d+$/),
      agentGuidance: 'Call get_weather again with city "Pune".',
    });

    const leak = await client.callTool({ name: 'lookup_order', arguments: { orderId: 'A1' } });
    const leakText = (leak as CallToolResult).content[0];
    expect(envelope(leak)).toMatchObject({
      class: 'reliability',
      code: 'internal_error',
      retryable: false,
      correlationId: 'ref-1',
    });
    expect(JSON.stringify(leakText)).toContain('ref-1'); // the same id the user may quote
    expect(leaksHostPort(JSON.stringify(leak))).toBe(false);

    const before = Date.now();
    const busy = await client.callTool({ name: 'get_quote', arguments: {} });
    const busyEnvelope = envelope(busy) as ToolFailure;
    expect(busyEnvelope).toMatchObject({
      class: 'reliability',
      code: 'rate_limited',
      retryable: true,
      agentGuidance: 'Tell the user quotes are busy; try in a minute.',
    });
    expect(busyEnvelope.retryNotBefore).toBeGreaterThanOrEqual(before + 30_000);
    expect(busyEnvelope.retryNotBefore).toBeLessThanOrEqual(Date.now() + 30_000);

    const policy = await client.callTool({ name: 'refund', arguments: { orderId: 'A1' } });
    expect(envelope(policy)).toMatchObject({ class: 'governance', code: 'approval_required' });

    const fine = await client.callTool({ name: 'get_weather', arguments: { city: 'Pune' } });
    expect(fine.isError).toBe(false);
    expect(fine._meta).toBeUndefined();
  });

  it('gives each call its own correlation id when calls are not grouped into runs', async () => {
    const server = new McpServer({ name: 'weather', version: '1.0.0' });
    registerMcpTools(server, createDispatcher({ tools: [getWeather], logger: silentLogger }));
    const client = await connect(server);
    const first = envelope(await client.callTool({ name: 'get_weather', arguments: { city: 'X' } }));
    const second = envelope(await client.callTool({ name: 'get_weather', arguments: { city: 'X' } }));
    expect((first as ToolFailure).correlationId).not.toBe((second as ToolFailure).correlationId);
  });
});

/** A server written without toolbound that sends the envelope by hand. */
function envelopeServer(calls: { quote: number }): McpServer {
  const server = new McpServer({ name: 'raw', version: '1.0.0' });
  const failure = (text: string, toolFailure: Record<string, unknown>): CallToolResult => ({
    content: [{ type: 'text', text }],
    isError: true,
    _meta: { [TOOL_FAILURE_META_KEY]: toolFailure },
  });
  server.registerTool(
    'get_quote',
    { description: 'A quote.', inputSchema: {}, annotations: { readOnlyHint: true } },
    async () =>
      ++calls.quote === 1
        ? failure('Busy, come back soon.', {
            class: 'reliability',
            code: 'retryable_transient_error',
            retryable: true,
            correlationId: 'corr-1',
          })
        : { content: [{ type: 'text', text: '{"price":12}' }] },
  );
  server.registerTool('export_data', { description: 'Exports.', inputSchema: {} }, async () =>
    failure('Blocked by the data-loss policy.', {
      class: 'governance',
      code: 'policy_blocked',
      correlationId: 'corr-2',
      agentGuidance: 'Ask the user to request an export through an administrator.',
    }),
  );
  server.registerTool('resize', { description: 'Resizes.', inputSchema: {} }, async () =>
    failure('Width is out of range.', {
      class: 'capability',
      code: 'invalid_input',
      correlationId: 'corr-3',
    }),
  );
  server.registerTool('sync', { description: 'Syncs.', inputSchema: {} }, async () =>
    failure('The upstream is down.', {
      class: 'reliability',
      code: 'upstream_down',
      retryable: false,
      correlationId: 'corr-4',
    }),
  );
  server.registerTool('broken', { description: 'Sends a malformed envelope.', inputSchema: {} }, async () =>
    failure('Something went wrong.', { class: 'catastrophe', code: 7 }),
  );
  return server;
}

describe('toolbound/mcp, reading the envelope from a remote server', () => {
  it('classifies by the envelope and retries a retryable failure of an idempotent tool', async () => {
    const calls = { quote: 0 };
    const client = await connect(envelopeServer(calls));
    const dispatcher = createDispatcher({
      tools: await mcpClientTools(client),
      logger: silentLogger,
      retry: { initialDelayMs: 1, maxDelayMs: 1 },
    });
    const call = (name: string) => dispatcher.dispatch({ id: name, name, arguments: {} });

    const quote = await call('get_quote');
    expect(calls.quote).toBe(2);
    expect(quote.outcome).toEqual({ class: 'ok', ok: true, data: { price: 12 } });

    expect((await call('export_data')).outcome).toEqual({
      class: 'refused',
      ok: false,
      error: 'policy_blocked',
      message: 'Blocked by the data-loss policy.',
      hint: 'Ask the user to request an export through an administrator.',
    });
    expect((await call('resize')).outcome).toMatchObject({ class: 'correctable', error: 'invalid_input' });
    expect((await call('sync')).outcome).toMatchObject({
      class: 'unavailable',
      error: 'upstream_down',
      retryable: false,
    });
    // a malformed envelope is ignored: the text decides, as for any server
    expect((await call('broken')).outcome).toMatchObject({ class: 'unavailable', error: 'tool_error' });
  });

  it('round-trips every failure envelope it writes, and never throws on a hostile _meta', () => {
    const outcome = fc.oneof(
      fc.record({
        class: fc.constant('unavailable' as const),
        ok: fc.constant(false as const),
        error: fc.string({ minLength: 1 }),
        message: fc.string(),
        retryable: fc.boolean(),
        retryAfterMs: fc.option(fc.nat(), { nil: undefined }),
        hint: fc.option(
          fc.string({ minLength: 1 }).filter((text) => text.trim() !== ''),
          { nil: undefined },
        ),
      }),
      fc.record({
        class: fc.constantFrom('correctable' as const, 'refused' as const, 'fatal' as const),
        ok: fc.constant(false as const),
        error: fc.string({ minLength: 1, maxLength: 50 }),
        message: fc.string(),
      }),
    );
    fc.assert(
      fc.property(outcome, fc.string({ maxLength: 100 }), (failure, correlationId) => {
        const written = toToolFailure(
          JSON.parse(JSON.stringify(failure)) as Parameters<typeof toToolFailure>[0],
          { correlationId, now: 1_000 },
        );
        expect(readToolFailure({ _meta: { [TOOL_FAILURE_META_KEY]: written } })).toEqual(
          written.code.length <= 1_000 ? written : expect.anything(),
        );
      }),
    );
    fc.assert(
      fc.property(fc.anything(), (meta) => {
        const read = readToolFailure({ _meta: { [TOOL_FAILURE_META_KEY]: meta } });
        if (read !== undefined) expect(['capability', 'reliability', 'governance']).toContain(read.class);
      }),
    );
  });
});
