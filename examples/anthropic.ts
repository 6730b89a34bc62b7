/**
 * Tool use with the Anthropic Messages API, every tool call through toolbound.
 * Run: ANTHROPIC_API_KEY=... npx tsx examples/anthropic.ts
 *
 * In your project the imports are `from 'toolbound'` and `from 'toolbound/anthropic'`.
 */
import Anthropic from '@anthropic-ai/sdk';
import type { MessageParam } from '@anthropic-ai/sdk/resources/messages';
import { z } from 'zod';
import {
  anthropicModel,
  dispatchAnthropicToolUses,
  toAnthropicTools,
} from '../src/adapters/anthropic/index.js';
import { createDispatcher, DEFAULT_FALLBACK_TEXT, defineTool, runAgent } from '../src/index.js';

const getWeather = defineTool({
  name: 'get_weather',
  description: 'Get the current temperature for a city.',
  input: z.object({ city: z.enum(['Pune', 'Mumbai', 'Delhi']) }),
  idempotent: true,
  run: async ({ city }) => ({ city, temperatureC: 31, conditions: 'sunny' }),
});

const client = new Anthropic();
const dispatcher = createDispatcher({ tools: [getWeather] });

// 1. Your own loop: tool_use blocks in, one user message of tool_result blocks back.
const runId = crypto.randomUUID();
const messages: MessageParam[] = [{ role: 'user', content: "What's the weather like in Punee?" }];
for (let step = 0; step < 10; step++) {
  const response = await client.messages.create({
    model: 'claude-sonnet-5-5',
    max_tokens: 1024,
    messages,
    tools: toAnthropicTools(dispatcher),
  });
  messages.push({ role: 'assistant', content: response.content });
  if (response.stop_reason !== 'tool_use') {
    console.log(response.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join(''));
    break;
  }
  // every result of the turn in one user message; failures carry is_error: true
  const turn = await dispatchAnthropicToolUses(dispatcher, response.content, { runId });
  messages.push(turn.message);
  if (turn.halt) {
    console.log(DEFAULT_FALLBACK_TEXT);
    break;
  }
}
await dispatcher.endRun(runId);

// 2. Or let runAgent drive the loop; system messages become the `system` parameter.
const result = await runAgent({
  model: anthropicModel({ client, model: 'claude-sonnet-5-5', maxTokens: 1024 }),
  dispatcher,
  messages: [
    { role: 'system', content: 'Answer in one sentence.' },
    { role: 'user', content: "What's the weather like in Delhi?" },
  ],
});
console.log(result.text, result.usage);
