import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  clarifying,
  correctable,
  createDispatcher,
  defineTool,
  empty,
  type Outcome,
  ok,
  partial,
  refused,
  silentLogger,
  ToolError,
  unavailable,
} from '../../src/index.js';

// one realistic secret per family, each made fresh by fast-check; token bodies look random, as
// real ones do (a run of one repeated letter is not a credential, nor is a body that spells a
// placeholder word such as FAKE, which shrinking toward `A` can reach; the rules say so)
const looksRandom = (body: string) =>
  new Set(body).size >= body.length / 2 &&
  /\d/.test(body) &&
  /[A-Z]/.test(body) &&
  !/example|sample|dummy|fake|redacted|changeme|placeholder/i.test(body);
const alphanumeric = (length: number) =>
  fc
    .string({
      unit: fc.constantFrom(...'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789'),
      minLength: length,
      maxLength: length,
    })
    .filter((body) => looksRandom(body) && /[a-z]/.test(body));
const upper = (length: number) =>
  fc
    .string({
      unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'),
      minLength: length,
      maxLength: length,
    })
    .filter(looksRandom);
const secret = fc.oneof(
  upper(16).map((body) => `AKIA${body}`),
  alphanumeric(36).map((body) => `ghp_${body}`),
  alphanumeric(40).map((body) => `sk-proj-${body}`),
  alphanumeric(12).map((password) => `postgres://app:${password}@db.internal:5432/orders`),
  fc.nat(254).map((last) => `10.0.3.${last + 1}:5432`),
  fc.constantFrom(
    '/home/deploy/app/config/secrets.yml',
    'C:\\Users\\svc\\AppData\\creds.json',
    '/var/lib/app/data.db',
  ),
  fc.nat(9999).map((id) => `SELECT id, email, password_hash FROM users WHERE id = ${id}`),
  fc.constantFrom(
    'at Object.query (/app/node_modules/pg/lib/client.js:526:17)',
    'Traceback (most recent call last):\n  File "/srv/app/db.py", line 42, in query',
  ),
);
const prose = fc
  .string({ maxLength: 40 })
  .map((text) => text.replace(/[\s\S]/g, (character) => (/[\w ,.]/.test(character) ? character : ' ')));
const planted = fc
  .tuple(prose, secret, prose)
  .map(([before, inside, after]) => ({ inside, text: `${before} ${inside} ${after}` }));

type Place = (text: string) => { thrown?: unknown; returned?: Outcome };
const PLACES: Record<string, Place> = {
  'thrown message': (text) => ({ thrown: new Error(text) }),
  'thrown cause': (text) => ({ thrown: new Error('query failed', { cause: new Error(text) }) }),
  'thrown stack': (text) => {
    const error = new Error('query failed');
    error.stack = `Error: query failed\n    ${text}`;
    return { thrown: error };
  },
  'thrown string': (text) => ({ thrown: text }),
  'ToolError message': (text) => ({ thrown: new ToolError(correctable({ error: 'bad', message: text })) }),
  'correctable hint and suggestion': (text) => ({
    returned: correctable({ error: 'bad', message: 'Fix it.', hint: text, suggestion: { value: text } }),
  }),
  'clarifying candidate': (text) => ({
    returned: clarifying({
      error: 'ambiguous',
      message: 'Which one?',
      candidates: [{ label: text, arguments: { id: text } }],
    }),
  }),
  'unavailable message': (text) => ({
    returned: unavailable({ error: 'down', message: text, retryable: false }),
  }),
  'refused offer': (text) => ({
    returned: refused({
      error: 'limit',
      message: 'Over the limit.',
      offer: { tool: 'approve', arguments: { note: text } },
    }),
  }),
  'empty searched': (text) => ({ returned: empty({ message: 'Nothing found.', searched: text }) }),
  'partial missing': (text) => ({ returned: partial([], { message: 'Some found.', missing: [text] }) }),
  'ok data value, key and note': (text) => ({
    returned: ok({ rows: [{ detail: text }], [text]: 1 }, { note: text }),
  }),
  'plain data': (text) => ({
    returned: { rows: [text], nested: { deeper: [{ text }] } } as unknown as Outcome,
  }),
};

describe('a secret planted anywhere in a tool failure or result', () => {
  it.each(Object.keys(PLACES))('never reaches the model from the %s', async (place) => {
    await fc.assert(
      fc.asyncProperty(planted, async ({ inside, text }) => {
        const made = PLACES[place]!(text);
        const tool = defineTool({
          name: 'leaky',
          description: 'returns or throws what the test gives it',
          input: z.object({}),
          run: async () => {
            if (made.thrown !== undefined) throw made.thrown;
            return made.returned;
          },
        });
        const dispatcher = createDispatcher({ tools: [tool], logger: silentLogger });
        const message = await dispatcher.dispatch({ id: 'c', name: 'leaky', arguments: {} });
        expect(message.content).not.toContain(inside);
        expect(message.content).not.toContain(JSON.stringify(inside).slice(1, -1));
      }),
      { numRuns: 40 },
    );
  });
});
