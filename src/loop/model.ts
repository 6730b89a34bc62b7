import type { ToolCall, ToolSpec } from '../protocol.js';

/** A message in a provider-neutral conversation. */
export type AgentMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string; toolCalls: ToolCall[] }
  | { role: 'tool'; toolCallId: string; toolName: string; content: string; isError: boolean };

/** Token counts, where the provider reports them. */
export interface Usage {
  inputTokens: number;
  outputTokens: number;
}

/** What the loop sends a model each step. */
export interface ModelRequest {
  messages: readonly AgentMessage[];
  tools: readonly ToolSpec[];
  signal: AbortSignal;
  /**
   * `'none'`: the model must answer in text and call no tool (the run's failure cap is reached
   * and it is asked for its summary). Adapters map it to their provider's own setting.
   * @default 'auto'
   */
  toolChoice?: 'auto' | 'none';
}

/** The model's answer: text, tool calls, or both. */
export interface ModelResponse {
  content: string;
  toolCalls: ToolCall[];
  usage?: Usage;
}

/** Any model, from any provider, behind one method. Provider adapters implement it. */
export interface Model {
  generate(request: ModelRequest): Promise<ModelResponse>;
}
