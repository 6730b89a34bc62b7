import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult, Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import type { Outcome } from '../../outcome/outcome.js';
import { TransientError } from '../../outcome/transient-error.js';
import { defineTool, type Tool } from '../../tool/define-tool.js';
import { classifyCallToolResult } from './classify-call-tool-result.js';
import { fromMcpError } from './from-mcp-error.js';
import { jsonSchemaInput } from './json-schema-input.js';
import { readToolFailure } from './read-tool-failure.js';

/** Options for {@link mcpClientTools}. */
export interface McpClientToolsOptions {
  /**
   * Put before every tool name, to keep two servers' tools apart, for example `'github_'`.
   * @default ''
   */
  prefix?: string;
  /**
   * Per-attempt time limit of each call.
   * @default 30000
   */
  timeoutMs?: number;
  /**
   * Reads a remote result into an outcome; return undefined to use the default reading.
   * @default classifyCallToolResult
   */
  classify?: (result: CallToolResult, tool: McpTool) => Outcome | undefined;
}

/**
 * Turns the tools of a connected MCP server into toolbound tools, so that a server you do not
 * control still answers through the boundary: arguments are checked against the server's JSON
 * Schema first (a typo gets a correction), `isError` results are classified, thrown `McpError`s
 * are mapped, and every string is sanitised before the model reads it. Tools that declare
 * `readOnlyHint` or `idempotentHint` are treated as idempotent, so a timeout is retried, and so is
 * a result whose draft failure envelope says `reliability` and `retryable` (after its
 * `retryNotBefore`).
 * @example
 * const client = new Client({ name: 'agent', version: '1.0.0' });
 * await client.connect(new StdioClientTransport({ command: 'npx', args: ['-y', 'some-mcp-server'] }));
 * const dispatcher = createDispatcher({ tools: await mcpClientTools(client) });
 */
export async function mcpClientTools(
  client: Pick<Client, 'listTools' | 'callTool'>,
  options: McpClientToolsOptions = {},
): Promise<Tool[]> {
  const { prefix = '', timeoutMs = 30_000, classify } = options;
  const listed: McpTool[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor === undefined ? {} : { cursor });
    listed.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor !== undefined && listed.length < 10_000);

  const names = new Set<string>();
  return listed.map((remote) => {
    const name = toolName(prefix, remote.name);
    if (names.has(name))
      throw new TypeError(
        `mcpClientTools: two tools map to the name ${JSON.stringify(name)}; give a prefix.`,
      );
    names.add(name);
    const schema = { ...remote.inputSchema } as Record<string, unknown>;
    const idempotent =
      remote.annotations?.readOnlyHint === true || remote.annotations?.idempotentHint === true;
    return defineTool({
      name,
      description: remote.description ?? remote.title ?? '',
      input: jsonSchemaInput(schema),
      jsonSchema: schema,
      timeoutMs,
      idempotent,
      run: async (args, context) => {
        let result: CallToolResult;
        try {
          result = (await client.callTool({ name: remote.name, arguments: args }, undefined, {
            signal: context.signal,
            timeout: timeoutMs,
          })) as CallToolResult;
        } catch (error) {
          throw fromMcpError(error);
        }
        const custom = classify?.(result, remote);
        if (custom !== undefined) return custom;
        const failure = result.isError === true ? readToolFailure(result) : undefined;
        if (idempotent && failure?.class === 'reliability' && failure.retryable === true) {
          // the boundary retries it, honouring the wait, and classifies it if the retries run out
          const waitMs = failure.retryNotBefore === undefined ? 0 : failure.retryNotBefore - Date.now();
          throw new TransientError(`MCP tool ${remote.name} reported ${failure.code}`, {
            ...(waitMs > 0 ? { retryAfterMs: Math.ceil(waitMs) } : {}),
          });
        }
        return classifyCallToolResult(result);
      },
    });
  });
}

/** MCP allows names toolbound does not (dots, slashes, up to 128 characters). */
function toolName(prefix: string, remoteName: string): string {
  return `${prefix}${remoteName}`.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64) || 'tool';
}
