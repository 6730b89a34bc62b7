import type { StandardSchemaV1 } from '@standard-schema/spec';
import { type } from 'arktype';
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as z3 from 'zod/v3';
import { defineTool } from '../tool/define-tool.js';
import { parseIsoDate } from './parse-iso-date.js';
import { validateArguments } from './validate-arguments.js';

/** zod 3 cannot describe itself, so its tools carry the JSON Schema by hand, as users must. */
const ZOD3_JSON_SCHEMA = {
  type: 'object',
  properties: { city: { type: 'string', enum: ['Pune', 'Mumbai', 'Delhi'] }, when: { type: 'string' } },
  required: ['city', 'when'],
};

const libraries: [string, StandardSchemaV1, Record<string, unknown>?][] = [
  ['zod 4', z.object({ city: z.enum(['Pune', 'Mumbai', 'Delhi']), when: z.date() })],
  ['zod 3', z3.object({ city: z3.enum(['Pune', 'Mumbai', 'Delhi']), when: z3.date() }), ZOD3_JSON_SCHEMA],
  ['valibot', v.object({ city: v.picklist(['Pune', 'Mumbai', 'Delhi']), when: v.date() })],
  ['arktype', type({ city: "'Pune' | 'Mumbai' | 'Delhi'", when: 'Date' })],
];

const toolFor = (input: StandardSchemaV1, jsonSchema?: Record<string, unknown>) =>
  defineTool({
    name: 'book',
    description: 'Books a trip.',
    input,
    ...(jsonSchema === undefined ? {} : { jsonSchema }),
    run: () => 1,
  });

describe.each(libraries)('validateArguments with %s', (_library, input, jsonSchema) => {
  const tool = toolFor(input, jsonSchema);

  it('turns an ISO date string into the Date the schema wants', async () => {
    const result = await validateArguments(tool, { city: 'Pune', when: '2026-08-01T09:30:00Z' });
    expect(result.ok).toBe(true);
    const value = (result as { value: { when: Date } }).value;
    expect(value.when).toBeInstanceOf(Date);
    expect(value.when.toISOString()).toBe('2026-08-01T09:30:00.000Z');
    const dateOnly = await validateArguments(tool, { city: 'Pune', when: '2026-08-01' });
    expect((dateOnly as { value: { when: Date } }).value.when.toISOString()).toBe('2026-08-01T00:00:00.000Z');
  });

  it('says in plain words that a date was expected, and suggests the one date meant', async () => {
    const result = await validateArguments(tool, { city: 'Pune', when: 'Aug 1, 2026' });
    if (result.ok) throw new Error('expected a failure');
    expect(result.outcome.message).toBe(
      'when must be a date in ISO 8601 form, such as 2026-08-01 or 2026-08-01T09:30:00Z; you provided "Aug 1, 2026".',
    );
    expect(result.outcome.suggestion).toEqual({ when: '2026-08-01' });
    const retried = await validateArguments(tool, { city: 'Pune', ...result.outcome.suggestion });
    expect(retried.ok).toBe(true);
  });

  it('lists the options of an enum in plain words and suggests the near one', async () => {
    const result = await validateArguments(tool, { city: 'Punee', when: '2026-08-01' });
    if (result.ok) throw new Error('expected a failure');
    expect(result.outcome.message).toMatch(
      /^city must be one of (Pune, Mumbai, Delhi|Delhi, Mumbai, Pune); you provided "Punee"\.$/,
    );
    expect(result.outcome.suggestion).toEqual({ city: 'Pune' });
  });

  it('refuses a date that does not exist, without turning it into another day', async () => {
    const result = await validateArguments(tool, { city: 'Pune', when: '2026-02-30' });
    expect(result.ok).toBe(false);
  });
});

describe('a failure with several problems', () => {
  const shipment = z.object({
    warehouse: z.enum(['PNQ', 'BOM', 'DEL']),
    quantity: z.number().int().positive(),
    sku: z.string().regex(/^SKU-\d{4}$/),
    carrier: z.enum(['bluedart', 'delhivery']),
    priority: z.boolean(),
  });

  it('names the one near miss of an argument even when the whole call has no suggestion', async () => {
    const result = await validateArguments(toolFor(shipment), {
      warehouse: 'PNE',
      quantity: -3,
      sku: 'nope',
      carrier: 'fedex',
      priority: 'yes',
    });
    if (result.ok) throw new Error('expected a failure');
    expect(result.outcome).not.toHaveProperty('suggestion');
    expect(result.outcome.message).toContain(
      'warehouse must be one of PNQ, BOM, DEL; you provided "PNE". Did you mean PNQ?',
    );
    // fedex is near neither carrier, so no guess is offered for it
    expect(result.outcome.message).toContain(
      'carrier must be one of bluedart, delhivery; you provided "fedex".',
    );
    expect(result.outcome.message.match(/Did you mean/g)).toHaveLength(1);
  });
});

describe('parseIsoDate', () => {
  it('reads back every instant written in ISO form', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('0001-01-01T00:00:00Z'),
          max: new Date('9999-12-31T23:59:59Z'),
          noInvalidDate: true,
        }),
        (date) => parseIsoDate(date.toISOString())?.getTime() === date.getTime(),
      ),
    );
  });

  it.each(['2026-13-01', '2026-02-29', '2026-08-01T24:00:00Z', 'Aug 1, 2026', '2026-8-1', '20260801', ''])(
    'refuses %j',
    (text) => {
      expect(parseIsoDate(text)).toBeUndefined();
    },
  );

  it('reads an offset and a time without one as UTC', () => {
    expect(parseIsoDate('2026-08-01T09:30:00+05:30')?.toISOString()).toBe('2026-08-01T04:00:00.000Z');
    expect(parseIsoDate('2026-08-01T09:30')?.toISOString()).toBe('2026-08-01T09:30:00.000Z');
  });
});

describe('validateArguments with an asynchronous schema', () => {
  // zod's async refinements make `validate` return a promise
  const input = z.object({ city: z.enum(['Pune', 'Mumbai', 'Delhi']) }).refine(async () => true);
  const tool = toolFor(input, {
    type: 'object',
    properties: { city: { type: 'string', enum: ['Pune', 'Mumbai', 'Delhi'] } },
    required: ['city'],
  });

  it('answers with a promise, with the value or the correctable outcome', async () => {
    const passing = validateArguments(tool, { city: 'Pune' });
    expect(passing).toBeInstanceOf(Promise);
    expect(await passing).toEqual({ ok: true, value: { city: 'Pune' } });
    const failing = await validateArguments(tool, { city: 'Punee' });
    expect(failing.ok).toBe(false);
    expect(failing.ok === false && failing.outcome.message).toContain('Pune');
  });

  it('answers a synchronous schema at once', () => {
    const sync = toolFor(z.object({ city: z.string() }));
    expect(validateArguments(sync, { city: 'Pune' })).toEqual({ ok: true, value: { city: 'Pune' } });
  });
});
