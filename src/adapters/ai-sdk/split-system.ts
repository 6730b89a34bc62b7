import type { ModelMessage } from 'ai';

/**
 * Moves system messages out of a conversation into one `system` text. AI SDK 7 refuses system
 * messages inside `messages` (it wants them as instructions), and 5 and 6 accept `system` too.
 */
export function splitSystem(messages: readonly ModelMessage[]): {
  system?: string;
  messages: ModelMessage[];
} {
  const system: string[] = [];
  const rest: ModelMessage[] = [];
  for (const message of messages) {
    if (message.role === 'system') system.push(message.content);
    else rest.push(message);
  }
  return system.length === 0 ? { messages: rest } : { system: system.join('\n\n'), messages: rest };
}
