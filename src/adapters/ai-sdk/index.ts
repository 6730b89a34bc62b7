/**
 * toolbound for the Vercel AI SDK (`ai`, an optional peer dependency): a dispatcher's tools as AI
 * SDK tools whose `execute` runs through the boundary and never throws, a `stopWhen` condition
 * that stops on a halt, and a `Model` adapter that runs `runAgent` on any AI SDK language model.
 */

export type { ReplayMemory } from '../shared/replay-memory.js';
export { type AISDKModelOptions, aiSdkModel } from './ai-sdk-model.js';
export { boundaryHalted, findHalt } from './boundary-halted.js';
export { isToolMessage } from './is-tool-message.js';
export {
  type AISDKToolExecution,
  type AISDKToolsOptions,
  toAISDKTools,
  toAiSdkTools,
} from './to-ai-sdk-tools.js';
export { toModelMessages } from './to-model-messages.js';
export { toModelOutput } from './to-model-output.js';
