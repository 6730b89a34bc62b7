/**
 * Remembers a provider's raw assistant turn under the ids of its tool calls, so the next request
 * can send that turn back exactly as the provider wrote it (reasoning items, item ids) instead of
 * a rebuilt copy. Bounded: the oldest turns are forgotten first.
 */
export interface ReplayMemory<Turn> {
  remember(toolCallIds: readonly string[], turn: Turn): void;
  recall(toolCallIds: readonly string[]): Turn | undefined;
}

/** Builds a {@link ReplayMemory} holding at most `capacity` turns. */
export function createReplayMemory<Turn>(capacity = 256): ReplayMemory<Turn> {
  const turns = new Map<string, Turn>();
  return {
    remember(toolCallIds, turn) {
      const key = toolCallIds.join('\u0000');
      if (key === '') return;
      turns.delete(key);
      turns.set(key, turn);
      while (turns.size > capacity) turns.delete(turns.keys().next().value as string);
    },
    recall(toolCallIds) {
      return turns.get(toolCallIds.join('\u0000'));
    },
  };
}
