import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import Anthropic from '@anthropic-ai/sdk';
import { convertArrayToReadableStream, MockLanguageModelV3 } from 'ai/test';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { aiSdkModel } from '../../src/adapters/ai-sdk/index.js';
import { anthropicModel } from '../../src/adapters/anthropic/index.js';
import { openaiChatModel, openaiResponsesModel } from '../../src/adapters/openai/index.js';
import { type AgentResult, type Model, runAgent, type ToolMessage } from '../../src/index.js';
import {
  type ScriptedHttpServer,
  type ScriptedReply,
  sse,
  startScriptedHttpServer,
} from './fixtures/scripted-http-server.js';
import { leaksHostPort, weatherDispatcher } from './fixtures/weather-tools.js';

let server: ScriptedHttpServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Runs the weather conversation with onText, and returns the deltas, the messages and the result. */
async function streamedRun(
  model: Model,
): Promise<{ deltas: string[]; seen: ToolMessage[]; result: AgentResult }> {
  const { dispatcher } = weatherDispatcher();
  const deltas: string[] = [];
  const seen: ToolMessage[] = [];
  const result = await runAgent({
    model,
    dispatcher,
    messages: [
      { role: 'system', content: 'Use the tools.' },
      { role: 'user', content: 'Weather in Pune, and where is order A1?' },
    ],
    onText: (delta) => deltas.push(delta),
    onStep: (step) => seen.push(...step.toolMessages),
  });
  return { deltas, seen, result };
}

/** What every streamed run must show: deltas forwarded, both calls dispatched, the leak kept out. */
function expectStreamedRun(run: { deltas: string[]; seen: ToolMessage[]; result: AgentResult }) {
  expect(run.deltas).toEqual(['Let me ', 'check. ', 'It is 31 °C', ' in Pune.']);
  expect(run.result.endedBy).toBe('answered');
  expect(run.result.text).toBe('It is 31 °C in Pune.');
  expect(run.seen.map((message) => [message.toolCallId, message.outcome.class])).toEqual([
    ['call_1', 'ok'],
    ['call_2', 'unavailable'],
  ]);
  expect(run.seen[0]!.outcome).toMatchObject({ data: { city: 'Pune', temperatureC: 31 } });
  expect(leaksHostPort(JSON.stringify(run.result.messages))).toBe(false);
}

