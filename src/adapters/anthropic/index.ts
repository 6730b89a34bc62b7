/**
 * toolbound for the Anthropic SDK (`@anthropic-ai/sdk`, an optional peer dependency): tool
 * definitions, `tool_use` blocks in and one user message of `tool_result` blocks out (with
 * `is_error: true` on failures), and a `Model` adapter for `runAgent`.
 */

export type { DispatchedTurn } from '../shared/dispatch-all.js';
export type { ReplayMemory } from '../shared/replay-memory.js';
export { type AnthropicModelOptions, anthropicModel } from './anthropic-model.js';
export {
  type AnthropicToolTurn,
  type ContentBlock,
  dispatchAnthropicToolUses,
  fromToolUse,
  toToolResultBlock,
} from './dispatch-anthropic-tool-uses.js';
export { type AnthropicConversation, toAnthropicMessages } from './to-anthropic-messages.js';
export { toAnthropicTools } from './to-anthropic-tools.js';
