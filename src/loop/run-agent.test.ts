import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createDispatcher } from '../boundary/create-dispatcher.js';
import { silentLogger } from '../observe/logger.js';
import { correctable, fatal } from '../outcome/constructors.js';
import { ToolError } from '../outcome/tool-error.js';
import { defineTool } from '../tool/define-tool.js';
import { DEFAULT_FALLBACK_TEXTS } from './fallback-text.js';
import type { Model } from './model.js';
import { DEFAULT_FALLBACK_TEXT, runAgent } from './run-agent.js';
import { lastSuggestion, scriptedModel } from './scripted-model.js';

const weather = defineTool({
  name: 'get_weather',
  description: 'Weather in a city.',
  input: z.object({ city: z.enum(['Pune', 'Mumbai', 'Delhi']) }),
  run: async ({ city }) => ({ city, temp_c: 31 }),
});

const broken = defineTool({
  name: 'lookup_order',
  description: 'Looks up an order.',
  input: z.object({ order_id: z.string() }),
  run: async () => {
    throw new Error('connection to db.internal:5432 refused');
  },
});

const question = [{ role: 'user' as const, content: 'What is the weather in Pune?' }];
const dispatcherFor = (...tools: Parameters<typeof createDispatcher>[0]['tools']) =>
  createDispatcher({ tools, logger: silentLogger });

