/**
 * Function calling with the OpenAI Responses API, every function call through toolbound.
 * Run: OPENAI_API_KEY=... npx tsx examples/openai-responses.ts
 *
 * In your project the imports are `from 'toolbound'` and `from 'toolbound/openai'`.
 */
import OpenAI from 'openai';
import type { ResponseInputItem } from 'openai/resources/responses/responses';
import { z } from 'zod';
import {
  dispatchOpenAIFunctionCalls,
  openaiResponsesModel,
  toOpenAIResponsesTools,
} from '../src/adapters/openai/index.js';
import { createDispatcher, DEFAULT_FALLBACK_TEXT, defineTool, runAgent } from '../src/index.js';

const getWeather = defineTool({
  name: 'get_weather',
  description: 'Get the current temperature for a city.',
  input: z.object({ city: z.enum(['Pune', 'Mumbai', 'Delhi']) }),
  idempotent: true,
  run: async ({ city }) => ({ city, temperatureC: 31, conditions: 'sunny' }),
});

const client = new OpenAI();
const dispatcher = createDispatcher({ tools: [getWeather] });

// 1. Your own loop: output items in, function_call_output items back.
const runId = crypto.randomUUID();
const input: ResponseInputItem[] = [{ role: 'user', content: "What's the weather like in Punee?" }];
for (let step = 0; step < 10; step++) {
  const response = await client.responses.create({
    model: 'gpt-5.4-mini',
    input,
    tools: toOpenAIResponsesTools(dispatcher),
  });
  const turn = await dispatchOpenAIFunctionCalls(dispatcher, response.output, { runId });
  if (turn.items.length === 0) {
    console.log(response.output_text);
    break;
  }
  // send the output back as it came (reasoning items included), then one output per call
  input.push(...(response.output as ResponseInputItem[]), ...turn.items);
  if (turn.halt) {
    console.log(DEFAULT_FALLBACK_TEXT);
    break;
  }
}
await dispatcher.endRun(runId);

// 2. Or let runAgent drive the loop on the same API.
const result = await runAgent({
  model: openaiResponsesModel({ client, model: 'gpt-5.4-mini', reasoning: { effort: 'low' } }),
  dispatcher,
  messages: [{ role: 'user', content: "What's the weather like in Delhi?" }],
});
console.log(result.text, result.usage);
