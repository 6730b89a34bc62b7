import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { AgentMessage } from '../../loop/model.js';
import { argumentsText } from './arguments-text.js';

/** A provider-neutral conversation as Chat Completions `messages`. */
export function toChatCompletionMessages(messages: readonly AgentMessage[]): ChatCompletionMessageParam[] {
  return messages.map((message): ChatCompletionMessageParam => {
    switch (message.role) {
      case 'system':
      case 'user':
        return { role: message.role, content: message.content };
      case 'assistant':
        // an empty tool_calls array is rejected by the API, so it is left out
        return message.toolCalls.length === 0
          ? { role: 'assistant', content: message.content }
          : {
              role: 'assistant',
              content: message.content === '' ? null : message.content,
              tool_calls: message.toolCalls.map((call) => ({
                id: call.id,
                type: 'function',
                function: { name: call.name, arguments: argumentsText(call.arguments) },
              })),
            };
      default:
        return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
    }
  });
}
