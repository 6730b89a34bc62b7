/**
 * Function calling with the OpenAI Chat Completions API, every tool call through toolbound.
 * Run: OPENAI_API_KEY=... npx tsx examples/openai-chat.ts
 *
 * In your project the imports are `from 'toolbound'` and `from 'toolbound/openai'`.
 */
import OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { z } from 'zod';
import { dispatchOpenAIToolCalls, toOpenAITools } from '../src/adapters/openai/index.js';
import { createDispatcher, DEFAULT_FALLBACK_TEXT, defineTool } from '../src/index.js';

const getWeather = defineTool({
  name: 'get_weather',
  description: 'Get the current temperature for a city.',
  input: z.object({ city: z.enum(['Pune', 'Mumbai', 'Delhi']) }),
  idempotent: true,
  run: async ({ city }) => ({ city, temperatureC: 31, conditions: 'sunny' }),
});

const client = new OpenAI();
const dispatcher = createDispatcher({ tools: [getWeather] });
const tools = toOpenAITools(dispatcher);
const runId = crypto.randomUUID(); // one run: repeated failures in it are counted and stopped

const messages: ChatCompletionMessageParam[] = [
  { role: 'user', content: "What's the weather like in Punee?" },
];

for (let step = 0; step < 10; step++) {
  const completion = await client.chat.completions.create({ model: 'gpt-5.4-mini', messages, tools });
  const message = completion.choices[0]!.message;
  messages.push(message);
  if (!message.tool_calls?.length) {
    console.log(message.content);
    break;
  }
  // one tool message per call, in parallel; failures come back as {"ok":false,"class":…} the model can act on
  const turn = await dispatchOpenAIToolCalls(dispatcher, message.tool_calls, { runId });
  messages.push(...turn.messages);
  if (turn.halt) {
    console.log(DEFAULT_FALLBACK_TEXT); // the run is over: answer honestly instead of looping
    break;
  }
}
await dispatcher.endRun(runId);
