import type {
  LanguageModelV3Content,
  LanguageModelV3GenerateResult,
  LanguageModelV3Prompt,
} from '@ai-sdk/provider';
import { generateText, type ModelMessage, stepCountIs } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toAiSdkTools } from '../../src/adapters/ai-sdk/index.js';
import { createDispatcher } from '../../src/boundary/create-dispatcher.js';
import { silentLogger } from '../../src/observe/logger.js';
import { defineTool } from '../../src/tool/define-tool.js';

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 4, text: 4, reasoning: 0 },
};
const turn = (content: LanguageModelV3Content[]): LanguageModelV3GenerateResult => ({
  content,
  finishReason: {
    unified: content.some((part) => part.type === 'tool-call') ? 'tool-calls' : 'stop',
    raw: undefined,
  },
  usage,
  warnings: [],
});

function setup() {
  const applied: number[] = [];
  const applyCredit = defineTool({
    name: 'apply_credit',
    description: 'Applies a credit.',
    input: z.object({ amount: z.number() }),
    needsApproval: ({ amount }) => amount > 2_500,
    run: ({ amount }, context) => {
      applied.push(amount);
      return { applied: amount, approved: context.approval !== undefined };
    },
  });
  const dispatcher = createDispatcher({ tools: [applyCredit], logger: silentLogger });
  const hasResult = (prompt: LanguageModelV3Prompt) => prompt.some((message) => message.role === 'tool');
  const model = (amount: number) =>
    new MockLanguageModelV3({
      doGenerate: async ({ prompt }) =>
        hasResult(prompt)
          ? turn([{ type: 'text', text: 'done' }])
          : turn([
              {
                type: 'tool-call',
                toolCallId: 'call_1',
                toolName: 'apply_credit',
                input: JSON.stringify({ amount }),
              },
            ]),
    });
  return { applied, dispatcher, model };
}

describe('toAiSdkTools and the AI SDK approval flow', () => {
  it('maps needsApproval: the SDK asks, and runs the call once when the response approves it', async () => {
    const { applied, dispatcher, model } = setup();
    const tools = toAiSdkTools(dispatcher, { runId: 'run-a' });
    const mock = model(4_200);
    const first = await generateText({
      model: mock,
      prompt: 'Credit $4,200.',
      tools,
      stopWhen: stepCountIs(3),
    });
    const request = first.content.find((part) => part.type === 'tool-approval-request');
    expect(request).toMatchObject({ type: 'tool-approval-request', toolCall: { toolName: 'apply_credit' } });
    expect(applied).toEqual([]);

    const messages: ModelMessage[] = [
      { role: 'user', content: 'Credit $4,200.' },
      ...first.response.messages,
      {
        role: 'tool',
        content: [{ type: 'tool-approval-response', approvalId: request!.approvalId, approved: true }],
      },
    ];
    const second = await generateText({ model: mock, messages, tools, stopWhen: stepCountIs(3) });
    expect(applied).toEqual([4_200]);
    expect(second.text).toBe('done');
    // the model read the boundary's message for the approved call
    const shown = JSON.stringify(mock.doGenerateCalls.at(-1)!.prompt);
    expect(shown).toContain('\\"applied\\":4200,\\"approved\\":true');
  });

  it('never runs a call the response denies', async () => {
    const { applied, dispatcher, model } = setup();
    const tools = toAiSdkTools(dispatcher, { runId: 'run-b' });
    const mock = model(9_000);
    const first = await generateText({ model: mock, prompt: 'Credit $9,000.', tools });
    const request = first.content.find((part) => part.type === 'tool-approval-request')!;
    await generateText({
      model: mock,
      messages: [
        { role: 'user', content: 'Credit $9,000.' },
        ...first.response.messages,
        {
          role: 'tool',
          content: [
            { type: 'tool-approval-response', approvalId: request.approvalId, approved: false, reason: 'no' },
          ],
        },
      ],
      tools,
      stopWhen: stepCountIs(3),
    });
    expect(applied).toEqual([]);
  });

  it('does not ask below the threshold: the function form reads the validated input', async () => {
    const { applied, dispatcher, model } = setup();
    const result = await generateText({
      model: model(100),
      prompt: 'Credit $100.',
      tools: toAiSdkTools(dispatcher),
      stopWhen: stepCountIs(3),
    });
    expect(result.content.some((part) => part.type === 'tool-approval-request')).toBe(false);
    expect(applied).toEqual([100]);
  });
});
