import Anthropic from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import {
  anthropicModel,
  dispatchAnthropicToolUses,
  toAnthropicTools,
} from '../../src/adapters/anthropic/index.js';
import { runAgent } from '../../src/index.js';
import { type ScriptedHttpServer, startScriptedHttpServer } from './fixtures/scripted-http-server.js';
import { leaksHostPort, suggestionIn, weatherDispatcher } from './fixtures/weather-tools.js';

type Block = {
  type: string;
  id?: string;
  tool_use_id?: string;
  content?: unknown;
  is_error?: boolean;
  text?: string;
};
type Turn = { role: string; content: string | Block[] };

function message(content: Record<string, unknown>[], stopReason: string) {
  return {
    id: 'msg_test',
    type: 'message',
    role: 'assistant',
    model: 'claude-test',
    content,
    stop_reason: stopReason,
    stop_sequence: null,
    usage: {
      input_tokens: 80,
      output_tokens: 12,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 20,
    },
  };
}

function toolUse(id: string, name: string, input: Record<string, unknown>) {
  return { type: 'tool_use', id, name, input };
}

const thinking = { type: 'thinking', thinking: 'The user wants two things.', signature: 'sig-1' };

function clientFor(server: ScriptedHttpServer): Anthropic {
  return new Anthropic({ apiKey: 'test-key', baseURL: server.origin, maxRetries: 0 });
}

