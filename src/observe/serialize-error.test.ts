import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { serializeError } from './serialize-error.js';

describe('serializeError', () => {
  it('keeps name, message, code, stack and the cause chain', () => {
    const root = Object.assign(new Error('connect ECONNREFUSED 10.0.0.7:5432'), { code: 'ECONNREFUSED' });
    const error = new TypeError('query failed', { cause: root });
    const serialized = serializeError(error);
    expect(serialized).toMatchObject({ name: 'TypeError', message: 'query failed' });
    expect(serialized.stack).toContain('TypeError: query failed');
    expect(serialized.cause).toMatchObject({
      name: 'Error',
      code: 'ECONNREFUSED',
      message: 'connect ECONNREFUSED 10.0.0.7:5432',
    });
  });

  // V8 formats the stack lazily from the message, so the stack may go with it; the cause must not
  it('keeps the cause when the message getter throws', () => {
    const error = new Error('placeholder', { cause: new Error('the real reason') });
    Object.defineProperty(error, 'message', {
      get() {
        throw new Error('no message for you');
      },
    });
    const serialized = serializeError(error);
    expect(serialized.message).toBe('(the message could not be read)');
    expect(serialized.name).toBe('Error');
    expect(serialized.cause?.message).toBe('the real reason');
  });

  it('stops a circular cause chain after a few links', () => {
    const first = new Error('first');
    const second = new Error('second', { cause: first });
    Object.defineProperty(first, 'cause', { value: second });
    let depth = 0;
    for (let link = serializeError(first).cause; link !== undefined; link = link.cause) depth++;
    expect(depth).toBeLessThanOrEqual(5);
  });

  it('describes non-errors without throwing, whatever they are', () => {
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('trap');
        },
        ownKeys() {
          throw new Error('trap');
        },
        getPrototypeOf() {
          throw new Error('trap');
        },
      },
    );
    expect(serializeError(null)).toEqual({ name: 'object', message: 'null' });
    expect(serializeError('plain text')).toEqual({ name: 'string', message: 'plain text' });
    expect(serializeError(Symbol('s')).message).toBe('Symbol(s)');
    expect(serializeError(hostile).name).toBe('Unreadable');
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const serialized = serializeError(value);
        expect(typeof serialized.name).toBe('string');
        expect(typeof serialized.message).toBe('string');
      }),
    );
  });

  it('caps very long text', () => {
    expect(serializeError(new Error('x'.repeat(100_000))).message.length).toBeLessThan(10_000);
  });
});
