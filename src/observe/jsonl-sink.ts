import { createWriteStream } from 'node:fs';
import type { EventHandler } from './events.js';

/** A file of events, one JSON object per line. */
export interface JsonlSink {
  /** Pass to `onEvent` (or to `combineEventHandlers`). It never throws. */
  handler: EventHandler;
  /** Flushes what was written and closes the file; events after it are dropped. Never rejects. */
  close(): Promise<void>;
  /** Events not written: after close, unserialisable, or lost to a file error. */
  readonly droppedEvents: number;
  /** The first file error, if any (a missing directory, a full disk). */
  readonly error: Error | undefined;
}

/** Options for {@link createJsonlSink}. */
export interface JsonlSinkOptions {
  /** Called once with the first file error; the sink then drops events. */
  onError?: (error: Error) => void;
}

/**
 * Appends every event to a JSONL file, the input of `toolbound report`. The file is opened in
 * append mode, so several runs (or restarts) add to one file. A file error never reaches the
 * dispatcher: it is kept on `error` and events are counted as dropped.
 * @example
 * const sink = createJsonlSink('events.jsonl');
 * const dispatcher = createDispatcher({ tools, onEvent: sink.handler });
 * process.on('beforeExit', () => sink.close());
 */
export function createJsonlSink(path: string, options: JsonlSinkOptions = {}): JsonlSink {
  const stream = createWriteStream(path, { flags: 'a', encoding: 'utf8' });
  let closed = false;
  let droppedEvents = 0;
  let error: Error | undefined;
  stream.on('error', (cause: Error) => {
    if (error !== undefined) return;
    error = cause;
    try {
      options.onError?.(cause);
    } catch {
      // the callback is the caller's; its failure is not the dispatcher's
    }
  });
  let closing: Promise<void> | undefined;
  return {
    handler(event) {
      if (closed || error !== undefined) {
        droppedEvents++;
        return;
      }
      try {
        stream.write(`${JSON.stringify(event)}\n`);
      } catch {
        droppedEvents++; // a value JSON cannot write, such as a BigInt in tool arguments
      }
    },
    close() {
      closed = true;
      closing ??= new Promise<void>((resolve) => {
        if (stream.destroyed) return resolve();
        stream.once('error', () => resolve());
        stream.end(() => resolve());
      });
      return closing;
    },
    get droppedEvents() {
      return droppedEvents;
    },
    get error() {
      return error;
    },
  };
}
