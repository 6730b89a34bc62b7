import type { StandardSchemaV1 } from '@standard-schema/spec';
import { type } from 'arktype';
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { CorrectableOutcome } from '../outcome/outcome.js';
import { defineTool } from '../tool/define-tool.js';
import { editDistance } from './edit-distance.js';
import { validateArguments } from './validate-arguments.js';

const toolFor = (input: StandardSchemaV1) =>
  defineTool({ name: 'test_tool', description: 'test', input, run: () => 1 });

async function failure(input: StandardSchemaV1, args: Record<string, unknown>): Promise<CorrectableOutcome> {
  const result = await validateArguments(toolFor(input), args);
  if (result.ok) throw new Error(`expected ${JSON.stringify(args)} to fail`);
  expect(result.outcome).toMatchObject({ class: 'correctable', ok: false, error: 'invalid_arguments' });
  return result.outcome;
}

async function validates(input: StandardSchemaV1, args: Record<string, unknown>): Promise<boolean> {
  return (await validateArguments(toolFor(input), args)).ok;
}

/** What a model does with a suggestion: use its fields, and drop a key it was told to rename. */
function apply(args: Record<string, unknown>, outcome: CorrectableOutcome, dropped: string[] = []) {
  const applied: Record<string, unknown> = { ...args, ...outcome.suggestion };
  for (const key of dropped) delete applied[key];
  return applied;
}

const JARGON = [
  /invalid input/i,
  /invalid_(type|value|format)/,
  /too_(small|big)/,
  /unrecognized_keys/,
  /\^.*\$/, // regex source
  /expected \w+, received/i,
  /ZodError|issues?\b/,
];

function expectPlain(message: string) {
  for (const pattern of JARGON) expect(message).not.toMatch(pattern);
}

const weather = z.object({ city: z.enum(['Pune', 'Mumbai', 'Delhi']) });

