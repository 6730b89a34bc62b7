import type {
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3GenerateResult,
  LanguageModelV3Prompt,
  LanguageModelV3StreamPart,
} from '@ai-sdk/provider';
import { generateText, stepCountIs, streamText } from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { aiSdkModel, boundaryHalted, findHalt, toAiSdkTools } from '../../src/adapters/ai-sdk/index.js';
import { runAgent } from '../../src/index.js';
import { leaksHostPort, suggestionIn, weatherDispatcher } from './fixtures/weather-tools.js';

const usage = {
  inputTokens: { total: 40, noCache: 40, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 8, text: 8, reasoning: 0 },
};

function call(toolCallId: string, toolName: string, input: Record<string, unknown>): LanguageModelV3Content {
  return { type: 'tool-call', toolCallId, toolName, input: JSON.stringify(input) };
}

function turn(content: LanguageModelV3Content[]): LanguageModelV3GenerateResult {
  const calls = content.some((part) => part.type === 'tool-call');
  return {
    content,
    finishReason: { unified: calls ? 'tool-calls' : 'stop', raw: undefined },
    usage,
    warnings: [],
  };
}

/** The tool results the model was shown in a prompt, by tool call id. */
function toolResults(prompt: LanguageModelV3Prompt) {
  const results = new Map<string, { type: string; value?: unknown }>();
  for (const message of prompt)
    if (message.role === 'tool')
      for (const part of message.content)
        if (part.type === 'tool-result') results.set(part.toolCallId, part.output);
  return results;
}

/** A mock model that fixes the typo from the suggestion it is shown, then answers. */
function selfCorrectingModel() {
  return new MockLanguageModelV3({
    doGenerate: async (options: LanguageModelV3CallOptions) => {
      const shown = toolResults(options.prompt);
      if (shown.size === 0)
        return turn([
          call('call_1', 'get_weather', { city: 'Punee' }),
          call('call_2', 'lookup_order', { orderId: 'A1' }),
        ]);
      if (!shown.has('call_3')) {
        const fix = suggestionIn(shown.get('call_1')?.value);
        return turn([call('call_3', 'get_weather', fix ?? {})]);
      }
      return turn([{ type: 'text', text: 'It is 31 °C in Pune; order A1 could not be checked.' }]);
    },
  });
}

