/**
 * The `_meta` key of MCP's draft failure envelope (modelcontextprotocol PR #3312, SEP #3313). It
 * is a draft: the key and its fields may still change before the spec takes it.
 */
export const TOOL_FAILURE_META_KEY = 'io.modelcontextprotocol/toolFailure';

/**
 * The draft's broad classes: `capability` (this call cannot succeed as asked), `reliability` (a
 * transient condition) and `governance` (refused by policy; needs action outside the call).
 */
export type ToolFailureClass = 'capability' | 'reliability' | 'governance';

/** The draft envelope an MCP server puts beside `isError` on a failed `tools/call` result. */
export interface ToolFailure {
  class: ToolFailureClass;
  /** An open, machine-readable code; toolbound sends its own (`invalid_arguments`, ...). */
  code: string;
  /** Whether the same call may be tried again; only set for `reliability`. */
  retryable?: boolean;
  /** Earliest retry time, in milliseconds since the epoch. */
  retryNotBefore?: number;
  /** The id that ties the failure to the server's logs. Required by the draft. */
  correlationId: string;
  /** A short instruction for the calling model. */
  agentGuidance?: string;
}