describe('describeValidationFailure with zod 4', () => {
  it('names the argument, the options and what was sent, and suggests the one near option', async () => {
    const outcome = await failure(weather, { city: 'Punee' });
    expect(outcome.message).toBe('city must be one of Pune, Mumbai, Delhi; you provided "Punee".');
    expect(outcome.hint).toBe('Call test_tool again with city "Pune".');
    expect(outcome.suggestion).toEqual({ city: 'Pune' });
  });

  it('suggests nothing when two options are equally near', async () => {
    const outcome = await failure(z.object({ unit: z.enum(['cm', 'mm']) }), { unit: 'km' });
    expect(outcome.message).toBe('unit must be one of cm, mm; you provided "km".');
    expect(outcome).not.toHaveProperty('suggestion');
  });

  it('suggests nothing when no option is near', async () => {
    expect(await failure(weather, { city: 'Kolkata' })).not.toHaveProperty('suggestion');
  });

  it('says what is required when an argument is missing', async () => {
    const outcome = await failure(weather, {});
    expect(outcome.message).toBe('city is required: one of Pune, Mumbai, Delhi.');
    expect(outcome).not.toHaveProperty('suggestion');
  });

  const customer = z.object({
    full_name: z.string(),
    since: z.iso.date().optional(),
    limit: z.number().int().max(200).optional(),
  });

  it('pairs an unknown key with the one missing key it stands for', async () => {
    const args = { customer_name: 'Ann Lee' };
    const outcome = await failure(customer, args);
    expect(outcome.message).toBe(
      'customer_name is not an argument of test_tool; the argument is called full_name.',
    );
    expect(outcome.suggestion).toEqual({ full_name: 'Ann Lee' });
    expect(await validates(customer, apply(args, outcome, ['customer_name']))).toBe(true);
  });

  it('does not guess a rename when two missing keys fit', async () => {
    const schema = z.object({ first_name: z.string(), last_name: z.string() });
    const outcome = await failure(schema, { customer_name: 'Ann' });
    expect(outcome).not.toHaveProperty('suggestion');
    expect(outcome.message).toContain('first_name is required');
  });

  it('does not guess a rename when two unknown keys fit one missing key', async () => {
    const outcome = await failure(customer, { customer_name: 'Ann', name: 'Ann' });
    expect(outcome).not.toHaveProperty('suggestion');
  });

  it('reports an unknown key of a strict object with what the tool accepts', async () => {
    const schema = z.strictObject({ city: z.string() });
    const outcome = await failure(schema, { city: 'Pune', country: 'IN', extra: 1 });
    expect(outcome.message).toContain('country is not an argument of test_tool; it accepts city.');
    expect(outcome).not.toHaveProperty('suggestion');
  });

  it.each([
    ['Aug 1, 2026', '2026-08-01'],
    ['13/08/2026', '2026-08-13'],
    ['2026/08/01', '2026-08-01'],
  ])('suggests the ISO form of the unambiguous date %j', async (since, iso) => {
    const args = { full_name: 'Ann', since };
    const outcome = await failure(customer, args);
    expect(outcome.message).toBe(
      `since must be a date in YYYY-MM-DD form; you provided ${JSON.stringify(since)}.`,
    );
    expect(outcome.suggestion).toEqual({ since: iso });
    expect(await validates(customer, apply(args, outcome))).toBe(true);
  });

  it.each(['08/01/2026', 'next week', 'Aug 32, 2026'])('suggests no date for %j', async (since) => {
    const outcome = await failure(customer, { full_name: 'Ann', since });
    expect(outcome.message).toContain('YYYY-MM-DD');
    expect(outcome).not.toHaveProperty('suggestion');
  });

  it('turns a numeric string into the number, but not a fraction for a whole number', async () => {
    const outcome = await failure(customer, { full_name: 'Ann', limit: '20' });
    expect(outcome.message).toBe('limit must be a whole number of at most 200; you provided "20".');
    expect(outcome.suggestion).toEqual({ limit: 20 });
    expect(await failure(customer, { full_name: 'Ann', limit: '2.5' })).not.toHaveProperty('suggestion');
    expect(await failure(customer, { full_name: 'Ann', limit: 'twenty' })).not.toHaveProperty('suggestion');
  });

  it('suggests only when every problem has exactly one fix', async () => {
    const outcome = await failure(customer, { full_name: 'Ann', since: 'Aug 1, 2026', limit: 'lots' });
    expect(outcome).not.toHaveProperty('suggestion');
    const both = await failure(customer, { full_name: 'Ann', since: 'Aug 1, 2026', limit: '20' });
    expect(both.suggestion).toEqual({ since: '2026-08-01', limit: 20 });
  });

  it('names nested arguments by their path, and suggests the whole corrected top-level value', async () => {
    const schema = z.object({ address: z.object({ city: z.enum(['Pune', 'Mumbai']), zip: z.string() }) });
    const args = { address: { city: 'Mumbay', zip: '411001' } };
    const outcome = await failure(schema, args);
    expect(outcome.message).toBe('address.city must be one of Pune, Mumbai; you provided "Mumbay".');
    expect(outcome.suggestion).toEqual({ address: { city: 'Mumbai', zip: '411001' } });
    expect(args.address.city).toBe('Mumbay'); // the caller's arguments are not changed
    expect(await validates(schema, apply(args, outcome))).toBe(true);
  });

  it('writes no schema jargon, no regex source and no zod codes', async () => {
    const schema = z.object({
      sku: z.string().regex(/^SKU-\d{4}$/),
      quantity: z.number().positive(),
      email: z.email(),
      tags: z.array(z.string()).max(2),
      when: z.iso.datetime(),
      kind: z.literal('retail'),
    });
    const outcome = await failure(schema, {
      sku: '4411',
      quantity: -1,
      email: 'nope',
      tags: ['a', 'b', 'c'],
      when: 'now',
      kind: 'b',
    });
    expectPlain(outcome.message);
    expect(outcome.message).toContain('sku');
    expect(outcome.message).toContain('"4411"');
    expect(outcome.message).not.toMatch(/sku must be a string;/); // "4411" is a string: say what is wrong
    expect(outcome.message).not.toMatch(/quantity must be a number;/);
    expect(outcome.message).toContain('quantity must be a number greater than 0; you provided -1.');
    expect(outcome.message).toContain('email must be an email address');
    expect(outcome.message).toContain('tags must be a list of at most 2 items');
    expect(outcome.message).toMatch(/There is 1 more problem/);
  });

  it('truncates a long value it quotes back', async () => {
    const long = `P${'u'.repeat(5_000)}ne`;
    const outcome = await failure(weather, { city: long });
    expect(outcome.message).toContain('… (truncated)');
    expect(outcome.message.length).toBeLessThan(200);
    expect(outcome).not.toHaveProperty('suggestion');
  });
});

describe('describeValidationFailure with valibot 1.5', () => {
  const schema = v.object({
    city: v.picklist(['Pune', 'Mumbai', 'Delhi']),
    since: v.optional(v.pipe(v.string(), v.isoDate())),
    limit: v.optional(v.number()),
  });

  it('reads the options from the issue and suggests the near one', async () => {
    const args = { city: 'Punee', since: 'Aug 1, 2026', limit: '20' };
    const outcome = await failure(schema, args);
    expect(outcome.message).toBe(
      'city must be one of Pune, Mumbai, Delhi; you provided "Punee". since must be a date in YYYY-MM-DD form; you provided "Aug 1, 2026". limit must be a number; you provided "20".',
    );
    expect(outcome.suggestion).toEqual({ city: 'Pune', since: '2026-08-01', limit: 20 });
    expect(await validates(schema, apply(args, outcome))).toBe(true);
    expectPlain(outcome.message);
  });

  it('pairs an unknown key of a strict object with the missing one', async () => {
    const strict = v.strictObject({ full_name: v.string() });
    const args = { customer_name: 'Ann' };
    const outcome = await failure(strict, args);
    expect(outcome.suggestion).toEqual({ full_name: 'Ann' });
    expect(await validates(strict, apply(args, outcome, ['customer_name']))).toBe(true);
  });
});

