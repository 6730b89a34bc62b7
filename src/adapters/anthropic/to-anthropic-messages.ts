import type { ContentBlockParam, MessageParam } from '@anthropic-ai/sdk/resources/messages';
import type { AgentMessage } from '../../loop/model.js';
import type { ReplayMemory } from '../shared/replay-memory.js';
import { toToolResultBlock } from './dispatch-anthropic-tool-uses.js';

/** A conversation in Messages API form: the system prompt apart, user and assistant turns. */
export interface AnthropicConversation {
  system: string | undefined;
  messages: MessageParam[];
}

/**
 * A provider-neutral conversation in Messages API form. System messages become the `system`
 * parameter; consecutive tool messages (and any user text after them) share one user message,
 * tool results first, as the API requires.
 */
export function toAnthropicMessages(
  messages: readonly AgentMessage[],
  replay?: ReplayMemory<ContentBlockParam[]>,
): AnthropicConversation {
  const system: string[] = [];
  const turns: { role: 'user' | 'assistant'; content: ContentBlockParam[] }[] = [];
  const userTurn = () => {
    const last = turns.at(-1);
    if (last?.role === 'user') return last.content;
    const created: { role: 'user'; content: ContentBlockParam[] } = { role: 'user', content: [] };
    turns.push(created);
    return created.content;
  };
  for (const message of messages) {
    switch (message.role) {
      case 'system':
        system.push(message.content);
        break;
      case 'user':
        userTurn().push({ type: 'text', text: message.content });
        break;
      case 'tool':
        userTurn().push(toToolResultBlock(message));
        break;
      case 'assistant': {
        const recalled = replay?.recall(message.toolCalls.map((call) => call.id));
        const content: ContentBlockParam[] = recalled ?? [
          ...(message.content === '' ? [] : [{ type: 'text' as const, text: message.content }]),
          ...message.toolCalls.map((call) => ({
            type: 'tool_use' as const,
            id: call.id,
            name: call.name,
            input: inputObject(call.arguments),
          })),
        ];
        if (content.length > 0) turns.push({ role: 'assistant', content });
        break;
      }
    }
  }
  return { system: system.length === 0 ? undefined : system.join('\n\n'), messages: turns };
}

/** `tool_use.input` must be an object; arguments that never parsed are sent back empty. */
function inputObject(args: unknown): Record<string, unknown> {
  let value = args;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      value = {};
    }
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