describe('toolbound/ai-sdk', () => {
  it('generateText: the model reads error-text results, fixes its typo, and the leak stays out', async () => {
    const model = selfCorrectingModel();
    const { dispatcher } = weatherDispatcher();
    const result = await generateText({
      model,
      prompt: 'Weather in Pune, and order A1?',
      tools: toAiSdkTools(dispatcher, { runId: 'run-1' }),
      stopWhen: [stepCountIs(5), boundaryHalted()],
    });

    expect(result.text).toBe('It is 31 °C in Pune; order A1 could not be checked.');
    expect(result.steps).toHaveLength(3);
    // the tools reach the provider with their JSON Schema
    expect(model.doGenerateCalls[0]!.tools).toEqual([
      {
        type: 'function',
        name: 'get_weather',
        description: 'Current temperature in a city.',
        inputSchema: {
          type: 'object',
          properties: { city: { type: 'string', enum: ['Pune', 'Mumbai', 'Delhi'] } },
          required: ['city'],
        },
      },
      expect.objectContaining({ type: 'function', name: 'lookup_order' }),
    ]);
    const second = toolResults(model.doGenerateCalls[1]!.prompt);
    expect(second.get('call_1')).toEqual({
      type: 'error-text',
      value:
        '{"ok":false,"class":"correctable","error":"invalid_arguments","message":"city must be one of Pune, Mumbai, Delhi; you provided \\"Punee\\".","hint":"Call get_weather again with city \\"Pune\\".","suggestion":{"city":"Pune"}}',
    });
    expect(second.get('call_2')?.type).toBe('error-text');
    expect(JSON.parse(second.get('call_2')!.value as string)).toMatchObject({
      class: 'unavailable',
      error: 'internal_error',
      reference: 'ref-1',
    });
    const third = toolResults(model.doGenerateCalls[2]!.prompt);
    expect(third.get('call_3')?.type).toBe('text');
    expect(JSON.parse(third.get('call_3')!.value as string)).toMatchObject({
      ok: true,
      data: { city: 'Pune' },
    });
    // nothing became an AI SDK tool-error, whose text would be the raw exception message
    expect(result.steps.flatMap((step) => step.content).some((part) => part.type === 'tool-error')).toBe(
      false,
    );
    expect(leaksHostPort(JSON.stringify(model.doGenerateCalls.map((options) => options.prompt)))).toBe(false);
  });

  it('stops the loop on a repeated failure, and findHalt says why', async () => {
    const model = new MockLanguageModelV3({
      // a model that never learns: the same bad call, every step
      doGenerate: async () => turn([call(`call_${Math.random()}`, 'get_weather', { city: 'Punee' })]),
    });
    const { dispatcher } = weatherDispatcher();
    const result = await generateText({
      model,
      prompt: 'Weather in Punee?',
      tools: toAiSdkTools(dispatcher, { runId: 'run-stuck' }),
      stopWhen: [stepCountIs(10), boundaryHalted()],
    });

    expect(result.steps).toHaveLength(2);
    expect(model.doGenerateCalls).toHaveLength(2);
    expect(findHalt(result.steps)).toMatchObject({ halt: true, haltReason: 'repeated_failure' });
  });

  it('does not halt without a runId: each call is then a run of its own', async () => {
    const model = new MockLanguageModelV3({
      doGenerate: async () => turn([call(`call_${Math.random()}`, 'get_weather', { city: 'Punee' })]),
    });
    const { dispatcher } = weatherDispatcher();
    const result = await generateText({
      model,
      prompt: 'Weather in Punee?',
      tools: toAiSdkTools(dispatcher),
      stopWhen: [stepCountIs(3), boundaryHalted()],
    });
    expect(result.steps).toHaveLength(3);
    expect(findHalt(result.steps)).toBeUndefined();
  });

  it('streamText: tool results stream through the boundary the same way', async () => {
    const chunks = (parts: LanguageModelV3StreamPart[]) => ({ stream: convertArrayToReadableStream(parts) });
    const finish = (reason: 'tool-calls' | 'stop'): LanguageModelV3StreamPart => ({
      type: 'finish',
      finishReason: { unified: reason, raw: undefined },
      usage,
    });
    let calls = 0;
    const model = new MockLanguageModelV3({
      doStream: async (options: LanguageModelV3CallOptions) => {
        calls += 1;
        if (calls === 1)
          return chunks([
            { type: 'stream-start', warnings: [] },
            { type: 'tool-call', toolCallId: 'call_1', toolName: 'get_weather', input: '{"city":"Punee"}' },
            finish('tool-calls'),
          ]);
        const fix = suggestionIn(toolResults(options.prompt).get('call_1')?.value);
        if (calls === 2)
          return chunks([
            { type: 'stream-start', warnings: [] },
            { type: 'tool-call', toolCallId: 'call_2', toolName: 'get_weather', input: JSON.stringify(fix) },
            finish('tool-calls'),
          ]);
        return chunks([
          { type: 'stream-start', warnings: [] },
          { type: 'text-start', id: 't1' },
          { type: 'text-delta', id: 't1', delta: 'It is 31 °C in Pune.' },
          { type: 'text-end', id: 't1' },
          finish('stop'),
        ]);
      },
    });
    const { dispatcher } = weatherDispatcher();
    const result = streamText({
      model,
      prompt: 'Weather in Pune?',
      tools: toAiSdkTools(dispatcher, { runId: 'run-stream' }),
      stopWhen: [stepCountIs(5), boundaryHalted()],
    });

    expect(await result.text).toBe('It is 31 °C in Pune.');
    expect(model.doStreamCalls).toHaveLength(3);
    expect(toolResults(model.doStreamCalls[1]!.prompt).get('call_1')).toMatchObject({ type: 'error-text' });
    expect(toolResults(model.doStreamCalls[2]!.prompt).get('call_2')).toMatchObject({ type: 'text' });
  });

  it('aiSdkModel runs runAgent on an AI SDK language model, tools declared but executed by the boundary', async () => {
    const model = selfCorrectingModel();
    const { dispatcher, events } = weatherDispatcher();
    const result = await runAgent({
      model: aiSdkModel({ model, temperature: 0 }),
      dispatcher,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Weather in Pune, and order A1?' },
      ],
    });

    expect(result.endedBy).toBe('answered');
    expect(result.text).toBe('It is 31 °C in Pune; order A1 could not be checked.');
    expect(result.usage).toEqual({ inputTokens: 120, outputTokens: 24 });
    expect(model.doGenerateCalls[0]!.temperature).toBe(0);
    expect(model.doGenerateCalls[0]!.prompt[0]).toEqual({ role: 'system', content: 'Be brief.' });
    const shown = toolResults(model.doGenerateCalls[1]!.prompt);
    expect(shown.get('call_1')).toMatchObject({ type: 'error-text' });
    expect(shown.get('call_2')).toMatchObject({ type: 'error-text' });
    expect(toolResults(model.doGenerateCalls[2]!.prompt).get('call_3')).toMatchObject({ type: 'text' });
    // the boundary ran each call exactly once: the SDK did not execute anything itself
    expect(
      events.filter((event) => event.type === 'tool.succeeded' || event.type === 'tool.failed'),
    ).toHaveLength(3);
    expect(leaksHostPort(JSON.stringify(model.doGenerateCalls.map((options) => options.prompt)))).toBe(false);
  });
});
