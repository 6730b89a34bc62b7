import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clarifying,
  correctable,
  empty,
  fatal,
  notFound,
  ok,
  partial,
  refused,
  unavailable,
} from './constructors.js';
import type { Outcome } from './outcome.js';
import { compactRenderer, structuredRenderer } from './render.js';

const examples: Outcome[] = [
  ok({ city: 'Pune', temp_c: 31 }),
  ok([1, 2], { note: 'limit was reduced from 10000 to the maximum of 200.' }),
  partial({ orders: [1] }, { message: 'The EU region did not answer.', missing: ['EU orders'] }),
  empty({ message: 'No open tickets for Acme.', searched: 'open tickets, Acme, last 90 days' }),
  correctable({
    error: 'invalid_arguments',
    message: 'city must be one of Pune, Mumbai, Delhi; you provided "Punee".',
    hint: 'Call get_weather again with city "Pune".',
    suggestion: { city: 'Pune' },
  }),
  clarifying({
    error: 'ambiguous_customer',
    message: 'Two customers match.',
    candidates: [{ label: 'Acme (Ohio)' }],
  }),
  unavailable({ error: 'source_unavailable', message: 'Billing did not answer.', retryable: false }),
  refused({
    error: 'limit_exceeded',
    message: 'That credit is $4,200 and your limit is $2,500.',
    offer: { tool: 'request_approval', arguments: { amount: 4200 } },
  }),
  notFound(),
  fatal({ error: 'bad_credentials', message: 'The billing credentials were rejected.' }),
];

describe('structuredRenderer', () => {
  it.each(examples.map((outcome) => [outcome.class, outcome] as const))(
    'writes a %s outcome as JSON with ok and class first, every field kept',
    (_class, outcome) => {
      const content = structuredRenderer(outcome);
      const parsed = JSON.parse(content) as Record<string, unknown>;
      expect(Object.keys(parsed).slice(0, 2)).toEqual(['ok', 'class']);
      expect(parsed).toEqual(JSON.parse(JSON.stringify(outcome)));
      expect(content).not.toContain('\n');
    },
  );

  it('writes exactly what a copy with ok and class first would, whatever the key order', () => {
    const reference = (outcome: Outcome) => {
      const { ok: isOk, class: outcomeClass, ...rest } = outcome;
      return JSON.stringify({ ok: isOk, class: outcomeClass, ...rest });
    };
    const shuffled = fc
      .tuple(
        fc.constantFrom(...examples),
        fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 4 }),
        fc.integer({ min: 0, max: 20 }),
        fc.boolean(),
      )
      .map(([example, extra, seed, okValue]) => {
        const entries = Object.entries({ ...example, ok: okValue, ...extra });
        // rotate the entries, so ok and class land anywhere, first two included
        const turn = seed % entries.length;
        return Object.fromEntries([...entries.slice(turn), ...entries.slice(0, turn)]) as unknown as Outcome;
      });
    fc.assert(
      fc.property(shuffled, (outcome) => {
        expect(structuredRenderer(outcome)).toBe(reference(outcome));
      }),
      { numRuns: 500 },
    );
    const withToJson = { ...examples[0]!, toJSON: () => 'x' } as unknown as Outcome;
    expect(structuredRenderer(withToJson)).toBe(reference(withToJson));
    const inherited = Object.assign(Object.create({ extra: 1 }), examples[0]) as Outcome;
    expect(structuredRenderer(inherited)).toBe(reference(inherited));
  });

  it('produces the wire format DESIGN.md documents, byte for byte', () => {
    expect(structuredRenderer(examples[4]!)).toBe(
      '{"ok":false,"class":"correctable","error":"invalid_arguments","message":"city must be one of Pune, Mumbai, Delhi; you provided \\"Punee\\".","hint":"Call get_weather again with city \\"Pune\\".","suggestion":{"city":"Pune"}}',
    );
  });
});

describe('compactRenderer', () => {
  it('writes every failure as {"error": message} and nothing else', () => {
    for (const outcome of examples.filter((example) => !example.ok)) {
      const content = compactRenderer(outcome);
      expect(JSON.parse(content)).toEqual({ error: (outcome as { message: string }).message });
    }
    expect(compactRenderer(notFound())).toBe('{"error":"No matching record is available to you."}');
  });

  it('writes plain ok data as the data itself', () => {
    expect(compactRenderer(ok({ city: 'Pune', temp_c: 31 }))).toBe('{"city":"Pune","temp_c":31}');
    expect(compactRenderer(ok(undefined))).toBe('null');
  });

  it('keeps the note, message and searched scope when the data alone would mislead', () => {
    expect(JSON.parse(compactRenderer(examples[1]!))).toEqual({
      data: [1, 2],
      message: 'limit was reduced from 10000 to the maximum of 200.',
    });
    expect(JSON.parse(compactRenderer(examples[3]!))).toEqual({
      data: [],
      message: 'No open tickets for Acme.',
    });
    expect(JSON.parse(compactRenderer(examples[2]!))).toMatchObject({
      message: 'The EU region did not answer.',
    });
  });
});
