import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Dispatcher } from '../../boundary/create-dispatcher.js';
import { createReferenceId } from '../../boundary/reference-id.js';
import { toCallToolResult } from './to-call-tool-result.js';

/** What a tools/call handler learns about the request besides its params. */
/** What the MCP SDK hands a request handler besides the request: its signal, session and more. */
export type RequestExtra = Parameters<Parameters<Server['setRequestHandler']>[1]>[1];

/** Options for {@link registerMcpTools}. */
export interface RegisterMcpToolsOptions {
  /**
   * The run a call belongs to, for repeat detection and the failure cap. An MCP server cannot see
   * where the host's agent turn begins and ends, and a halted run refuses calls until its state
   * expires, so by default each call is a run of its own. Return `extra.sessionId` to make a
   * session one run.
   * @default each call is its own run
   */
  runId?: (extra: RequestExtra) => string | undefined;
}

/**
 * Serves a dispatcher's tools on an MCP server: `tools/list` shows each tool's JSON Schema, and
 * `tools/call` runs through the boundary, answering with the rendered content, `isError` on
 * failures and `structuredContent` for object data. A result never carries a raw exception message.
 * A failure also carries MCP's draft failure envelope in `_meta['io.modelcontextprotocol/toolFailure']`,
 * whose `correlationId` is the log reference, or `<runId>:<toolCallId>` as the `tool.failed` event
 * records them.
 *
 * It installs the low-level `tools/list` and `tools/call` handlers, because `McpServer.registerTool`
 * accepts only zod schemas and validates before the boundary could explain a bad call. So call it
 * before `connect`, and give every tool of this server to the dispatcher rather than to `registerTool`.
 * @example
 * const server = new McpServer({ name: 'weather', version: '1.0.0' });
 * registerMcpTools(server, createDispatcher({ tools: [getWeather] }));
 * await server.connect(new StdioServerTransport());
 */
export function registerMcpTools(
  server: McpServer | Server,
  dispatcher: Dispatcher,
  options: RegisterMcpToolsOptions = {},
): void {
  const target: Server = 'registerTool' in server ? server.server : server;
  try {
    target.assertCanSetRequestHandler('tools/list');
    target.assertCanSetRequestHandler('tools/call');
  } catch {
    throw new Error(
      'registerMcpTools: this server already serves tools (registerTool was called, or registerMcpTools ran twice). Give every tool of the server to one dispatcher.',
    );
  }
  target.registerCapabilities({ tools: {} });
  if ('registerTool' in server) refuseLaterRegistration(server);
  const specs = dispatcher.toolSpecs();
  target.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: specs.map((spec) => {
      const tool = dispatcher.tools.get(spec.name);
      return {
        name: spec.name,
        description: spec.description,
        inputSchema: { ...spec.parameters, type: 'object' as const },
        ...(tool?.idempotent ? { annotations: { idempotentHint: true } } : {}),
      };
    }),
  }));
  target.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const runId = options.runId?.(extra) ?? createReferenceId();
    const toolCallId = String(extra.requestId);
    const message = await dispatcher.dispatch(
      { id: toolCallId, name: request.params.name, arguments: request.params.arguments ?? {} },
      { signal: extra.signal, runId },
    );
    // without a log reference, the run and call ids are what the tool.failed event records
    return toCallToolResult(message, { correlationId: `${runId}:${toolCallId}` });
  });
}

/**
 * McpServer would install its own tools/call handler on the next registerTool and fail with the
 * SDK's words; toolbound's say what to do instead.
 */
function refuseLaterRegistration(server: McpServer): void {
  const refuse = (): never => {
    throw new Error(
      "registerTool: this server's tools are served by registerMcpTools, so add the tool to the dispatcher instead: createDispatcher({ tools: [...yourTools, newTool] }).",
    );
  };
  for (const method of ['registerTool', 'tool'] as const)
    Object.defineProperty(server, method, { value: refuse, configurable: true, writable: true });
}
