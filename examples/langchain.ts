/**
 * A LangChain agent (`createAgent`) and a LangGraph `ToolNode`, every tool call through toolbound.
 * Run: npx tsx examples/langchain.ts
 *
 * It runs offline on LangChain's scripted fake model. For a real one, install a provider package
 * and pass it instead: `model: new ChatOpenAI({ model: 'gpt-4.1-mini' })` from `@langchain/openai`.
 * In your project the imports are `from 'toolbound'` and `from 'toolbound/langchain'`.
 */
import { AIMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { createAgent } from 'langchain';
import { z } from 'zod';
import { findLangChainHalt, toLangChainTools, toolboundMiddleware } from '../src/adapters/langchain/index.js';
import { createDispatcher, DEFAULT_FALLBACK_TEXT, defineTool, silentLogger } from '../src/index.js';

const getWeather = defineTool({
  name: 'get_weather',
  description: 'Get the current temperature for a city.',
  input: z.object({ city: z.enum(['Pune', 'Mumbai', 'Delhi']) }),
  idempotent: true,
  run: async ({ city }) => ({ city, temperatureC: 31, conditions: 'sunny' }),
});

const lookupOrder = defineTool({
  name: 'lookup_order',
  description: 'Look up an order by id.',
  input: z.object({ orderId: z.string() }),
  run: async () => {
    throw new Error('connection to db.internal:5432 refused'); // never reaches the model
  },
});

const dispatcher = createDispatcher({ tools: [getWeather, lookupOrder], logger: silentLogger });

// the scripted model: a typo and a failing lookup, then the corrected call, then an answer
const model = fakeModel()
  .respondWithTools([
    { name: 'get_weather', args: { city: 'Punee' }, id: 'call_1' },
    { name: 'lookup_order', args: { orderId: 'A1' }, id: 'call_2' },
  ])
  .respondWithTools([{ name: 'get_weather', args: { city: 'Pune' }, id: 'call_3' }])
  .respond(new AIMessage("It's 31 °C and sunny in Pune. I couldn't look up order A1 just now."));

const runId = crypto.randomUUID(); // make the tools per request, so one run's failures count together
const agent = createAgent({
  model,
  tools: toLangChainTools(dispatcher, { runId }),
  middleware: [toolboundMiddleware()], // a halted run ends with the fallback text
});
const result = await agent.invoke({
  messages: [new HumanMessage('Weather in Punee, and where is order A1?')],
});

for (const message of result.messages) {
  if (ToolMessage.isInstance(message)) console.log(`[${message.status}] ${message.name}: ${message.content}`);
}
const last = result.messages.at(-1);
console.log(findLangChainHalt(result.messages) ? DEFAULT_FALLBACK_TEXT : last?.content);
await dispatcher.endRun(runId);
