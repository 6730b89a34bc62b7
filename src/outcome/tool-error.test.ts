import { describe, expect, it } from 'vitest';
import { correctable, ok } from './constructors.js';
import { ToolError } from './tool-error.js';
import { TransientError, transient } from './transient-error.js';

/** The marker a second installed copy of toolbound would put on its ToolError. */
const OTHER_COPY_MARKER: unique symbol = Symbol.for('toolbound.ToolError');

describe('ToolError', () => {
  it('carries its outcome, keeps the cause, and uses the failure message for the log', () => {
    const cause = new Error('driver said no');
    const outcome = correctable({ error: 'unknown_city', message: 'Unknown city: Punee.' });
    const error = new ToolError(outcome, { cause });
    expect(error.outcome).toBe(outcome);
    expect(error.cause).toBe(cause);
    expect(error.message).toBe('Unknown city: Punee.');
    expect(error.name).toBe('ToolError');
    expect(new ToolError(ok(1)).message).toBe('tool ended with a chosen outcome');
  });

  it('recognises a ToolError from another installed copy by its Symbol.for marker', () => {
    // what a second copy of toolbound would throw: a different class, the same registered symbol
    class OtherCopyToolError extends Error {
      readonly [OTHER_COPY_MARKER] = true;
      readonly outcome = correctable({ error: 'e', message: 'm' });
    }
    expect(ToolError.isInstance(new OtherCopyToolError())).toBe(true);
    expect(ToolError.isInstance({ [Symbol.for('toolbound.ToolError')]: true })).toBe(true);
    expect(new OtherCopyToolError() instanceof ToolError).toBe(false);
  });

  it('does not mistake other values for a ToolError', () => {
    for (const value of [
      new Error('x'),
      null,
      undefined,
      'ToolError',
      42,
      {},
      { [Symbol('toolbound.ToolError')]: true },
    ])
      expect(ToolError.isInstance(value)).toBe(false);
    expect(ToolError.isInstance({ [Symbol.for('toolbound.ToolError')]: 'yes' })).toBe(false);
    expect(ToolError.isInstance(transient('503'))).toBe(false);
  });
});

describe('TransientError', () => {
  it('is recognised across copies and keeps retry hints', () => {
    const error = transient('billing returned 503', { retryAfterMs: 2_000, beforeRequest: true });
    expect(TransientError.isInstance(error)).toBe(true);
    expect(TransientError.isInstance({ [Symbol.for('toolbound.TransientError')]: true })).toBe(true);
    expect(TransientError.isInstance(new ToolError(ok(1)))).toBe(false);
    expect([error.retryAfterMs, error.beforeRequest]).toEqual([2_000, true]);
  });
});
