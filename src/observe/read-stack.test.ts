import { afterEach, describe, expect, it } from 'vitest';
import { positionOfCall, readStack } from './read-stack.js';

// the frames below `callThrough`'s call of its callee stand for a caller's machinery
function callThrough(callee: () => unknown): unknown {
  return callee();
}
const CALL_POSITION = positionOfCall(callThrough);

function machineryBelow(make: () => Error): Error {
  const deeper = (depth: number): Error => (depth === 0 ? (callThrough(make) as Error) : deeper(depth - 1));
  return deeper(4);
}

const nodeFormatter = Error.prepareStackTrace;
afterEach(() => {
  Error.prepareStackTrace = nodeFormatter;
});

describe('positionOfCall', () => {
  it('names the file, line and column of the call, as the frames of a later stack name them', () => {
    expect(CALL_POSITION).toEqual({
      file: expect.stringContaining('read-stack.test.ts'),
      line: expect.any(Number),
      column: expect.any(Number),
    });
    const other = positionOfCall((callee) => callee());
    expect(other?.file).toBe(CALL_POSITION?.file);
    expect(other?.line).not.toBe(CALL_POSITION?.line);
  });

  it('finds nothing, and throws nothing, when the call never calls its callee or throws', () => {
    expect(positionOfCall(() => undefined)).toBeUndefined();
    expect(
      positionOfCall(() => {
        throw new Error('no');
      }),
    ).toBeUndefined();
    expect(Error.prepareStackTrace).toBe(nodeFormatter);
  });
});

describe('readStack', () => {
  it("ends the stack at the frame of the call, keeping Node's text for every frame above it", () => {
    const error = machineryBelow(() => new Error('connect ECONNREFUSED'));
    const full = machineryBelow(() => new Error('connect ECONNREFUSED')).stack ?? '';
    const stack = String(readStack(error, CALL_POSITION));
    const lines = stack.split('\n');
    expect(lines[0]).toBe('Error: connect ECONNREFUSED');
    expect(lines.at(-1)).toMatch(/^ {4}at callThrough \(.*read-stack\.test\.ts:6:\d+\)$/);
    expect(stack).not.toContain('deeper');
    // the frames kept are the full stack's first ones, to the letter but for the throw's own line
    const fullLines = full.split('\n');
    expect(fullLines.length).toBeGreaterThan(lines.length);
    expect(lines.slice(2)).toEqual(fullLines.slice(2, lines.length));
    expect(error.stack).toBe(stack); // V8 keeps it, as it keeps any stack once read
    expect(Error.prepareStackTrace).toBe(nodeFormatter);
  });

  it('reads a stack in full when it does not pass through the call, or without a position', () => {
    const error = new Error('elsewhere');
    expect(String(readStack(error, CALL_POSITION))).toContain('read-stack.test.ts');
    const other = machineryBelow(() => new Error('no position'));
    expect(String(readStack(other, undefined))).toContain('deeper');
  });

  it('leaves a stack that was read before as it was', () => {
    const error = machineryBelow(() => new Error('read before'));
    const before = error.stack;
    expect(readStack(error, CALL_POSITION)).toBe(before);
    expect(before).toContain('deeper');
  });

  it('hands whichever formatter is installed the frames down to the call, and leaves it installed', () => {
    let frames = 0;
    const custom = (error: Error, trace: unknown[]) => {
      frames = trace.length;
      return `custom: ${error.message}`;
    };
    Error.prepareStackTrace = custom;
    expect(
      readStack(
        machineryBelow(() => new Error('mapped')),
        CALL_POSITION,
      ),
    ).toBe('custom: mapped');
    expect(frames).toBe(2); // the error's own frame, and the call's
    expect(Error.prepareStackTrace).toBe(custom);
    void machineryBelow(() => new Error('in full')).stack;
    expect(frames).toBeGreaterThan(6);
  });

  it("reads in full under V8's own formatting, with no formatter installed", () => {
    (Error as { prepareStackTrace?: unknown }).prepareStackTrace = undefined;
    expect(
      String(
        readStack(
          machineryBelow(() => new Error('plain')),
          CALL_POSITION,
        ),
      ),
    ).toContain('deeper');
  });

  it('survives a name getter that reads another stack, and a formatter that throws', () => {
    const inner = machineryBelow(() => new Error('inner'));
    const outer = machineryBelow(() => {
      const made = new Error('outer');
      Object.defineProperty(made, 'name', { get: () => `Wrapped ${inner.stack?.split('\n').length}` });
      return made;
    });
    const stack = String(readStack(outer, CALL_POSITION));
    expect(stack).toMatch(/^Wrapped \d+: outer/);
    expect(stack).not.toContain('deeper');
    // V8 formats a stack read while another is formatted by its own rules, in full
    expect(inner.stack).toMatch(/^Error: inner\n[\s\S]*deeper/);
    expect(Error.prepareStackTrace).toBe(nodeFormatter);

    const hostile = machineryBelow(() => {
      const made = new Error('hostile');
      Object.defineProperty(made, 'name', {
        get() {
          throw new Error('no name');
        },
      });
      return made;
    });
    expect(() => readStack(hostile, CALL_POSITION)).toThrow('no name');
    expect(Error.prepareStackTrace).toBe(nodeFormatter);
  });
});
