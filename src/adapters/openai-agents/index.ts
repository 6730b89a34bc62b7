/**
 * toolbound for the OpenAI Agents SDK (`@openai/agents`, an optional peer dependency): function
 * tools whose `invoke` runs through the boundary, and a `toolUseBehavior` that ends the agent run
 * with the fallback text when the boundary halts it.
 */

export {
  type BoundaryToolUseBehaviorOptions,
  boundaryToolUseBehavior,
} from './boundary-tool-use-behavior.js';
export {
  type OpenAIAgentsToolCallDetails,
  type OpenAIAgentsToolsOptions,
  toOpenAIAgentsTools,
} from './to-openai-agents-tools.js';
