/**
 * toolbound for the OpenAI SDK (`openai`, an optional peer dependency): Chat Completions and the
 * Responses API. Tool definitions, tool calls in and tool messages out, and `Model` adapters for
 * `runAgent`. The wire format has no error flag, so each message's content carries `ok` and
 * `class`. Works with OpenAI-compatible servers (Ollama, vLLM, llama.cpp) through `baseURL`.
 */

export type { DispatchedTurn } from '../shared/dispatch-all.js';
export type { ReplayMemory } from '../shared/replay-memory.js';
export {
  dispatchOpenAIFunctionCalls,
  type OpenAIFunctionCallTurn,
  type OutputItem,
} from './dispatch-openai-function-calls.js';
export {
  dispatchOpenAIToolCalls,
  fromChatCompletionToolCall,
  type OpenAIToolTurn,
} from './dispatch-openai-tool-calls.js';
export { type OpenAIChatModelOptions, openaiChatModel } from './openai-chat-model.js';
export {
  type OpenAIResponsesModelOptions,
  openaiResponsesModel,
  toResponsesInput,
} from './openai-responses-model.js';
export { toChatCompletionMessages } from './to-chat-completion-messages.js';
export { toOpenAIResponsesTools } from './to-openai-responses-tools.js';
export { toOpenAITools } from './to-openai-tools.js';
