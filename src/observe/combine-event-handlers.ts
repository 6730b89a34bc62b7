import type { EventHandler } from './events.js';

/**
 * One handler that passes each event to several, in order. A handler that throws does not stop
 * the others, and nothing it throws reaches the dispatcher.
 * @example
 * const sink = createJsonlSink('events.jsonl');
 * createDispatcher({ tools, onEvent: combineEventHandlers(sink.handler, createOpenTelemetryHandler()) });
 */
export function combineEventHandlers(...handlers: ReadonlyArray<EventHandler | undefined>): EventHandler {
  const list = handlers.filter((handler): handler is EventHandler => typeof handler === 'function');
  return (event) => {
    for (const handler of list) {
      try {
        handler(event);
      } catch {
        // one broken handler must not starve the rest
      }
    }
  };
}
