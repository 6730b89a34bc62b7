import { describe, expect, it } from 'vitest';
import { correctable, empty, NOT_FOUND_MESSAGE, notFound, ok, unavailable } from './constructors.js';
import { compactRenderer, structuredRenderer } from './render.js';

describe('outcome constructors', () => {
  it('marks empty as a success that carries its searched scope', () => {
    const outcome = empty({ message: 'No invoices for Acme in 2025.', searched: 'invoices, Acme, 2025' });
    expect(outcome).toEqual({
      class: 'empty',
      ok: true,
      data: [],
      message: 'No invoices for Acme in 2025.',
      searched: 'invoices, Acme, 2025',
    });
  });

  it('leaves optional fields out rather than writing undefined', () => {
    // `ok` before `class`, the order the wire format writes, so rendering needs no reordering
    expect(Object.keys(ok(1))).toEqual(['ok', 'class', 'data']);
    expect(Object.keys(correctable({ error: 'e', message: 'm' }))).toEqual([
      'ok',
      'class',
      'error',
      'message',
    ]);
    expect(Object.keys(unavailable({ error: 'e', message: 'm', retryable: true }))).not.toContain('hint');
  });
});

describe('notFound', () => {
  it('is byte-identical whatever was asked for and however it is rendered', () => {
    // a missing record and a forbidden one must read the same, so it takes no detail at all
    const forMissing = (notFound as (...args: unknown[]) => ReturnType<typeof notFound>)({ id: 'INV-1' });
    const forForbidden = (notFound as (...args: unknown[]) => ReturnType<typeof notFound>)(
      'INV-2',
      'forbidden',
    );
    expect(structuredRenderer(forMissing)).toBe(structuredRenderer(forForbidden));
    expect(compactRenderer(forMissing)).toBe(compactRenderer(forForbidden));
    expect(structuredRenderer(notFound())).toBe(
      `{"ok":false,"class":"refused","error":"not_found","message":${JSON.stringify(NOT_FOUND_MESSAGE)}}`,
    );
  });

  it('returns a fresh object each time, so a caller cannot change the next one', () => {
    const first = notFound();
    (first as { message: string }).message = 'changed';
    expect(notFound().message).toBe(NOT_FOUND_MESSAGE);
  });
});
