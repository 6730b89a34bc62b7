import type { BaseMessage } from '@langchain/core/messages';
import { findLangChainHalt } from './find-langchain-halt.js';

/** LangGraph's name for the end of a graph (`END` in `@langchain/langgraph`). */
const END = '__end__';

/**
 * A router for a LangGraph conditional edge after the tools node: the end of the graph when the
 * latest tool turn halted, and `next` (usually the model node) otherwise. Read the halt with
 * {@link findLangChainHalt} afterwards, and answer with fallback text.
 * @example
 * graph.addConditionalEdges('tools', routeOnHalt('agent'), ['agent', END]);
 */
export function routeOnHalt<Next extends string>(
  next: Next,
): (state: { messages: readonly BaseMessage[] }) => Next | typeof END {
  return (state) => (findLangChainHalt(state.messages) === undefined ? next : END);
}
