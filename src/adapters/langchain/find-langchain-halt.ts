import type { BaseMessage } from '@langchain/core/messages';
import type { LangChainToolboundMetadata } from './to-langchain-tools.js';

/**
 * The tool message of the latest tool turn that asks the run to stop (a fatal outcome, or the
 * same failure repeated), or undefined. Only the messages after the last AI message count, so an
 * old halt in a long thread does not end a new turn.
 * @example
 * const result = await graph.invoke({ messages });
 * const text = findLangChainHalt(result.messages) ? DEFAULT_FALLBACK_TEXT : lastText(result);
 */
export function findLangChainHalt(messages: readonly BaseMessage[]): BaseMessage | undefined {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index]!;
    const type = message.getType();
    if (type === 'ai') return undefined;
    if (type !== 'tool') continue;
    const toolbound = (message.response_metadata as { toolbound?: LangChainToolboundMetadata } | undefined)
      ?.toolbound;
    if (toolbound?.halt === true) return message;
  }
  return undefined;
}
