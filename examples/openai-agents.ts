/**
 * An OpenAI Agents SDK agent whose tools run through toolbound.
 * Run: OPENAI_API_KEY=... npx tsx examples/openai-agents.ts
 * (any Responses-compatible endpoint works: set OPENAI_BASE_URL as well)
 *
 * In your project the imports are `from 'toolbound'` and `from 'toolbound/openai-agents'`.
 */
import { Agent, run } from '@openai/agents';
import { z } from 'zod';
import { boundaryToolUseBehavior, toOpenAIAgentsTools } from '../src/adapters/openai-agents/index.js';
import { createDispatcher, defineTool } from '../src/index.js';

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
const agent = new Agent({
  name: 'weather assistant',
  instructions: 'Answer weather questions with the get_weather tool.',
  model: 'gpt-4.1-mini',
  tools: toOpenAIAgentsTools(dispatcher, { runId }),
  // a halted run ends with toolbound's fallback text instead of a made-up answer
  toolUseBehavior: boundaryToolUseBehavior(),
});

const result = await run(agent, "What's the weather like in Punee?");
console.log(result.finalOutput);
await dispatcher.endRun(runId);
