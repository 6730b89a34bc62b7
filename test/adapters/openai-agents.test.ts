import { Agent, OpenAIResponsesModel, RunContext, Runner } from '@openai/agents';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { boundaryToolUseBehavior, toOpenAIAgentsTools } from '../../src/adapters/openai-agents/index.js';
import {
  createDispatcher,
  DEFAULT_FALLBACK_TEXT,
  defineTool,
  fatal,
  silentLogger,
  type ToolMessage,
} from '../../src/index.js';
import { answer, functionCall, response } from './fixtures/responses-api.js';
import { type ScriptedHttpServer, startScriptedHttpServer } from './fixtures/scripted-http-server.js';
import {
  getWeather,
  leaksHostPort,
  lookupOrder,
  suggestionIn,
  weatherDispatcher,
} from './fixtures/weather-tools.js';

type InputItem = { type?: string; call_id?: string; output?: unknown };

/** The output the SDK sent back for a call id, as a string. */
function outputFor(body: Record<string, unknown>, callId: string): string {
  const item = (body['input'] as InputItem[]).find(
    (entry) => entry.type === 'function_call_output' && entry.call_id === callId,
  );
  const output = item?.output;
  return typeof output === 'string' ? output : JSON.stringify(output);
}

const chargeCard = defineTool({
  name: 'charge_card',
  description: 'Charges the saved card.',
  input: z.object({ amount: z.number() }),
  run: () => fatal({ error: 'bad_credentials', message: 'The payment service rejected our credentials.' }),
});

let server: ScriptedHttpServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function runner(origin: string): Runner {
  const client = new OpenAI({ baseURL: `${origin}/v1`, apiKey: 'test-key', maxRetries: 0 });
  return new Runner({ model: new OpenAIResponsesModel(client, 'gpt-test'), tracingDisabled: true });
}

