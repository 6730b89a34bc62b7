import type { ToolMessage } from '../../protocol.js';

/** True for a value shaped like a toolbound ToolMessage, as `execute` resolves to. */
export function isToolMessage(value: unknown): value is ToolMessage {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Partial<ToolMessage>;
  return (
    typeof message.content === 'string' &&
    typeof message.isError === 'boolean' &&
    typeof message.halt === 'boolean' &&
    typeof message.outcome === 'object' &&
    message.outcome !== null
  );
}
