import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { correctable, unavailable } from '../../outcome/constructors.js';
import { ToolError } from '../../outcome/tool-error.js';
import { TransientError } from '../../outcome/transient-error.js';

/**
 * What a rejected `callTool` becomes inside a toolbound tool: bad params are correctable, a tool
 * the server no longer has is unavailable, timeouts and closed connections are transient (retried
 * only for idempotent tools), and anything else is rethrown for the boundary to log and replace
 * with its generic internal-error message.
 */
export function fromMcpError(error: unknown): unknown {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  const message = error instanceof Error ? error.message.replace(/^MCP error -?\d+:\s*/, '') : '';
  switch (code) {
    case ErrorCode.InvalidParams:
      return new ToolError(correctable({ error: 'invalid_arguments', message: message.slice(0, 1_000) }), {
        cause: error,
      });
    case ErrorCode.MethodNotFound:
      return new ToolError(
        unavailable({
          error: 'tool_unavailable',
          message: 'The server that provides this tool no longer offers it.',
          retryable: false,
        }),
        { cause: error },
      );
    case ErrorCode.RequestTimeout:
    case ErrorCode.ConnectionClosed:
      return new TransientError(`MCP request failed: ${message}`, { cause: error });
    default:
      return error;
  }
}
