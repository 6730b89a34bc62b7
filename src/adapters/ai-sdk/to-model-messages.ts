import type { ModelMessage, ToolCallPart, ToolResultPart } from 'ai';
import type { AgentMessage } from '../../loop/model.js';
import type { ReplayMemory } from '../shared/replay-memory.js';

/**
 * A provider-neutral conversation as AI SDK `ModelMessage`s. Consecutive tool messages share one
 * `tool` message; failures are `error-text` results so that providers with an error flag set it.
 */
export function toModelMessages(
  messages: readonly AgentMessage[],
  replay?: ReplayMemory<ModelMessage[]>,
): ModelMessage[] {
  const converted: ModelMessage[] = [];
  for (const message of messages) {
    switch (message.role) {
      case 'system':
      case 'user':
        converted.push({ role: message.role, content: message.content });
        break;
      case 'assistant': {
        const recalled = replay?.recall(message.toolCalls.map((call) => call.id));
        if (recalled !== undefined) {
          converted.push(...recalled);
          break;
        }
        const calls: ToolCallPart[] = message.toolCalls.map((call) => ({
          type: 'tool-call',
          toolCallId: call.id,
          toolName: call.name,
          input: parseInput(call.arguments),
        }));
        converted.push({
          role: 'assistant',
          content: [
            ...(message.content === '' ? [] : [{ type: 'text' as const, text: message.content }]),
            ...calls,
          ],
        });
        break;
      }
      case 'tool': {
        const part: ToolResultPart = {
          type: 'tool-result',
          toolCallId: message.toolCallId,
          toolName: message.toolName,
          output: { type: message.isError ? 'error-text' : 'text', value: message.content },
        };
        const last = converted.at(-1);
        if (last?.role === 'tool') last.content.push(part);
        else converted.push({ role: 'tool', content: [part] });
        break;
      }
    }
  }
  return converted;
}

function parseInput(args: unknown): unknown {
  if (typeof args !== 'string') return args ?? {};
  try {
    return JSON.parse(args);
  } catch {
    return args; // kept as the model wrote it
  }
}
