import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createDispatcher, defineTool, silentLogger } from '../../src/index.js';
import { findLeaks } from '../../src/sanitize/find-leaks.js';
import { sanitizeValue } from '../../src/sanitize/sanitize-value.js';
import { detachedCopy } from '../../src/util/detached-copy.js';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const MEGABYTE = 1024 * 1024;
const TEXTS = 40;

/** About a megabyte of text that no other test makes: a new key name on its first line, filler below. */
function bigText(index: number): string {
  return `password_field_${index}_of_the_form = Hx7${index}qPz\n${`line ${index} of a long log\n`.repeat(MEGABYTE / 24)}`;
}

/** The heap the work leaves behind, after a full collection, in megabytes. */
function heapLeftBy(work: (index: number) => void): number {
  collectGarbage();
  const before = process.memoryUsage().heapUsed;
  for (let index = 0; index < TEXTS; index += 1) work(index);
  collectGarbage();
  return (process.memoryUsage().heapUsed - before) / MEGABYTE;
}

// the sanitiser's caches (key names' strengths, strings found clean) outlive a call; a key they
// kept as a slice of a tool's result would keep the whole result alive
describe('what the sanitiser keeps after a call', () => {
  it('holds no tool result alive: a key name it cached was copied', () => {
    const left = heapLeftBy((index) => findLeaks(bigText(index)));
    expect(left).toBeLessThan(TEXTS / 4);
  });

  it('holds no tool result alive: lines of one it found clean were copied', () => {
    const left = heapLeftBy((index) =>
      sanitizeValue(
        bigText(index + TEXTS)
          .split('\n')
          .slice(1, 4),
      ),
    );
    expect(left).toBeLessThan(TEXTS / 4);
  });

  it('holds no tool result alive through a dispatch', async () => {
    let current = '';
    const dispatcher = createDispatcher({
      tools: [defineTool({ name: 'dump', description: 'd', input: z.object({}), run: async () => current })],
      logger: silentLogger,
    });
    collectGarbage();
    const before = process.memoryUsage().heapUsed;
    for (let index = 0; index < TEXTS; index += 1) {
      current = bigText(index + 2 * TEXTS);
      await dispatcher.dispatch({ id: 'c', name: 'dump', arguments: {} });
    }
    current = '';
    collectGarbage();
    expect((process.memoryUsage().heapUsed - before) / MEGABYTE).toBeLessThan(TEXTS / 4);
  });

  it('copies equal to the text, whatever its length', () => {
    const source = `${'a'.repeat(40)}${'b'.repeat(40)}`;
    for (const length of [0, 1, 12, 13, 14, 40, 79]) {
      const slice = source.slice(1, 1 + length);
      expect(detachedCopy(slice)).toBe(slice);
    }
  });
});
