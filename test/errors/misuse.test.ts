import Anthropic from '@anthropic-ai/sdk';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerMcpTools } from '../../src/adapters/mcp/index.js';
import { createDispatcher, defineTool, runAgent } from '../../src/index.js';

// The misuses a new user makes in the first hour, each with an error that names the fix.
const getWeather = defineTool({
  name: 'get_weather',
  description: 'Weather in a city.',
  input: z.object({ city: z.string() }),
  run: () => ({ temp_c: 31 }),
});
const messages = [{ role: 'user' as const, content: 'Weather in Pune?' }];

describe('errors that name the fix', () => {
  it('createDispatcher() with no options shows how to call it', () => {
    expect(() => createDispatcher(undefined as never)).toThrow(
      /createDispatcher expects an options object: createDispatcher\(\{ tools: \[getWeather\] \}\)/,
    );
    expect(() => (createDispatcher as () => unknown)()).not.toThrow(/Cannot read properties/);
  });

  it('runAgent() with no options shows how to call it', async () => {
    await expect((runAgent as () => Promise<unknown>)()).rejects.toThrow(
      /runAgent expects an options object: runAgent\(\{ model, tools/,
    );
  });

  it('a raw OpenAI client as model points at openaiChatModel', async () => {
    const client = new OpenAI({ apiKey: 'sk-test', baseURL: 'http://127.0.0.1:9/v1' });
    await expect(runAgent({ model: client as never, tools: [getWeather], messages })).rejects.toThrow(
      /model is an OpenAI client; wrap it with openaiChatModel from toolbound\/openai/,
    );
  });

  it('a raw Anthropic client as model points at anthropicModel', async () => {
    const client = new Anthropic({ apiKey: 'sk-ant-test', baseURL: 'http://127.0.0.1:9' });
    await expect(runAgent({ model: client as never, tools: [getWeather], messages })).rejects.toThrow(
      /model is an Anthropic client; wrap it with anthropicModel from toolbound\/anthropic/,
    );
  });

  it('registerTool after registerMcpTools shows toolbound message, not the SDK one', () => {
    const server = new McpServer({ name: 'weather', version: '1.0.0' });
    registerMcpTools(server, createDispatcher({ tools: [getWeather] }));
    const late = () =>
      server.registerTool('other', { description: 'x', inputSchema: { a: z.string() } }, () => ({
        content: [],
      }));
    expect(late).toThrow(/served by registerMcpTools, so add the tool to the dispatcher instead/);
    expect(late).not.toThrow(/request handler/i);
  });
});
