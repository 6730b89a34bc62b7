import { describe, expect, it } from 'vitest';
import { isOutcome, readOutcome } from './read-outcome.js';

const copy = (data: unknown) => JSON.parse(JSON.stringify(data ?? null)) as unknown;

describe('isOutcome', () => {
  it('accepts a known class whose ok agrees, and nothing else', () => {
    expect(isOutcome({ class: 'ok', ok: true, data: 1 })).toBe(true);
    expect(isOutcome({ class: 'refused', ok: false })).toBe(true);
    expect(isOutcome({ class: 'ok', ok: false })).toBe(false);
    expect(isOutcome({ class: 'refused', ok: true })).toBe(false);
    expect(isOutcome({ class: 'weird', ok: true })).toBe(false);
    expect(isOutcome({ class: 'ok', ok: 'true' })).toBe(false);
    expect(isOutcome(null)).toBe(false);
    expect(isOutcome('ok')).toBe(false);
  });
});

describe('readOutcome', () => {
  it('coerces a hand-written outcome with wrong field types into a well-typed one', () => {
    const outcome = readOutcome(
      {
        class: 'correctable',
        ok: false,
        error: 'not a code!',
        message: 42,
        hint: ['call', 'again'],
        suggestion: 'Pune',
        stack: 'at secret (/srv/app.js:1:1)',
      },
      copy,
    );
    expect(outcome).toEqual({
      class: 'correctable',
      ok: false,
      error: 'tool_error',
      message: '42',
      hint: 'call,again',
    });
  });

  it('fills in what a hand-written outcome left out', () => {
    expect(readOutcome({ class: 'empty', ok: true }, copy)).toEqual({
      class: 'empty',
      ok: true,
      data: [],
      message: '',
      searched: '',
    });
    expect(
      readOutcome({ class: 'unavailable', ok: false, retryable: 'yes', retryAfterMs: -5 }, copy),
    ).toEqual({
      class: 'unavailable',
      ok: false,
      error: 'tool_error',
      message: '',
      retryable: false,
    });
    expect(
      readOutcome({ class: 'partial', ok: true, data: [1], missing: [1, null, 'EU'] }, copy),
    ).toMatchObject({
      missing: ['1', '', 'EU'],
    });
  });

  it('bounds texts with the same copy as data, so the cut is the one that spares secrets', () => {
    const cutAt100 = (data: unknown) => (typeof data === 'string' ? data.slice(0, 100) : copy(data));
    const outcome = readOutcome(
      { class: 'fatal', ok: false, error: 'e', message: 'x'.repeat(10_000) },
      cutAt100,
    );
    expect(outcome?.class === 'fatal' && outcome.message).toBe('x'.repeat(100));
  });

  it('keeps candidates and offers in shape, dropping what cannot be one', () => {
    expect(
      readOutcome(
        {
          class: 'clarifying',
          ok: false,
          error: 'ambiguous',
          message: 'm',
          candidates: ['Acme', { label: 7 }],
        },
        copy,
      ),
    ).toMatchObject({ candidates: [{ label: 'Acme' }, { label: '7' }] });
    expect(
      readOutcome({ class: 'refused', ok: false, error: 'e', message: 'm', offer: { arguments: {} } }, copy),
    ).not.toHaveProperty('offer');
  });

  it('returns undefined for a value that is not an outcome, so it is treated as data', () => {
    expect(readOutcome({ class: 'weird', ok: true, rows: [] }, copy)).toBeUndefined();
    expect(readOutcome([{ class: 'ok', ok: true }], copy)).toBeUndefined();
  });
});
