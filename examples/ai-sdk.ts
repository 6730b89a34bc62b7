/**
 * Tool calling with the Vercel AI SDK, every tool call through toolbound.
 * Run: AI_GATEWAY_API_KEY=... npx tsx examples/ai-sdk.ts
 * (a plain model id goes through the AI Gateway; a provider package such as
 * `@ai-sdk/openai` works the same: `model: openai('gpt-5.4-mini')`)
 *
 * In your project the imports are `from 'toolbound'` and `from 'toolbound/ai-sdk'`.
 */
import { generateText, stepCountIs, streamText } from 'ai';
import { z } from 'zod';
import { boundaryHalted, findHalt, toAiSdkTools } from '../src/adapters/ai-sdk/index.js';
import { createDispatcher, DEFAULT_FALLBACK_TEXT, defineTool } from '../src/index.js';

const getWeather = defineTool({
  name: 'get_weather',
  description: 'Get the current temperature for a city.',
  input: z.object({ city: z.enum(['Pune', 'Mumbai', 'Delhi']) }),
  idempotent: true,
  run: async ({ city }) => ({ city, temperatureC: 31, conditions: 'sunny' }),
});

const dispatcher = createDispatcher({ tools: [getWeather] });

// make the tools per request, so the run policy counts this conversation's failures together
const runId = crypto.randomUUID();
const result = await generateText({
  model: 'openai/gpt-5.4-mini',
  tools: toAiSdkTools(dispatcher, { runId }),
  stopWhen: [stepCountIs(10), boundaryHalted()],
  prompt: "What's the weather like in Punee?",
});
// a halted run has no trustworthy answer: say so instead
console.log(findHalt(result.steps) ? DEFAULT_FALLBACK_TEXT : result.text);
await dispatcher.endRun(runId);

// streaming works the same way
const streamRunId = crypto.randomUUID();
const stream = streamText({
  model: 'openai/gpt-5.4-mini',
  tools: toAiSdkTools(dispatcher, { runId: streamRunId }),
  stopWhen: [stepCountIs(10), boundaryHalted()],
  prompt: "What's the weather like in Delhi?",
});
for await (const text of stream.textStream) process.stdout.write(text);
process.stdout.write('\n');
await dispatcher.endRun(streamRunId);
