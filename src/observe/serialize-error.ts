import { readField } from '../util/read-field.js';
import { truncate } from '../util/truncate.js';
import { type CallPosition, readStack } from './read-stack.js';

/** A thrown value turned into plain JSON-safe fields for the server log. */
export interface SerializedError {
  name: string;
  message: string;
  stack?: string;
  code?: string;
  cause?: SerializedError;
}

const MAX_CAUSE_DEPTH = 5;
const MAX_TEXT = 8_192;

/**
 * Describes any thrown value for the log: an Error with its stack and cause chain, a string,
 * null, a Symbol, or an object whose getters or proxy traps throw. It never throws itself.
 * With `stackEnd`, the stack of an error not read before ends at the frame at that position
 * (see readStack); a cause's stack is read in full.
 */
export function serializeError(value: unknown, stackEnd?: CallPosition, depth = 0): SerializedError {
  try {
    if (value instanceof Error) {
      // each field is read on its own, so one throwing getter does not cost the stack and cause
      const result: SerializedError = {
        name: text(readField(value, 'name') ?? 'Error'),
        message: text(readField(value, 'message') ?? '(the message could not be read)'),
      };
      const stack = readErrorStack(value, stackEnd);
      if (typeof stack === 'string') result.stack = text(stack);
      const code = readField(value, 'code');
      if (typeof code === 'string' || typeof code === 'number') result.code = String(code);
      const cause = readField(value, 'cause');
      if (cause !== undefined && depth < MAX_CAUSE_DEPTH)
        result.cause = serializeError(cause, undefined, depth + 1);
      return result;
    }
    if (typeof value === 'object' && value !== null) {
      return { name: 'NonErrorObject', message: text(safeJson(value)) };
    }
    return { name: typeof value, message: text(String(value)) };
  } catch {
    return { name: 'Unreadable', message: 'the thrown value could not be read' };
  }
}

function readErrorStack(error: Error, end: CallPosition | undefined): unknown {
  try {
    return readStack(error, end);
  } catch {
    return undefined;
  }
}

function text(value: unknown): string {
  const string = typeof value === 'string' ? value : String(value);
  return truncate(string, MAX_TEXT);
}

function safeJson(value: object): string {
  try {
    return JSON.stringify(value) ?? Object.prototype.toString.call(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}
