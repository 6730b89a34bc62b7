import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { correctable, empty, ok, partial, unavailable } from '../outcome/constructors.js';
import type { Outcome } from '../outcome/outcome.js';
import { compactRenderer, structuredRenderer } from '../outcome/render.js';
import { boundContent, renderForModel } from './bound-content.js';

const bytes = (text: string) => Buffer.byteLength(text);

describe('boundContent', () => {
  it('leaves content under the limit untouched', () => {
    const outcome = ok({ city: 'Pune' });
    expect(boundContent(outcome, structuredRenderer, 1_000)).toEqual({
      outcome,
      content: structuredRenderer(outcome),
    });
  });

  it('keeps the leading items of a long list and says how many of how many', () => {
    const rows = Array.from({ length: 10_000 }, (_, index) => ({ id: index, name: `row ${index}` }));
    const { outcome, content } = boundContent(ok(rows), structuredRenderer, 4_096);
    expect(bytes(content)).toBeLessThanOrEqual(4_096);
    const parsed = JSON.parse(content) as { data: unknown[]; note: string };
    const shown = parsed.data.length;
    expect(shown).toBeGreaterThan(10);
    expect(parsed.data).toEqual(rows.slice(0, shown));
    expect(parsed.note).toContain(`Only the first ${shown} of 10000 items are shown`);
    expect(outcome.ok && outcome.note).toBe(parsed.note);
  });

  it('cuts the largest list inside an object and names it', () => {
    const data = { customer: 'Acme', invoices: Array.from({ length: 2_000 }, (_, index) => `INV-${index}`) };
    const { content } = boundContent(ok(data), structuredRenderer, 2_048);
    expect(bytes(content)).toBeLessThanOrEqual(2_048);
    const parsed = JSON.parse(content) as { data: typeof data; note: string };
    expect(parsed.data.customer).toBe('Acme');
    expect(parsed.note).toContain(
      `Only the first ${parsed.data.invoices.length} of 2000 invoices items are shown`,
    );
  });

  it('keeps an existing note and adds the cut to it', () => {
    const rows = Array.from({ length: 1_000 }, (_, index) => index);
    const clamped = ok(rows, { note: 'limit was reduced from 10000 to the maximum of 1000.' });
    const parsed = JSON.parse(boundContent(clamped, structuredRenderer, 512).content) as { note: string };
    expect(parsed.note).toMatch(
      /^limit was reduced from 10000 to the maximum of 1000\. Only the first \d+ of 1000/,
    );
  });

  it('turns a big string into its beginning, with a note that says it was cut', () => {
    const { content } = boundContent(ok('x'.repeat(100_000)), structuredRenderer, 1_024);
    expect(bytes(content)).toBeLessThanOrEqual(1_024);
    const parsed = JSON.parse(content) as { data: string; note: string };
    expect(parsed.data).toMatch(/^"x+…$/);
    expect(parsed.note).toContain('larger than the 1024-byte limit');
  });

  it('never cuts a multi-byte character or a surrogate pair in half', () => {
    const { content } = boundContent(ok('😀é'.repeat(5_000)), structuredRenderer, 700);
    expect(bytes(content)).toBeLessThanOrEqual(700);
    const data = (JSON.parse(content) as { data: string }).data;
    expect(data).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    expect(content).not.toContain('\\ud');
  });

  it('shrinks a failure by dropping extras first, then cutting the message', () => {
    const big = correctable({
      error: 'invalid_arguments',
      message: `The ${'very '.repeat(2_000)}long message.`,
      hint: 'h'.repeat(2_000),
      suggestion: { city: 'Pune' },
    });
    const { outcome, content } = boundContent(big, structuredRenderer, 512);
    expect(bytes(content)).toBeLessThanOrEqual(512);
    expect(outcome).not.toHaveProperty('hint');
    expect(outcome).not.toHaveProperty('suggestion');
    const parsed = JSON.parse(content) as { message: string; error: string };
    expect(parsed.error).toBe('invalid_arguments');
    expect(parsed.message.endsWith('…')).toBe(true);
  });

  it('keeps the reference of an internal failure when it cuts the message', () => {
    const failure: Outcome = {
      ...unavailable({ error: 'internal_error', message: '"quoted" '.repeat(500), retryable: false }),
      reference: 'ref-123',
    };
    const { content } = boundContent(failure, structuredRenderer, 300);
    expect(bytes(content)).toBeLessThanOrEqual(300);
    expect((JSON.parse(content) as { reference: string }).reference).toBe('ref-123');
  });

  it('bounds a success whose own texts are over the limit', () => {
    const missing = Array.from({ length: 100 }, (_, index) => `region ${index} ${'x'.repeat(4_000)}`);
    const huge = partial({ orders: [] }, { message: 'm'.repeat(4_000), missing });
    const { content } = boundContent(huge, structuredRenderer, 2_048);
    expect(bytes(content)).toBeLessThanOrEqual(2_048);
    const parsed = JSON.parse(content) as { note: string; class: string };
    expect(parsed.class).toBe('partial');
    expect(parsed.note).toContain('2048-byte limit');

    const longScope = empty({ message: 'é'.repeat(4_000), searched: 'é'.repeat(4_000) });
    expect(bytes(boundContent(longScope, structuredRenderer, 256).content)).toBeLessThanOrEqual(256);
    const longNote = ok([1, 2, 3], { note: '€'.repeat(4_000) });
    expect(bytes(boundContent(longNote, structuredRenderer, 256).content)).toBeLessThanOrEqual(256);
  });

  it('works with the compact renderer too', () => {
    const rows = Array.from({ length: 5_000 }, (_, index) => index);
    const { content } = boundContent(ok(rows), compactRenderer, 1_024);
    expect(bytes(content)).toBeLessThanOrEqual(1_024);
    expect((JSON.parse(content) as { message: string }).message).toContain('of 5000 items');
  });

  it('never exceeds the limit and never cuts silently, for any data', () => {
    const outcomes = fc.oneof(
      fc.jsonValue().map((data) => ok(data)),
      fc.jsonValue().map((data) => ok(data, { note: 'clamped' })),
      fc.array(fc.jsonValue(), { maxLength: 200 }).map((data) => ok(data)),
      fc
        .tuple(fc.jsonValue(), fc.string(), fc.array(fc.string()))
        .map(([data, message, missing]) => partial(data, { message, missing })),
      fc.string({ maxLength: 5_000 }).map((message) => correctable({ error: 'e', message, hint: message })),
    );
    fc.assert(
      fc.property(outcomes, fc.integer({ min: 256, max: 4_096 }), (outcome, limit) => {
        const original = structuredRenderer(outcome);
        const { content, outcome: bounded } = boundContent(outcome, structuredRenderer, limit);
        expect(bytes(content)).toBeLessThanOrEqual(limit);
        expect(content).toBe(structuredRenderer(bounded));
        JSON.parse(content);
        if (bytes(original) <= limit) expect(content).toBe(original);
        else if (bounded.ok) expect(bounded.note).toMatch(/limit/);
      }),
      { numRuns: 300 },
    );
  });
});

describe('renderForModel', () => {
  const DSN = 'postgres://app:Xq7vLp2Rk9Zt@db.internal:5432/shop';
  const clean = ok({ order: 'ORD-1' });

  it('skips the last pass only for the untouched first-pass outcome under a built-in renderer', () => {
    const skipped = renderForModel({
      outcome: clean,
      sanitized: clean,
      render: structuredRenderer,
      maxContentBytes: 1000,
    });
    expect(skipped).toEqual({ outcome: clean, content: structuredRenderer(clean), leaks: [] });
  });

  it('still reads what a custom renderer writes, even for the untouched outcome', () => {
    const render = (outcome: Outcome) => `${structuredRenderer(outcome)} via ${DSN}`;
    const result = renderForModel({ outcome: clean, sanitized: clean, render, maxContentBytes: 1000 });
    expect(result.content).not.toContain('Xq7vLp2Rk9Zt');
    expect(result.leaks.length).toBeGreaterThan(0);
  });

  it('still reads an outcome the policy changed after the first pass', () => {
    const hinted = correctable({ error: 'e', message: 'm', hint: `do not retry ${DSN}` });
    const result = renderForModel({
      outcome: hinted,
      sanitized: clean,
      render: structuredRenderer,
      maxContentBytes: 1000,
    });
    expect(result.content).not.toContain('Xq7vLp2Rk9Zt');
  });
});
