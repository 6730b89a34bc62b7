import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatchOpenAIToolCalls, openaiChatModel, toOpenAITools } from '../../src/adapters/openai/index.js';
import { runAgent } from '../../src/index.js';
import { type ScriptedHttpServer, startScriptedHttpServer } from './fixtures/scripted-http-server.js';
import { LEAKED_DETAIL, leaksHostPort, suggestionIn, weatherDispatcher } from './fixtures/weather-tools.js';

type ChatMessage = { role: string; content?: unknown; tool_call_id?: string; tool_calls?: unknown[] };

function completion(message: Record<string, unknown>, finishReason: string) {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: 1_700_000_000,
    model: 'gpt-test',
    choices: [
      {
        index: 0,
        finish_reason: finishReason,
        logprobs: null,
        message: { role: 'assistant', refusal: null, ...message },
      },
    ],
    usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
  };
}

function toolCalls(...calls: [id: string, name: string, args: string][]) {
  return completion(
    {
      content: null,
      tool_calls: calls.map(([id, name, args]) => ({
        id,
        type: 'function',
        function: { name, arguments: args },
      })),
    },
    'tool_calls',
  );
}

function clientFor(server: ScriptedHttpServer): OpenAI {
  return new OpenAI({ apiKey: 'test-key', baseURL: `${server.origin}/v1`, maxRetries: 0 });
}

