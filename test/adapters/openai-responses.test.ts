import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import {
  dispatchOpenAIFunctionCalls,
  openaiResponsesModel,
  toOpenAIResponsesTools,
} from '../../src/adapters/openai/index.js';
import { runAgent } from '../../src/index.js';
import { answer, functionCall, response } from './fixtures/responses-api.js';
import { type ScriptedHttpServer, startScriptedHttpServer } from './fixtures/scripted-http-server.js';
import { leaksHostPort, suggestionIn, weatherDispatcher } from './fixtures/weather-tools.js';

type InputItem = { type?: string; role?: string; call_id?: string; output?: unknown; id?: string };

const reasoning = { type: 'reasoning', id: 'rs_1', summary: [] };

let server: ScriptedHttpServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('toolbound/openai with the Responses API', () => {
  it('declares function tools with strict mode off', () => {
    const { dispatcher } = weatherDispatcher();
    expect(toOpenAIResponsesTools(dispatcher)[0]).toEqual({
      type: 'function',
      name: 'get_weather',
      description: 'Current temperature in a city.',
      parameters: {
        type: 'object',
        properties: { city: { type: 'string', enum: ['Pune', 'Mumbai', 'Delhi'] } },
        required: ['city'],
      },
      strict: false,
    });
  });

  it('answers function_call items with function_call_output items paired by call_id', async () => {
    server = await startScriptedHttpServer('/v1/responses', [
      () =>
        response([
          reasoning,
          functionCall('call_a', 'get_weather', '{"city":"Punee"}'),
          functionCall('call_b', 'lookup_order', '{"orderId":"A1"}'),
        ]),
      () => response([answer('Done.')]),
    ]);
    const client = new OpenAI({ apiKey: 'test-key', baseURL: `${server.origin}/v1`, maxRetries: 0 });
    const { dispatcher } = weatherDispatcher();
    const input: OpenAI.Responses.ResponseInput = [
      { role: 'user', content: 'Weather in Pune, and order A1?' },
    ];
    const first = await client.responses.create({
      model: 'gpt-test',
      input,
      tools: toOpenAIResponsesTools(dispatcher),
    });
    const turn = await dispatchOpenAIFunctionCalls(dispatcher, first.output, { runId: 'run-1' });
    input.push(...(first.output as OpenAI.Responses.ResponseInputItem[]), ...turn.items);
    await client.responses.create({ model: 'gpt-test', input, tools: toOpenAIResponsesTools(dispatcher) });

    const sent = server.requests[1]!.body['input'] as InputItem[];
    expect(sent.map((item) => item.type ?? item.role)).toEqual([
      'user',
      'reasoning',
      'function_call',
      'function_call',
      'function_call_output',
      'function_call_output',
    ]);
    expect(sent[4]).toEqual({
      type: 'function_call_output',
      call_id: 'call_a',
      output:
        '{"ok":false,"class":"correctable","error":"invalid_arguments","message":"city must be one of Pune, Mumbai, Delhi; you provided \\"Punee\\".","hint":"Call get_weather again with city \\"Pune\\".","suggestion":{"city":"Pune"}}',
    });
    expect(sent[5]!.call_id).toBe('call_b');
    expect(JSON.parse(sent[5]!.output as string)).toMatchObject({
      class: 'unavailable',
      error: 'internal_error',
    });
    expect(turn.toolMessages).toHaveLength(2);
  });

  it('runs runAgent end to end and sends reasoning items back with their function calls', async () => {
    server = await startScriptedHttpServer('/v1/responses', [
      () =>
        response([
          reasoning,
          functionCall('call_1', 'get_weather', '{"city":"Punee"}'),
          functionCall('call_2', 'lookup_order', '{"orderId":"A1"}'),
        ]),
      (body) => {
        const items = body['input'] as InputItem[];
        const fix = suggestionIn(
          items.find((item) => item.call_id === 'call_1' && item.type === 'function_call_output')?.output,
        );
        return response([functionCall('call_3', 'get_weather', JSON.stringify(fix))]);
      },
      () => response([answer('It is 31 °C in Pune; order A1 could not be checked.')]),
    ]);
    const client = new OpenAI({ apiKey: 'test-key', baseURL: `${server.origin}/v1`, maxRetries: 0 });
    const { dispatcher } = weatherDispatcher();
    const result = await runAgent({
      model: openaiResponsesModel({ client, model: 'gpt-test', reasoning: { effort: 'low' } }),
      dispatcher,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Weather in Pune, and order A1?' },
      ],
    });

    expect(result.endedBy).toBe('answered');
    expect(result.text).toBe('It is 31 °C in Pune; order A1 could not be checked.');
    expect(result.usage).toEqual({ inputTokens: 150, outputTokens: 30 });
    expect(server.requests[0]!.body).toMatchObject({
      model: 'gpt-test',
      reasoning: { effort: 'low' },
      input: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Weather in Pune, and order A1?' },
      ],
      tools: [{ type: 'function', name: 'get_weather', strict: false }, { name: 'lookup_order' }],
    });
    expect(server.requests[0]!.body).not.toHaveProperty('previous_response_id');
    const last = server.requests[2]!.body['input'] as InputItem[];
    expect(last.map((item) => item.type ?? item.role)).toEqual([
      'system',
      'user',
      'reasoning',
      'function_call',
      'function_call',
      'function_call_output',
      'function_call_output',
      'function_call',
      'function_call_output',
    ]);
    // the turn goes back as the API wrote it, item ids included
    expect(last[2]).toEqual(reasoning);
    expect(last[3]).toMatchObject({ id: 'fc_call_1', call_id: 'call_1' });
    expect(last[7]).toMatchObject({ call_id: 'call_3', arguments: '{"city":"Pune"}' });
    expect(JSON.parse(last[8]!.output as string)).toMatchObject({ ok: true, data: { city: 'Pune' } });
    expect(leaksHostPort(JSON.stringify(server.requests.map((request) => request.body)))).toBe(false);
  });

  it("maps the loop's toolChoice 'none' to tool_choice, and sends none otherwise", async () => {
    server = await startScriptedHttpServer('/v1/responses', [
      () => response([answer('Here is what I found.')]),
      () => response([answer('Again.')]),
    ]);
    const client = new OpenAI({ apiKey: 'test-key', baseURL: `${server.origin}/v1`, maxRetries: 0 });
    const model = openaiResponsesModel({ client, model: 'gpt-test' });
    const { dispatcher } = weatherDispatcher();
    const request = {
      messages: [{ role: 'user' as const, content: 'Summarise.' }],
      tools: dispatcher.toolSpecs(),
      signal: new AbortController().signal,
    };
    await model.generate({ ...request, toolChoice: 'none' });
    await model.generate(request);
    expect(server.requests[0]!.body['tool_choice']).toBe('none');
    expect(server.requests[1]!.body).not.toHaveProperty('tool_choice');
  });
});
