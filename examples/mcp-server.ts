/**
 * An MCP server whose tools answer through toolbound: a bad call gets a correction, a failure
 * never shows its exception text, and results carry isError and structuredContent.
 * Run it from an MCP host (Claude Desktop, an IDE, the MCP Inspector):
 *   npx @modelcontextprotocol/inspector npx tsx examples/mcp-server.ts
 *
 * In your project the imports are `from 'toolbound'` and `from 'toolbound/mcp'`.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';
import { registerMcpTools } from '../src/adapters/mcp/index.js';
import { createDispatcher, defineTool, jsonLineLogger, notFound } from '../src/index.js';

const orders = new Map([['A-1001', { id: 'A-1001', status: 'shipped' }]]);

const getWeather = defineTool({
  name: 'get_weather',
  description: 'Get the current temperature for a city.',
  input: z.object({ city: z.enum(['Pune', 'Mumbai', 'Delhi']) }),
  idempotent: true,
  run: async ({ city }) => ({ city, temperatureC: 31, conditions: 'sunny' }),
});

const getOrder = defineTool({
  name: 'get_order',
  description: 'Get an order by its id, such as A-1001.',
  input: z.object({ orderId: z.string() }),
  run: async ({ orderId }) => orders.get(orderId) ?? notFound(),
});

const server = new McpServer({ name: 'weather-and-orders', version: '1.0.0' });
registerMcpTools(
  server,
  // stdout carries the protocol, so the log goes to stderr (the default of jsonLineLogger)
  createDispatcher({ tools: [getWeather, getOrder], logger: jsonLineLogger() }),
);
await server.connect(new StdioServerTransport());
