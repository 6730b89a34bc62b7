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

/** Where a streaming model sends its answer as it arrives. */
export interface ModelStreamHandlers {
  /** Called with each piece of the answer's text, in order. */
  onText(delta: string): void;
}

/** Any model, from any provider, behind one method. Provider adapters implement it. */
export interface Model {
  generate(request: ModelRequest): Promise<ModelResponse>;
  /**
   * The same call, streamed: text deltas go to `handlers.onText` as they arrive, and the promise
   * resolves to the same full response `generate` gives, tool calls assembled in full. Optional;
   * `runAgent({ onText })` uses it when it is there.
   */
  stream?(request: ModelRequest, handlers: ModelStreamHandlers): Promise<ModelResponse>;
}
