import { AIMessage, type BaseMessage } from '@langchain/core/messages';
import { DEFAULT_FALLBACK_TEXT } from '../../loop/run-agent.js';
import { findLangChainHalt } from './find-langchain-halt.js';

/** Options for {@link toolboundMiddleware}. */
export interface ToolboundMiddlewareOptions {
  /**
   * What the user reads when a tool turn halts the run.
   * @default DEFAULT_FALLBACK_TEXT
   */
  fallbackText?: string;
}

/** The shape `createAgent` takes as middleware (what `createMiddleware` from `langchain` returns). */
export interface ToolboundAgentMiddleware {
  name: string;
  beforeModel: {
    hook: (state: { messages: BaseMessage[] }) => { messages: BaseMessage[]; jumpTo: 'end' } | undefined;
    canJumpTo: 'end'[];
  };
}

/**
 * Middleware for `createAgent` (from `langchain`) that ends the agent when a tool turn halts:
 * before the next model call it adds an AI message with the fallback text and jumps to the end,
 * so the model never writes an answer around a failure that should stop the run.
 * @example
 * const agent = createAgent({ model, tools: toLangChainTools(dispatcher, { runId }), middleware: [toolboundMiddleware()] });
 */
export function toolboundMiddleware(options: ToolboundMiddlewareOptions = {}): ToolboundAgentMiddleware {
  const fallbackText = options.fallbackText ?? DEFAULT_FALLBACK_TEXT;
  // the brand createMiddleware sets; built here so that this subpath does not need `langchain`
  return {
    [Symbol.for('AgentMiddleware')]: true,
    name: 'toolbound',
    beforeModel: {
      hook: (state) =>
        findLangChainHalt(state.messages) === undefined
          ? undefined
          : { messages: [new AIMessage(fallbackText)], jumpTo: 'end' },
      canJumpTo: ['end'],
    },
  } as ToolboundAgentMiddleware;
}
