import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from '../tool/define-tool.js';
import { createDispatcher } from './create-dispatcher.js';

const echo = defineTool({
  name: 'echo',
  description: 'Echoes its text.',
  input: z.object({ text: z.string() }),
  run: ({ text }) => ({ text }),
});

describe('createDispatcher limits', () => {
  it.each([
    ['maxArgumentBytes', -1],
    ['maxArgumentBytes', 0],
    ['maxArgumentBytes', 1.5],
    ['maxArgumentDepth', 0],
    ['maxArgumentDepth', Number.NaN],
    ['maxContentBytes', 100],
    ['maxContentBytes', Number.POSITIVE_INFINITY],
  ])('refuses limits.%s = %s at start-up, naming the limit', (name, value) => {
    expect(() => createDispatcher({ tools: [echo], limits: { [name]: value } })).toThrow(
      new RegExp(`limits\\.${name} must be a whole number of at least \\d+`),
    );
  });

  it('accepts the smallest sensible limits and still answers', async () => {
    const dispatcher = createDispatcher({
      tools: [echo],
      limits: { maxArgumentBytes: 2, maxArgumentDepth: 1, maxContentBytes: 256 },
      logger: { error() {}, warn() {}, info() {} },
    });
    const message = await dispatcher.dispatch({ id: '1', name: 'echo', arguments: '{"text":"hello"}' });
    expect(message.outcome).toMatchObject({ class: 'refused', error: 'arguments_too_large' });
  });
});