let server: ScriptedHttpServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('toolbound/openai with Chat Completions', () => {
  it('declares the tools as function tools with their JSON Schema', () => {
    const { dispatcher } = weatherDispatcher();
    expect(toOpenAITools(dispatcher)).toEqual([
      {
        type: 'function',
        function: {
          name: 'get_weather',
          description: 'Current temperature in a city.',
          parameters: {
            type: 'object',
            properties: { city: { type: 'string', enum: ['Pune', 'Mumbai', 'Delhi'] } },
            required: ['city'],
          },
        },
      },
      {
        type: 'function',
        function: {
          name: 'lookup_order',
          description: 'Looks up an order by id.',
          parameters: { type: 'object', properties: { orderId: { type: 'string' } }, required: ['orderId'] },
        },
      },
    ]);
  });

  it('answers parallel tool calls with one tool message each, paired by tool_call_id', async () => {
    server = await startScriptedHttpServer('/v1/chat/completions', [
      () =>
        toolCalls(
          ['call_a', 'get_weather', '{"city":"Punee"}'],
          ['call_b', 'lookup_order', '{"orderId":"A1"}'],
        ),
      () => completion({ content: 'Done.' }, 'stop'),
    ]);
    const client = clientFor(server);
    const { dispatcher } = weatherDispatcher();
    const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [
      { role: 'user', content: 'Weather in Pune, and order A1?' },
    ];
    const first = await client.chat.completions.create({
      model: 'gpt-test',
      messages,
      tools: toOpenAITools(dispatcher),
      parallel_tool_calls: true,
    });
    const assistant = first.choices[0]!.message;
    const turn = await dispatchOpenAIToolCalls(dispatcher, assistant.tool_calls ?? [], { runId: 'run-1' });
    messages.push(assistant, ...turn.messages);
    await client.chat.completions.create({ model: 'gpt-test', messages, tools: toOpenAITools(dispatcher) });

    expect(server.requests[0]!.body['parallel_tool_calls']).toBe(true);
    const sent = server.requests[1]!.body['messages'] as ChatMessage[];
    expect(sent.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'tool']);
    expect(sent[1]!.tool_calls).toEqual([
      { id: 'call_a', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Punee"}' } },
      { id: 'call_b', type: 'function', function: { name: 'lookup_order', arguments: '{"orderId":"A1"}' } },
    ]);
    expect(sent[2]).toEqual({
      role: 'tool',
      tool_call_id: 'call_a',
      content:
        '{"ok":false,"class":"correctable","error":"invalid_arguments","message":"city must be one of Pune, Mumbai, Delhi; you provided \\"Punee\\".","hint":"Call get_weather again with city \\"Pune\\".","suggestion":{"city":"Pune"}}',
    });
    expect(sent[3]!.tool_call_id).toBe('call_b');
    expect(JSON.parse(sent[3]!.content as string)).toMatchObject({
      ok: false,
      class: 'unavailable',
      error: 'internal_error',
      reference: 'ref-1',
    });
    expect(turn.halt).toBeUndefined();
    expect(turn.toolMessages.map((message) => message.isError)).toEqual([true, true]);
  });

  it('runs runAgent end to end: the model fixes its typo from the suggestion, the leak stays out', async () => {
    server = await startScriptedHttpServer('/v1/chat/completions', [
      () =>
        toolCalls(
          ['call_1', 'get_weather', '{"city":"Punee"}'],
          ['call_2', 'lookup_order', '{"orderId":"A1"}'],
        ),
      (body) => {
        // the scripted model reads the correction the way a real one would: from the tool message
        const messages = body['messages'] as ChatMessage[];
        const fix = suggestionIn(messages.find((message) => message.tool_call_id === 'call_1')?.content);
        return toolCalls(['call_3', 'get_weather', JSON.stringify(fix)]);
      },
      () => completion({ content: 'It is 31 °C in Pune. I could not check order A1.' }, 'stop'),
    ]);
    const { dispatcher, events } = weatherDispatcher();
    const result = await runAgent({
      model: openaiChatModel({ client: clientFor(server), model: 'gpt-test', temperature: 0 }),
      dispatcher,
      messages: [
        { role: 'system', content: 'You are a helpful assistant.' },
        { role: 'user', content: 'Weather in Pune, and where is order A1?' },
      ],
    });

    expect(result.endedBy).toBe('answered');
    expect(result.text).toBe('It is 31 °C in Pune. I could not check order A1.');
    expect(result.usage).toEqual({ inputTokens: 300, outputTokens: 60 });
    expect(server.requests[0]!.body).toMatchObject({
      model: 'gpt-test',
      temperature: 0,
      messages: [
        { role: 'system', content: 'You are a helpful assistant.' },
        { role: 'user', content: 'Weather in Pune, and where is order A1?' },
      ],
      tools: [
        { type: 'function', function: { name: 'get_weather' } },
        { type: 'function', function: { name: 'lookup_order' } },
      ],
    });
    const third = server.requests[2]!.body['messages'] as ChatMessage[];
    expect(third.at(-2)).toEqual({
      role: 'assistant',
      content: null,
      tool_calls: [
        { id: 'call_3', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Pune"}' } },
      ],
    });
    expect(third.at(-1)).toMatchObject({ role: 'tool', tool_call_id: 'call_3' });
    expect(JSON.parse(third.at(-1)!.content as string)).toEqual({
      ok: true,
      class: 'ok',
      data: { city: 'Pune', temperatureC: 31 },
    });
    const everythingSent = JSON.stringify(server.requests.map((request) => request.body));
    expect(leaksHostPort(everythingSent)).toBe(false);
    expect(everythingSent).toContain('ref-1');
    // the detail went to the server log, under the reference the model saw
    const logged = events.find((event) => event.type === 'tool.internal_error');
    expect(JSON.stringify(logged)).toContain(LEAKED_DETAIL);
    expect(JSON.stringify(logged)).toContain('ref-1');
  });

  it("maps the loop's toolChoice 'none' to tool_choice, and sends none otherwise", async () => {
    server = await startScriptedHttpServer('/v1/chat/completions', [
      () => completion({ content: 'Here is what I found.' }, 'stop'),
      () => completion({ content: 'Again.' }, 'stop'),
    ]);
    const model = openaiChatModel({ client: clientFor(server), model: 'gpt-test' });
    const { dispatcher } = weatherDispatcher();
    const request = {
      messages: [{ role: 'user' as const, content: 'Summarise.' }],
      tools: dispatcher.toolSpecs(),
      signal: new AbortController().signal,
    };
    await model.generate({ ...request, toolChoice: 'none' });
    await model.generate(request);
    expect(server.requests[0]!.body['tool_choice']).toBe('none');
    expect(server.requests[0]!.body['tools']).toHaveLength(2);
    expect(server.requests[1]!.body).not.toHaveProperty('tool_choice');
  });
});