describe('toolbound/openai-agents', () => {
  it('invoke returns the boundary content for a typo and for a throw', async () => {
    const { dispatcher } = weatherDispatcher();
    const [weather, order] = toOpenAIAgentsTools(dispatcher, { runId: 'run-1' });
    const context = new RunContext();
    const typo = await weather!.invoke(context, '{"city":"Punee"}');
    expect(typo).toBe(
      (
        await weatherDispatcher().dispatcher.dispatch({
          id: '',
          name: 'get_weather',
          arguments: { city: 'Punee' },
        })
      ).content,
    );
    expect(suggestionIn(typo)).toEqual({ city: 'Pune' });
    const thrown = String(await order!.invoke(context, '{"orderId":"A1"}'));
    expect(JSON.parse(thrown)).toMatchObject({ class: 'unavailable', error: 'internal_error' });
    expect(leaksHostPort(thrown)).toBe(false);
    expect(thrown).not.toContain('An error occurred while running the tool');
    // text that is not JSON reaches the boundary too, instead of the SDK's error function
    const broken = String(await weather!.invoke(context, '{"city": Pune'));
    expect(JSON.parse(broken)).toMatchObject({ class: 'correctable', error: 'malformed_arguments' });
  });

  it('runs a real Agent and Runner over the Responses wire format: typo fixed, leak kept out', async () => {
    const { dispatcher } = weatherDispatcher();
    const seen: ToolMessage[] = [];
    server = await startScriptedHttpServer('/v1/responses', [
      () =>
        response([
          functionCall('call_1', 'get_weather', '{"city":"Punee"}'),
          functionCall('call_2', 'lookup_order', '{"orderId":"A1"}'),
        ]),
      (body) =>
        response([
          functionCall('call_3', 'get_weather', JSON.stringify(suggestionIn(outputFor(body, 'call_1')))),
        ]),
      () => response([answer("It's 31 °C in Pune; I couldn't check order A1.")]),
    ]);
    const agent = new Agent({
      name: 'assistant',
      instructions: 'Answer with the tools.',
      tools: toOpenAIAgentsTools(dispatcher, {
        runId: 'run-2',
        onToolMessage: (message) => seen.push(message),
      }),
      toolUseBehavior: boundaryToolUseBehavior(),
    });

    const result = await runner(server.origin).run(agent, 'Weather in Punee, and order A1?');

    expect(result.finalOutput).toBe("It's 31 °C in Pune; I couldn't check order A1.");
    const [first, second] = server.requests;
    // the tools went out as non-strict function tools with their JSON Schema
    expect((first!.body['tools'] as Record<string, unknown>[])[0]).toMatchObject({
      type: 'function',
      name: 'get_weather',
      strict: false,
      parameters: { properties: { city: { enum: ['Pune', 'Mumbai', 'Delhi'] } } },
    });
    expect(outputFor(second!.body, 'call_1')).toBe(seen.find((m) => m.toolCallId === 'call_1')!.content);
    expect(JSON.parse(outputFor(second!.body, 'call_2'))).toMatchObject({ class: 'unavailable' });
    expect(leaksHostPort(JSON.stringify(server.requests.map((request) => request.body)))).toBe(false);
    expect(JSON.stringify(server.requests.map((request) => request.body))).not.toContain(
      'An error occurred while running the tool',
    );
    expect(seen.map((message) => [message.toolCallId, message.outcome.class])).toEqual([
      ['call_1', 'correctable'],
      ['call_2', 'unavailable'],
      ['call_3', 'ok'],
    ]);
  });

  it('stops the agent run at a halt, with the fallback text as the final output', async () => {
    const dispatcher = createDispatcher({
      tools: [getWeather, lookupOrder, chargeCard],
      logger: silentLogger,
    });
    server = await startScriptedHttpServer('/v1/responses', [
      () => response([functionCall('call_1', 'charge_card', '{"amount":12}')]),
      () => response([answer('Your card was charged.')]),
    ]);
    const agent = new Agent({
      name: 'assistant',
      instructions: 'Answer with the tools.',
      tools: toOpenAIAgentsTools(dispatcher, { runId: 'run-3' }),
      toolUseBehavior: boundaryToolUseBehavior(),
    });

    const result = await runner(server.origin).run(agent, 'Charge my card $12.');

    expect(result.finalOutput).toBe(DEFAULT_FALLBACK_TEXT);
    expect(server.requests).toHaveLength(1); // the model never wrote an answer around the halt
  });

  it('maps needsApproval onto the SDK approvals: the run interrupts, and the approved call runs', async () => {
    let refunds = 0;
    const refund = defineTool({
      name: 'refund',
      description: 'Refunds an order.',
      input: z.object({ orderId: z.string() }),
      needsApproval: true,
      run: ({ orderId }) => {
        refunds += 1;
        return { orderId, refunded: true };
      },
    });
    const dispatcher = createDispatcher({ tools: [refund], logger: silentLogger });
    server = await startScriptedHttpServer('/v1/responses', [
      () => response([functionCall('call_1', 'refund', '{"orderId":"A1"}')]),
      (body) =>
        response([answer(JSON.parse(outputFor(body, 'call_1')).ok ? 'Refunded A1.' : 'Not refunded.')]),
    ]);
    const agent = new Agent({
      name: 'assistant',
      instructions: 'Answer with the tools.',
      tools: toOpenAIAgentsTools(dispatcher, { runId: 'run-4' }),
      toolUseBehavior: boundaryToolUseBehavior(),
    });
    const run = runner(server.origin);

    const paused = await run.run(agent, 'Refund order A1.');
    expect(paused.interruptions).toHaveLength(1);
    expect(refunds).toBe(0);
    paused.state.approve(paused.interruptions[0]!);
    const resumed = await run.run(agent, paused.state);

    expect(refunds).toBe(1);
    expect(resumed.finalOutput).toBe('Refunded A1.');
  });
});
