import type { EventHandler, ToolboundEvent } from './events.js';
import type { Logger, LogLevel } from './logger.js';

const LEVELS: Record<ToolboundEvent['type'], LogLevel> = {
  'tool.succeeded': 'debug',
  'tool.failed': 'info',
  'tool.internal_error': 'error',
  'tool.message_leaked': 'error',
  'tool.repeated_failure': 'warn',
  'tool.retried': 'info',
  'run.halted': 'warn',
  'run.failure_cap': 'warn',
  'breaker.opened': 'warn',
  'breaker.half_opened': 'info',
  'breaker.closed': 'info',
  'store.degraded': 'error',
  'store.recovered': 'warn',
  'option.ignored': 'warn',
  'model.retried': 'info',
  'approval.requested': 'info',
  'approval.approved': 'info',
  'approval.rejected': 'info',
  'approval.expired': 'warn',
};

/**
 * Builds the emit function the dispatcher uses. A fatal halt is logged at error level because
 * it is an operator problem; `levels` moves other event types to another level.
 */
export function createEventSink(
  logger: Logger,
  handlers: ReadonlyArray<(event: ToolboundEvent) => void>,
  levels: Partial<Record<ToolboundEvent['type'], LogLevel>> = {},
): EventHandler {
  return (event) => {
    const level =
      event.type === 'run.halted' && event.reason === 'fatal'
        ? 'error'
        : (levels[event.type] ?? LEVELS[event.type]);
    try {
      const write = logger[level];
      write?.call(logger, event as unknown as Record<string, unknown>, event.type);
    } catch {
      // a broken logger must not break a tool call
    }
    for (const handler of handlers) {
      try {
        handler(event);
      } catch {
        // nor may a broken event handler
      }
    }
  };
}
