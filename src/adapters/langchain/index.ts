/**
 * toolbound for LangChain and LangGraph (`@langchain/core`, an optional peer dependency): the
 * dispatcher's tools as LangChain tools whose failures are `status: 'error'` ToolMessages with
 * the rendered content, plus the pieces that stop a graph or an agent when a run halts.
 */

export { findLangChainHalt } from './find-langchain-halt.js';
export { routeOnHalt } from './route-on-halt.js';
export {
  type LangChainToolboundMetadata,
  type LangChainToolsOptions,
  toLangChainToolMessage,
  toLangChainTools,
} from './to-langchain-tools.js';
export {
  type ToolboundAgentMiddleware,
  type ToolboundMiddlewareOptions,
  toolboundMiddleware,
} from './toolbound-middleware.js';