describe('runAgent', () => {
  it('lets the model correct itself from the suggestion and answers', async () => {
    const model = scriptedModel([
      { toolCalls: [{ name: 'get_weather', arguments: '{"city":"Punee"}' }] },
      (request) => ({ toolCalls: [{ name: 'get_weather', arguments: lastSuggestion(request) ?? {} }] }),
      { content: 'It is 31 C in Pune.' },
    ]);
    const result = await runAgent({ model, dispatcher: dispatcherFor(weather), messages: question });
    expect(result.endedBy).toBe('answered');
    expect(result.text).toBe('It is 31 C in Pune.');
    expect(result.toolMessages.map((message) => message.outcome.class)).toEqual(['correctable', 'ok']);
    expect(result.messages.filter((message) => message.role === 'tool')).toHaveLength(2);
    expect(model.calls).toBe(3);
  });

  it('stops a model that never learns at the repeat limit, not the step limit', async () => {
    const model = scriptedModel([{ toolCalls: [{ name: 'lookup_order', arguments: { order_id: 'A17' } }] }], {
      repeatLast: true,
    });
    const result = await runAgent({
      model,
      dispatcher: dispatcherFor(broken),
      messages: question,
      maxSteps: 50,
      fallbackText: 'Sorry.',
    });
    expect(result.endedBy).toBe('repeated_failure');
    expect(model.calls).toBe(2);
    expect(result.text).toBe('Sorry.');
  });

  it('halts on a fatal outcome and answers with the fallback, never the model', async () => {
    const tool = defineTool({
      name: 'billing',
      description: 'd',
      input: z.object({}),
      run: async () =>
        fatal({ error: 'credentials_invalid', message: 'The billing credentials are invalid.' }),
    });
    const model = scriptedModel(
      [{ toolCalls: [{ name: 'billing', arguments: {} }], content: 'The balance is $0.' }],
      { repeatLast: true },
    );
    const result = await runAgent({ model, dispatcher: dispatcherFor(tool), messages: question });
    expect(result.endedBy).toBe('halted');
    expect(result.text).toBe(DEFAULT_FALLBACK_TEXT);
    expect(result.text).not.toContain('$0');
    expect(model.calls).toBe(1);
  });

  it('ends at the step limit with the fallback text', async () => {
    let n = 0;
    const model = scriptedModel(
      [
        () => ({
          toolCalls: [{ name: 'get_weather', arguments: { city: ['Pune', 'Mumbai', 'Delhi'][n++ % 3] } }],
        }),
      ],
      { repeatLast: true },
    );
    const result = await runAgent({
      model,
      dispatcher: dispatcherFor(weather),
      messages: question,
      maxSteps: 4,
      fallbackText: (ending) => `ended by ${ending}`,
    });
    expect(result.endedBy).toBe('step_limit');
    expect(result.text).toBe('ended by step_limit');
    expect(model.calls).toBe(4);
  });

  it('runs parallel calls of one step and keeps each result paired with its call', async () => {
    const model = scriptedModel([
      {
        toolCalls: [
          { id: 'a', name: 'get_weather', arguments: { city: 'Pune' } },
          { id: 'b', name: 'get_weather', arguments: { city: 'Delhi' } },
          { id: 'c', name: 'get_weather', arguments: { city: 'Paris' } },
        ],
      },
      { content: 'done' },
    ]);
    const result = await runAgent({ model, dispatcher: dispatcherFor(weather), messages: question });
    const [step] = result.steps;
    expect(step?.toolMessages.map((message) => [message.toolCallId, message.outcome.class])).toEqual([
      ['a', 'ok'],
      ['b', 'ok'],
      ['c', 'correctable'],
    ]);
  });

  it('sums usage over the model calls that report it', async () => {
    const responses = [
      {
        content: '',
        toolCalls: [{ id: '1', name: 'get_weather', arguments: { city: 'Pune' } }],
        usage: { inputTokens: 10, outputTokens: 3 },
      },
      { content: 'ok', toolCalls: [], usage: { inputTokens: 20, outputTokens: 5 } },
    ];
    const model: Model = { generate: async () => responses.shift()! };
    const result = await runAgent({ model, tools: [weather], messages: question });
    expect(result.usage).toEqual({ inputTokens: 30, outputTokens: 8 });
  });

  it('stops when aborted during a model call and does not run further steps', async () => {
    const controller = new AbortController();
    let calls = 0;
    const model: Model = {
      generate: ({ signal }) =>
        new Promise((_resolve, reject) => {
          calls++;
          signal.addEventListener('abort', () => reject(new Error('aborted')));
          setTimeout(() => controller.abort(), 5);
        }),
    };
    const result = await runAgent({
      model,
      dispatcher: dispatcherFor(weather),
      messages: question,
      signal: controller.signal,
    });
    expect(result.endedBy).toBe('aborted');
    expect(calls).toBe(1);
    expect(result.text).toBe(DEFAULT_FALLBACK_TEXTS.aborted);
  });

  it('passes a model error that is not an abort on to the caller', async () => {
    const model: Model = {
      generate: async () => {
        throw new Error('rate limited by provider');
      },
    };
    await expect(runAgent({ model, dispatcher: dispatcherFor(weather), messages: question })).rejects.toThrow(
      'rate limited',
    );
  });

  it('reports each step to onStep, in order', async () => {
    const seen: number[] = [];
    const model = scriptedModel([
      { toolCalls: [{ name: 'get_weather', arguments: { city: 'Pune' } }] },
      { content: 'done' },
    ]);
    await runAgent({
      model,
      dispatcher: dispatcherFor(weather),
      messages: question,
      onStep: (step) => seen.push(step.index),
    });
    expect(seen).toEqual([1, 2]);
  });

  it('forgets the run state when the run ends, so a run id can be reused', async () => {
    const tool = defineTool({
      name: 'picky',
      description: 'd',
      input: z.object({}),
      run: async () => {
        throw new ToolError(correctable({ error: 'nope', message: 'Not like that.' }));
      },
    });
    const dispatcher = dispatcherFor(tool);
    const script = () =>
      scriptedModel([{ toolCalls: [{ name: 'picky', arguments: {} }] }, { content: 'gave up' }]);
    const first = await runAgent({ model: script(), dispatcher, messages: question, runId: 'same' });
    const second = await runAgent({ model: script(), dispatcher, messages: question, runId: 'same' });
    expect(first.endedBy).toBe('answered');
    expect(second.endedBy).toBe('answered');
  });

  it('rejects bad options with clear errors', async () => {
    const model = scriptedModel([{ content: 'x' }]);
    await expect(runAgent({ model, messages: question })).rejects.toThrow(/dispatcher or a list of tools/);
    await expect(
      runAgent({ model, tools: [weather], dispatcher: dispatcherFor(weather), messages: question }),
    ).rejects.toThrow(/not both/);
    await expect(runAgent({ model, tools: [weather], messages: question, maxSteps: 0 })).rejects.toThrow(
      RangeError,
    );
    await expect(runAgent({ model: {} as Model, tools: [weather], messages: question })).rejects.toThrow(
      /generate/,
    );
  });
});

describe('scriptedModel', () => {
  it('says clearly when the script runs out', async () => {
    const model = scriptedModel([{ content: 'only one' }]);
    await model.generate({ messages: [], tools: [], signal: new AbortController().signal });
    await expect(
      model.generate({ messages: [], tools: [], signal: new AbortController().signal }),
    ).rejects.toThrow(/only 1 steps/);
  });
});