describe('describeValidationFailure with arktype 2.2', () => {
  const schema = type({ city: "'Pune' | 'Mumbai' | 'Delhi'", full_name: 'string', 'limit?': 'number' });

  it('suggests the near option and the number, and pairs a renamed key', async () => {
    const args = { city: 'Punee', customer_name: 'Ann', limit: '20' };
    const outcome = await failure(schema, args);
    expect(outcome.message).toContain('city must be one of Delhi, Mumbai, Pune; you provided "Punee".');
    expect(outcome.message).toContain(
      'customer_name is not an argument of test_tool; the argument is called full_name.',
    );
    expect(outcome.suggestion).toEqual({ city: 'Pune', full_name: 'Ann', limit: 20 });
    expect(await validates(schema, apply(args, outcome, ['customer_name']))).toBe(true);
    expectPlain(outcome.message);
  });
});

describe('suggestions, as properties', () => {
  const letters = fc.string({
    unit: fc.constantFrom('a', 'e', 'i', 'n', 'p', 'r', 's', 't'),
    minLength: 3,
    maxLength: 8,
  });

  /** One random edit: insert, delete, substitute or swap two neighbours. */
  const typo = (text: string) =>
    fc
      .tuple(
        fc.nat(text.length),
        fc.constantFrom('insert', 'delete', 'substitute', 'swap'),
        fc.constantFrom('a', 'o', 'x'),
      )
      .map(([at, kind, letter]) => {
        const index = Math.min(at, text.length - 1);
        if (kind === 'insert') return text.slice(0, index) + letter + text.slice(index);
        if (kind === 'delete') return text.slice(0, index) + text.slice(index + 1);
        if (kind === 'substitute') return text.slice(0, index) + letter + text.slice(index + 1);
        return index + 1 < text.length
          ? text.slice(0, index) + text[index + 1] + text[index] + text.slice(index + 2)
          : text;
      });

  it('an enum suggestion always validates, and only names a strictly nearest option', async () => {
    const cases = fc
      .uniqueArray(letters, { minLength: 2, maxLength: 5 })
      .chain((options) =>
        fc.nat(options.length - 1).chain((pick) => typo(options[pick]!).map((value) => ({ options, value }))),
      );
    await fc.assert(
      fc.asyncProperty(cases, async ({ options, value }) => {
        fc.pre(!options.includes(value));
        const schema = z.object({ choice: z.enum(options as [string, ...string[]]) });
        const outcome = await failure(schema, { choice: value });
        if (outcome.suggestion === undefined) return;
        expect(await validates(schema, apply({ choice: value }, outcome))).toBe(true);
        const suggested = outcome.suggestion['choice'] as string;
        const distance = (option: string) => editDistance(value.toLowerCase(), option.toLowerCase());
        for (const option of options)
          if (option !== suggested) expect(distance(option)).toBeGreaterThan(distance(suggested));
      }),
      { numRuns: 200 },
    );
  });

  it('a date suggestion always validates and is the date that was meant', async () => {
    const schema = z.object({ since: z.iso.date() });
    const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
    const dates = fc
      .date({
        min: new Date(Date.UTC(1900, 0, 1)),
        max: new Date(Date.UTC(2100, 11, 31)),
        noInvalidDate: true,
      })
      .chain((date) => {
        const [y, m, d] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
        return fc
          .constantFrom(`${MONTHS[m - 1]} ${d}, ${y}`, `${d}/${m}/${y}`, `${m}/${d}/${y}`, `${y}/${m}/${d}`)
          .map((text) => ({
            text,
            iso: date.toISOString().slice(0, 10),
            ambiguous: d <= 12 && m <= 12 && d !== m,
          }));
      });
    await fc.assert(
      fc.asyncProperty(dates, async ({ text, iso, ambiguous }) => {
        const outcome = await failure(schema, { since: text });
        const slashed = /^\d{1,2}\/\d{1,2}\/\d{4}$/.test(text);
        if (slashed && ambiguous) {
          expect(outcome).not.toHaveProperty('suggestion');
          return;
        }
        expect(outcome.suggestion).toEqual({ since: iso });
        expect(await validates(schema, apply({ since: text }, outcome))).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('a rename suggestion always validates once the old key is dropped', async () => {
    const keys = fc.constantFrom('full_name', 'order_id', 'email_address', 'start_date', 'customer_id');
    const cases = fc.tuple(
      keys,
      fc.constantFrom('my_', 'the_', 'customer_', ''),
      fc.string({ minLength: 1 }),
    );
    await fc.assert(
      fc.asyncProperty(cases, async ([key, prefix, value]) => {
        const wrong = `${prefix}${key}x`;
        const schema = z.object({ [key]: z.string() });
        const outcome = await failure(schema, { [wrong]: value });
        expect(outcome.suggestion).toEqual({ [key]: value });
        expect(await validates(schema, apply({ [wrong]: value }, outcome, [wrong]))).toBe(true);
      }),
      { numRuns: 50 },
    );
  });
});