describe('streaming models', () => {
  it('OpenAI Chat Completions: forwards deltas, assembles tool call fragments, dispatches every call', async () => {
    const chunk = (delta: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
      id: 'chatcmpl-1',
      object: 'chat.completion.chunk',
      created: 1_700_000_000,
      model: 'gpt-test',
      choices: [{ index: 0, delta, finish_reason: null }],
      ...extra,
    });
    const usage = (prompt: number) => ({
      id: 'chatcmpl-1',
      object: 'chat.completion.chunk',
      created: 1_700_000_000,
      model: 'gpt-test',
      choices: [],
      usage: { prompt_tokens: prompt, completion_tokens: 5, total_tokens: prompt + 5 },
    });
    const script: ScriptedReply[] = [
      () =>
        sse(
          [
            { data: chunk({ role: 'assistant', content: 'Let me ' }) },
            { data: chunk({ content: 'check. ' }) },
            {
              data: chunk({
                tool_calls: [
                  {
                    index: 0,
                    id: 'call_1',
                    type: 'function',
                    function: { name: 'get_weather', arguments: '' },
                  },
                ],
              }),
            },
            { data: chunk({ tool_calls: [{ index: 0, function: { arguments: '{"city":' } }] }) },
            { data: chunk({ tool_calls: [{ index: 0, function: { arguments: '"Pune"}' } }] }) },
            {
              data: chunk({
                tool_calls: [
                  {
                    index: 1,
                    id: 'call_2',
                    type: 'function',
                    function: { name: 'lookup_order', arguments: '{"orderId":"A1"}' },
                  },
                ],
              }),
            },
            { data: usage(40) },
          ],
          { done: true },
        ),
      () =>
        sse(
          [
            { data: chunk({ content: 'It is 31 °C' }) },
            { data: chunk({ content: ' in Pune.' }) },
            { data: usage(90) },
          ],
          {
            done: true,
          },
        ),
    ];
    server = await startScriptedHttpServer('/v1/chat/completions', script);
    const client = new OpenAI({ apiKey: 'test-key', baseURL: `${server.origin}/v1`, maxRetries: 0 });

    const run = await streamedRun(openaiChatModel({ client, model: 'gpt-test' }));

    expectStreamedRun(run);
    expect(server.requests[0]!.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    const sent = server.requests[1]!.body['messages'] as { role: string; tool_call_id?: string }[];
    expect(sent.filter((message) => message.role === 'tool').map((message) => message.tool_call_id)).toEqual([
      'call_1',
      'call_2',
    ]);
    expect(run.result.usage).toEqual({ inputTokens: 130, outputTokens: 10 });
  });

  it('OpenAI Responses: forwards output_text deltas and reads the calls from response.completed', async () => {
    const response = (output: Record<string, unknown>[], id: string) => ({
      id,
      object: 'response',
      created_at: 1_700_000_000,
      status: 'completed',
      model: 'gpt-test',
      output,
      parallel_tool_calls: true,
      tool_choice: 'auto',
      tools: [],
      usage: { input_tokens: 40, output_tokens: 5, total_tokens: 45 },
    });
    const message = (text: string) => ({
      type: 'message',
      id: 'msg_1',
      role: 'assistant',
      status: 'completed',
      content: [{ type: 'output_text', text, annotations: [] }],
    });
    const call = (callId: string, name: string, args: string) => ({
      type: 'function_call',
      id: `fc_${callId}`,
      call_id: callId,
      name,
      arguments: args,
      status: 'completed',
    });
    const delta = (text: string, sequence: number) => ({
      event: 'response.output_text.delta',
      data: {
        type: 'response.output_text.delta',
        item_id: 'msg_1',
        output_index: 0,
        content_index: 0,
        delta: text,
        sequence_number: sequence,
      },
    });
    const completed = (body: ReturnType<typeof response>) => ({
      event: 'response.completed',
      data: { type: 'response.completed', response: body, sequence_number: 99 },
    });
    server = await startScriptedHttpServer('/v1/responses', [
      () =>
        sse([
          delta('Let me ', 1),
          delta('check. ', 2),
          completed(
            response(
              [
                message('Let me check. '),
                call('call_1', 'get_weather', '{"city":"Pune"}'),
                call('call_2', 'lookup_order', '{"orderId":"A1"}'),
              ],
              'resp_1',
            ),
          ),
        ]),
      () =>
        sse([
          delta('It is 31 °C', 1),
          delta(' in Pune.', 2),
          completed(response([message('It is 31 °C in Pune.')], 'resp_2')),
        ]),
    ]);
    const client = new OpenAI({ apiKey: 'test-key', baseURL: `${server.origin}/v1`, maxRetries: 0 });

    const run = await streamedRun(openaiResponsesModel({ client, model: 'gpt-test' }));

    expectStreamedRun(run);
    expect(server.requests[0]!.body['stream']).toBe(true);
    const input = server.requests[1]!.body['input'] as { type?: string; call_id?: string }[];
    expect(input.filter((item) => item.type === 'function_call_output').map((item) => item.call_id)).toEqual([
      'call_1',
      'call_2',
    ]);
  });

  it('Anthropic: forwards text deltas and assembles tool_use input from input_json_delta', async () => {
    const start = (id: string) => ({
      event: 'message_start',
      data: {
        type: 'message_start',
        message: {
          id,
          type: 'message',
          role: 'assistant',
          model: 'claude-test',
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: 40, output_tokens: 1 },
        },
      },
    });
    const event = (type: string, data: Record<string, unknown>) => ({ event: type, data: { type, ...data } });
    const text = (index: number, pieces: string[]) => [
      event('content_block_start', { index, content_block: { type: 'text', text: '' } }),
      ...pieces.map((piece) =>
        event('content_block_delta', { index, delta: { type: 'text_delta', text: piece } }),
      ),
      event('content_block_stop', { index }),
    ];
    const toolUse = (index: number, id: string, name: string, pieces: string[]) => [
      event('content_block_start', { index, content_block: { type: 'tool_use', id, name, input: {} } }),
      ...pieces.map((piece) =>
        event('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: piece } }),
      ),
      event('content_block_stop', { index }),
    ];
    const end = (reason: string) => [
      event('message_delta', {
        delta: { stop_reason: reason, stop_sequence: null },
        usage: { output_tokens: 5 },
      }),
      event('message_stop', {}),
    ];
    server = await startScriptedHttpServer('/v1/messages', [
      () =>
        sse([
          start('msg_1'),
          ...text(0, ['Let me ', 'check. ']),
          ...toolUse(1, 'call_1', 'get_weather', ['{"city":', '"Pune"}']),
          ...toolUse(2, 'call_2', 'lookup_order', ['{"orderId":"A1"}']),
          ...end('tool_use'),
        ]),
      () => sse([start('msg_2'), ...text(0, ['It is 31 °C', ' in Pune.']), ...end('end_turn')]),
    ]);
    const client = new Anthropic({ apiKey: 'test-key', baseURL: server.origin, maxRetries: 0 });

    const run = await streamedRun(anthropicModel({ client, model: 'claude-test', maxTokens: 512 }));

    expectStreamedRun(run);
    expect(server.requests[0]!.body).toMatchObject({ stream: true, system: 'Use the tools.' });
    const [, , results] = server.requests[1]!.body['messages'] as { content: { tool_use_id?: string }[] }[];
    expect(results!.content.map((block) => block.tool_use_id)).toEqual(['call_1', 'call_2']);
  });

  it('AI SDK: forwards text-delta parts from streamText and runs the calls through the boundary', async () => {
    const usage = {
      inputTokens: { total: 40, noCache: 40, cacheRead: 0, cacheWrite: 0 },
      outputTokens: { total: 5, text: 5, reasoning: 0 },
    };
    const finish = (reason: 'tool-calls' | 'stop'): LanguageModelV3StreamPart => ({
      type: 'finish',
      finishReason: { unified: reason, raw: undefined },
      usage,
    });
    const text = (pieces: string[]): LanguageModelV3StreamPart[] => [
      { type: 'text-start', id: 't1' },
      ...pieces.map((delta): LanguageModelV3StreamPart => ({ type: 'text-delta', id: 't1', delta })),
      { type: 'text-end', id: 't1' },
    ];
    let calls = 0;
    const model = new MockLanguageModelV3({
      doStream: async () => {
        calls += 1;
        const parts: LanguageModelV3StreamPart[] =
          calls === 1
            ? [
                { type: 'stream-start', warnings: [] },
                ...text(['Let me ', 'check. ']),
                {
                  type: 'tool-call',
                  toolCallId: 'call_1',
                  toolName: 'get_weather',
                  input: '{"city":"Pune"}',
                },
                {
                  type: 'tool-call',
                  toolCallId: 'call_2',
                  toolName: 'lookup_order',
                  input: '{"orderId":"A1"}',
                },
                finish('tool-calls'),
              ]
            : [{ type: 'stream-start', warnings: [] }, ...text(['It is 31 °C', ' in Pune.']), finish('stop')];
        return { stream: convertArrayToReadableStream(parts) };
      },
    });

    const run = await streamedRun(aiSdkModel({ model }));

    expectStreamedRun(run);
    expect(model.doStreamCalls).toHaveLength(2);
    // the system message went out as the system prompt, as AI SDK 7 requires
    expect(model.doStreamCalls[0]!.prompt[0]).toMatchObject({ role: 'system', content: 'Use the tools.' });
  });

  it('gives a model without stream one onText per turn, with the whole text', async () => {
    const { dispatcher } = weatherDispatcher();
    const deltas: string[] = [];
    const result = await runAgent({
      model: { generate: async () => ({ content: 'It is 31 °C in Pune.', toolCalls: [] }) },
      dispatcher,
      messages: [{ role: 'user', content: 'Weather in Pune?' }],
      onText: (delta) => deltas.push(delta),
    });
    expect(result.text).toBe('It is 31 °C in Pune.');
    expect(deltas).toEqual(['It is 31 °C in Pune.']);
  });

  it('does not retry a turn whose text was already shown, but retries one that showed nothing', async () => {
    const { dispatcher } = weatherDispatcher();
    const busy = () => Object.assign(new Error('Service Unavailable'), { status: 503 });
    let streams = 0;
    const deltas: string[] = [];
    const result = await runAgent({
      model: {
        generate: async () => ({ content: 'unused', toolCalls: [] }),
        stream: async (_request, handlers) => {
          streams += 1;
          if (streams === 1) throw busy(); // nothing shown yet: retried
          handlers.onText('It is 31');
          throw busy(); // mid-answer: not retried, or the user would read it twice
        },
      },
      dispatcher,
      messages: [{ role: 'user', content: 'Weather in Pune?' }],
      modelRetry: { initialDelayMs: 1, maxDelayMs: 1 },
      onText: (delta) => deltas.push(delta),
    });
    expect(streams).toBe(2);
    expect(deltas).toEqual(['It is 31']);
    expect(result.endedBy).toBe('model_unavailable');
  });
});