let server: ScriptedHttpServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('toolbound/anthropic', () => {
  it('declares client tools with an input_schema', () => {
    const { dispatcher } = weatherDispatcher();
    expect(toAnthropicTools(dispatcher)).toEqual([
      {
        name: 'get_weather',
        description: 'Current temperature in a city.',
        input_schema: {
          type: 'object',
          properties: { city: { type: 'string', enum: ['Pune', 'Mumbai', 'Delhi'] } },
          required: ['city'],
        },
      },
      {
        name: 'lookup_order',
        description: 'Looks up an order by id.',
        input_schema: { type: 'object', properties: { orderId: { type: 'string' } }, required: ['orderId'] },
      },
    ]);
  });

  it('puts every tool_result of a turn in one user message, with is_error on failures', async () => {
    server = await startScriptedHttpServer('/v1/messages', [
      () =>
        message(
          [
            { type: 'text', text: 'Checking both.' },
            toolUse('toolu_a', 'get_weather', { city: 'Punee' }),
            toolUse('toolu_b', 'lookup_order', { orderId: 'A1' }),
            toolUse('toolu_c', 'get_weather', { city: 'Delhi' }),
          ],
          'tool_use',
        ),
      () => message([{ type: 'text', text: 'Done.' }], 'end_turn'),
    ]);
    const client = clientFor(server);
    const { dispatcher } = weatherDispatcher();
    const messages: Anthropic.MessageParam[] = [
      { role: 'user', content: 'Weather in Pune and Delhi, and order A1?' },
    ];
    const first = await client.messages.create({
      model: 'claude-test',
      max_tokens: 1024,
      messages,
      tools: toAnthropicTools(dispatcher),
    });
    const turn = await dispatchAnthropicToolUses(dispatcher, first.content, { runId: 'run-1' });
    messages.push({ role: 'assistant', content: first.content }, turn.message);
    await client.messages.create({
      model: 'claude-test',
      max_tokens: 1024,
      messages,
      tools: toAnthropicTools(dispatcher),
    });

    const sent = server.requests[1]!.body['messages'] as Turn[];
    expect(sent.map((turn) => turn.role)).toEqual(['user', 'assistant', 'user']);
    const results = sent[2]!.content as Block[];
    expect(results.map((block) => [block.type, block.tool_use_id, block.is_error])).toEqual([
      ['tool_result', 'toolu_a', true],
      ['tool_result', 'toolu_b', true],
      ['tool_result', 'toolu_c', undefined],
    ]);
    expect(results[0]).toEqual({
      type: 'tool_result',
      tool_use_id: 'toolu_a',
      is_error: true,
      content:
        '{"ok":false,"class":"correctable","error":"invalid_arguments","message":"city must be one of Pune, Mumbai, Delhi; you provided \\"Punee\\".","hint":"Call get_weather again with city \\"Pune\\".","suggestion":{"city":"Pune"}}',
    });
    expect(JSON.parse(results[1]!.content as string)).toMatchObject({
      class: 'unavailable',
      error: 'internal_error',
    });
    expect(JSON.parse(results[2]!.content as string)).toMatchObject({ ok: true, data: { city: 'Delhi' } });
  });

  it('runs runAgent end to end: system parameter, typo fixed, leak kept out, thinking sent back', async () => {
    server = await startScriptedHttpServer('/v1/messages', [
      () =>
        message(
          [
            thinking,
            toolUse('toolu_1', 'get_weather', { city: 'Punee' }),
            toolUse('toolu_2', 'lookup_order', { orderId: 'A1' }),
          ],
          'tool_use',
        ),
      (body) => {
        const turns = body['messages'] as Turn[];
        const results = turns.at(-1)!.content as Block[];
        const fix = suggestionIn(results.find((block) => block.tool_use_id === 'toolu_1')?.content);
        return message([toolUse('toolu_3', 'get_weather', fix ?? {})], 'tool_use');
      },
      () =>
        message([{ type: 'text', text: 'It is 31 °C in Pune. Order A1 could not be checked.' }], 'end_turn'),
    ]);
    const { dispatcher } = weatherDispatcher();
    const result = await runAgent({
      model: anthropicModel({
        client: clientFor(server),
        model: 'claude-test',
        maxTokens: 512,
        thinking: { type: 'enabled', budget_tokens: 256 },
      }),
      dispatcher,
      messages: [
        { role: 'system', content: 'Answer in one sentence.' },
        { role: 'user', content: 'Weather in Pune, and order A1?' },
      ],
    });

    expect(result.endedBy).toBe('answered');
    expect(result.text).toBe('It is 31 °C in Pune. Order A1 could not be checked.');
    expect(result.usage).toEqual({ inputTokens: 300, outputTokens: 36 });
    expect(server.requests[0]!.body).toMatchObject({
      model: 'claude-test',
      max_tokens: 512,
      system: 'Answer in one sentence.',
      thinking: { type: 'enabled', budget_tokens: 256 },
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Weather in Pune, and order A1?' }] }],
      tools: [{ name: 'get_weather' }, { name: 'lookup_order' }],
    });
    const last = server.requests[2]!.body['messages'] as Turn[];
    expect(last.map((turn) => turn.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user']);
    // the thinking block stays in front of its tool_use blocks, signature and all
    expect((last[1]!.content as Block[])[0]).toEqual(thinking);
    expect((last[2]!.content as Block[]).map((block) => [block.tool_use_id, block.is_error])).toEqual([
      ['toolu_1', true],
      ['toolu_2', true],
    ]);
    expect(last[3]!.content).toEqual([
      { type: 'tool_use', id: 'toolu_3', name: 'get_weather', input: { city: 'Pune' } },
    ]);
    expect((last[4]!.content as Block[])[0]).toMatchObject({ type: 'tool_result', tool_use_id: 'toolu_3' });
    expect((last[4]!.content as Block[])[0]).not.toHaveProperty('is_error');
    expect(leaksHostPort(JSON.stringify(server.requests.map((request) => request.body)))).toBe(false);
  });

  it("maps the loop's toolChoice 'none' to tool_choice {type: none}, and sends none otherwise", async () => {
    server = await startScriptedHttpServer('/v1/messages', [
      () => message([{ type: 'text', text: 'Here is what I found.' }], 'end_turn'),
      () => message([{ type: 'text', text: 'Again.' }], 'end_turn'),
    ]);
    const model = anthropicModel({ client: clientFor(server), model: 'claude-test', maxTokens: 256 });
    const { dispatcher } = weatherDispatcher();
    const request = {
      messages: [{ role: 'user' as const, content: 'Summarise.' }],
      tools: dispatcher.toolSpecs(),
      signal: new AbortController().signal,
    };
    await model.generate({ ...request, toolChoice: 'none' });
    await model.generate(request);
    expect(server.requests[0]!.body['tool_choice']).toEqual({ type: 'none' });
    expect(server.requests[1]!.body).not.toHaveProperty('tool_choice');
  });
});