describe('runAgent at the failure cap', () => {
  let n = 0;
  const fresh = defineTool({
    name: 'lookup_order',
    description: 'Looks up an order; always fails, whatever the id.',
    input: z.object({ order_id: z.string() }),
    run: async ({ order_id }) => correctable({ error: 'unknown_order', message: `No order ${order_id}.` }),
  });
  // a model that never obeys: new arguments every turn, and tool calls even when told not to
  const neverObeys = (perTurn: number) =>
    scriptedModel(
      [
        () => ({
          toolCalls: Array.from({ length: perTurn }, () => ({
            name: 'lookup_order',
            arguments: { order_id: `A${++n}` },
          })),
        }),
      ],
      { repeatLast: true },
    );

  for (const perTurn of [1, 3, 10]) {
    it(`makes at most one more model call, with tools off, once the cap is reached (${perTurn} calls a turn)`, async () => {
      const model = neverObeys(perTurn);
      const result = await runAgent({
        model,
        dispatcher: createDispatcher({
          tools: [fresh],
          logger: silentLogger,
          policy: { maxFailedCalls: 5, retries: { correctable: 100 } },
        }),
        messages: question,
        maxSteps: 40,
      });
      const capAt = Math.ceil(5 / perTurn);
      expect(model.calls).toBe(capAt + 1);
      expect(result.endedBy).toBe('failure_cap');
      expect(result.text).toBe(DEFAULT_FALLBACK_TEXTS.failure_cap);
      expect(model.requests.at(-1)?.toolChoice).toBe('none');
      expect(model.requests.slice(0, -1).every((request) => request.toolChoice !== 'none')).toBe(true);
      expect(result.toolMessages.filter((message) => message.outcome.class === 'correctable')).toHaveLength(
        5,
      );
    });
  }

  it('answers with the model summary when it obeys the tools-off call', async () => {
    const model = scriptedModel([
      { toolCalls: [{ name: 'lookup_order', arguments: { order_id: 'A1' } }] },
      { toolCalls: [{ name: 'lookup_order', arguments: { order_id: 'A2' } }] },
      (request) => ({ content: request.toolChoice === 'none' ? 'I could not find either order.' : 'wrong' }),
    ]);
    const result = await runAgent({
      model,
      dispatcher: createDispatcher({ tools: [fresh], logger: silentLogger, policy: { maxFailedCalls: 2 } }),
      messages: question,
    });
    expect(result.endedBy).toBe('answered');
    expect(result.text).toBe('I could not find either order.');
    expect(model.calls).toBe(3);
  });

  it('keeps each request as it was sent', async () => {
    const model = scriptedModel([
      { toolCalls: [{ name: 'get_weather', arguments: { city: 'Pune' } }] },
      { content: 'It is 31 C in Pune.' },
    ]);
    await runAgent({ model, dispatcher: dispatcherFor(weather), messages: question });
    expect(model.requests[0]?.messages).toHaveLength(1);
    expect(model.requests[1]?.messages).toHaveLength(3);
  });
});

describe('runAgent when the model fails', () => {
  const failing = (errors: unknown[], then: { content: string }) => {
    let calls = 0;
    const model: Model = {
      async generate() {
        const error = errors[calls++];
        if (error !== undefined) throw error;
        return { content: then.content, toolCalls: [] };
      },
    };
    return { model, calls: () => calls };
  };
  const status = (code: number, headers: Record<string, string> = {}) =>
    Object.assign(new Error(`HTTP ${code}`), { status: code, headers });

  it('retries a 429 and a 503 and answers', async () => {
    const { model, calls } = failing([status(429, { 'retry-after-ms': '5' }), status(503)], {
      content: 'Done.',
    });
    const events: string[] = [];
    const result = await runAgent({
      model,
      tools: [weather],
      messages: question,
      modelRetry: { initialDelayMs: 1, maxDelayMs: 5 },
      logger: silentLogger,
      onEvent: (event) => events.push(event.type),
    });
    expect(result.endedBy).toBe('answered');
    expect(calls()).toBe(3);
    expect(events.filter((type) => type === 'model.retried')).toHaveLength(2);
  });

  it('ends model_unavailable with its own fallback once the retries run out', async () => {
    const { model, calls } = failing([status(503), status(503), status(503), status(503)], {
      content: 'never',
    });
    const result = await runAgent({
      model,
      tools: [weather],
      messages: question,
      modelRetry: { maxAttempts: 3, initialDelayMs: 1, maxDelayMs: 2 },
      logger: silentLogger,
    });
    expect(result.endedBy).toBe('model_unavailable');
    expect(result.text).toBe(DEFAULT_FALLBACK_TEXTS.model_unavailable);
    expect(calls()).toBe(3);
  });

  it('rejects as before on an error that is not transient', async () => {
    const { model, calls } = failing([status(400)], { content: 'never' });
    await expect(
      runAgent({ model, tools: [weather], messages: question, logger: silentLogger }),
    ).rejects.toThrow('HTTP 400');
    expect(calls()).toBe(1);
  });

  it('says truthfully why each run ended', () => {
    expect(DEFAULT_FALLBACK_TEXTS.step_limit).not.toMatch(/fail/);
    expect(DEFAULT_FALLBACK_TEXTS.aborted).not.toMatch(/fail/);
    expect(new Set(Object.values(DEFAULT_FALLBACK_TEXTS)).size).toBe(
      Object.keys(DEFAULT_FALLBACK_TEXTS).length,
    );
  });
});
