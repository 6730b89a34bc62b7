import { AIMessage, type BaseMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { convertToOpenAITool } from '@langchain/core/utils/function_calling';
import { END, MessagesAnnotation, START, StateGraph } from '@langchain/langgraph';
import { ToolNode } from '@langchain/langgraph/prebuilt';
import { createAgent } from 'langchain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  findLangChainHalt,
  routeOnHalt,
  toLangChainTools,
  toolboundMiddleware,
} from '../../src/adapters/langchain/index.js';
import { createDispatcher, DEFAULT_FALLBACK_TEXT, defineTool, fatal, silentLogger } from '../../src/index.js';
import {
  getWeather,
  leaksHostPort,
  lookupOrder,
  suggestionIn,
  weatherDispatcher,
} from './fixtures/weather-tools.js';

const chargeCard = defineTool({
  name: 'charge_card',
  description: 'Charges the saved card.',
  input: z.object({ amount: z.number() }),
  run: () => fatal({ error: 'bad_credentials', message: 'The payment service rejected our credentials.' }),
});

function toolMessages(messages: readonly BaseMessage[]): ToolMessage[] {
  return messages.filter((message): message is ToolMessage => ToolMessage.isInstance(message));
}

describe('toolbound/langchain with a LangGraph ToolNode', () => {
  it('answers a typo with the fix and a throw with a generic message, both as status error', async () => {
    const node = new ToolNode(toLangChainTools(weatherDispatcher().dispatcher, { runId: 'run-1' }));
    const result = (await node.invoke({
      messages: [
        new AIMessage({
          content: '',
          tool_calls: [
            { id: 'call_1', name: 'get_weather', args: { city: 'Punee' } },
            { id: 'call_2', name: 'lookup_order', args: { orderId: 'A1' } },
            { id: 'call_3', name: 'get_weather', args: { city: 'Pune' } },
          ],
        }),
      ],
    })) as { messages: ToolMessage[] };

    const [typo, leak, fine] = result.messages;
    expect(typo).toBeInstanceOf(ToolMessage);
    expect(typo!.tool_call_id).toBe('call_1');
    expect(typo!.status).toBe('error');
    expect(suggestionIn(typo!.content)).toEqual({ city: 'Pune' });
    expect(typo!.artifact).toMatchObject({ class: 'correctable', suggestion: { city: 'Pune' } });
    expect(String(typo!.content)).not.toContain('Please fix your mistakes');

    expect(leak!.status).toBe('error');
    expect(leak!.artifact).toMatchObject({ class: 'unavailable', error: 'internal_error' });
    expect(leaksHostPort(JSON.stringify(result.messages))).toBe(false);

    expect(fine!.status).toBe('success');
    expect(JSON.parse(String(fine!.content))).toEqual({
      ok: true,
      class: 'ok',
      data: { city: 'Pune', temperatureC: 31 },
    });
  });

  it('shows the model the JSON Schema while leaving validation to the boundary', async () => {
    const [weather] = toLangChainTools(weatherDispatcher().dispatcher);
    // what LangChain's chat models (ChatOpenAI and others) send as the tool definition
    expect(convertToOpenAITool(weather!)).toEqual({
      type: 'function',
      function: {
        name: 'get_weather',
        description: 'Current temperature in a city.',
        parameters: {
          type: 'object',
          properties: { city: { type: 'string', enum: ['Pune', 'Mumbai', 'Delhi'] } },
          required: ['city'],
        },
      },
    });
    // invoked with plain arguments, a tool answers with the content string
    const content = await weather!.invoke({ city: 'Delhi' });
    expect(JSON.parse(String(content))).toMatchObject({ ok: true, data: { city: 'Delhi' } });
  });

  it('ends a graph at a halt, which findLangChainHalt reports', async () => {
    const dispatcher = createDispatcher({ tools: [getWeather, chargeCard], logger: silentLogger });
    const tools = toLangChainTools(dispatcher, { runId: 'run-2' });
    const model = fakeModel()
      .respondWithTools([{ name: 'charge_card', args: { amount: 12 }, id: 'call_1' }])
      .respond(new AIMessage('The card was charged.'));
    const bound = model.bindTools(tools);
    const graph = new StateGraph(MessagesAnnotation)
      .addNode('agent', async (state) => ({ messages: [await bound.invoke(state.messages)] }))
      .addNode('tools', new ToolNode(tools))
      .addEdge(START, 'agent')
      .addConditionalEdges('agent', (state) =>
        (state.messages.at(-1) as AIMessage).tool_calls?.length ? 'tools' : END,
      )
      .addConditionalEdges('tools', routeOnHalt('agent'), ['agent', END])
      .compile();

    const result = await graph.invoke({ messages: [new HumanMessage('Charge my card $12.')] });
    expect(model.callCount).toBe(1); // the model never writes an answer around the halt
    const halted = findLangChainHalt(result.messages);
    expect(halted).toBeInstanceOf(ToolMessage);
    expect((halted as ToolMessage).status).toBe('error');
    expect((halted as ToolMessage).artifact).toMatchObject({ class: 'fatal' });
  });
});

describe('toolbound/langchain with createAgent', () => {
  it('self-corrects a typo through the boundary and answers', async () => {
    const { dispatcher } = weatherDispatcher();
    const model = fakeModel()
      .respondWithTools([{ name: 'get_weather', args: { city: 'Punee' }, id: 'call_1' }])
      .respond((messages) => {
        const shown = toolMessages(messages).at(-1);
        return new AIMessage({
          content: '',
          tool_calls: [{ id: 'call_2', name: 'get_weather', args: suggestionIn(shown?.content) ?? {} }],
        });
      })
      .respond(new AIMessage('It is 31 °C in Pune.'));
    const agent = createAgent({
      model,
      tools: toLangChainTools(dispatcher, { runId: 'run-3' }),
      middleware: [toolboundMiddleware()],
    });

    const result = await agent.invoke({ messages: [new HumanMessage('Weather in Punee?')] });
    const [typo, fixed] = toolMessages(result.messages);
    expect(typo!.status).toBe('error');
    expect(typo!.artifact).toMatchObject({ class: 'correctable' });
    expect(fixed!.status).toBe('success');
    expect(result.messages.at(-1)?.content).toBe('It is 31 °C in Pune.');
    expect(findLangChainHalt(result.messages)).toBeUndefined();
  });

  it('ends with the fallback text when a tool halts the run, and keeps the leak out', async () => {
    const dispatcher = createDispatcher({ tools: [lookupOrder, chargeCard], logger: silentLogger });
    const model = fakeModel()
      .respondWithTools([
        { name: 'lookup_order', args: { orderId: 'A1' }, id: 'call_1' },
        { name: 'charge_card', args: { amount: 12 }, id: 'call_2' },
      ])
      .respond(new AIMessage('Done! Your card was charged.'));
    const agent = createAgent({
      model,
      tools: toLangChainTools(dispatcher, { runId: 'run-4' }),
      middleware: [toolboundMiddleware({ fallbackText: DEFAULT_FALLBACK_TEXT })],
    });

    const result = await agent.invoke({ messages: [new HumanMessage('Find A1 and charge me.')] });
    expect(model.callCount).toBe(1);
    expect(result.messages.at(-1)).toBeInstanceOf(AIMessage);
    expect(result.messages.at(-1)?.content).toBe(DEFAULT_FALLBACK_TEXT);
    expect(toolMessages(result.messages).map((message) => message.status)).toEqual(['error', 'error']);
    expect(leaksHostPort(JSON.stringify(result.messages))).toBe(false);
  });
});
