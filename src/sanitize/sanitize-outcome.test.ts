import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Outcome } from '../outcome/outcome.js';
import {
  LEAK_REPLACEMENT_EMPTY_MESSAGE,
  LEAK_REPLACEMENT_MESSAGE,
  LEAK_REPLACEMENT_NOTE,
  LEAK_REPLACEMENT_SEARCHED,
  REDACTED_DATA_NOTE,
  sanitizeOutcome,
  sanitizeValue,
} from './sanitize-outcome.js';

const DSN = 'postgres://app:hunter22@db.internal:5432/shop';
const TRACE =
  "TypeError: Cannot read properties of undefined (reading 'id')\n    at load (/app/src/orders.js:42:17)";

describe('sanitizeOutcome', () => {
  it('replaces a leaking failure message whole and drops a leaking hint', () => {
    const outcome: Outcome = {
      class: 'unavailable',
      ok: false,
      error: 'source_unavailable',
      message: `could not connect to ${DSN}`,
      hint: 'check /etc/app/config.yml',
      retryable: false,
    };
    const result = sanitizeOutcome(outcome);
    expect(result.outcome).toEqual({
      class: 'unavailable',
      ok: false,
      error: 'source_unavailable',
      message: LEAK_REPLACEMENT_MESSAGE,
      retryable: false,
    });
    expect(result.leaks).toEqual(
      expect.arrayContaining([
        { field: 'message', rule: 'connection-string' },
        { field: 'hint', rule: 'filesystem-path' },
      ]),
    );
    expect(JSON.stringify(result.leaks)).not.toContain('hunter22');
  });

  it('redacts only the span inside ok data and says so in the note', () => {
    const outcome: Outcome = {
      class: 'ok',
      ok: true,
      data: { rows: [{ id: 1 }, { id: 2 }, { id: 3, note: `stored at ${DSN} today` }] },
      note: 'limit was reduced to 3.',
    };
    const result = sanitizeOutcome(outcome);
    expect(result.outcome).toEqual({
      class: 'ok',
      ok: true,
      data: { rows: [{ id: 1 }, { id: 2 }, { id: 3, note: 'stored at [redacted] today' }] },
      note: `limit was reduced to 3. ${REDACTED_DATA_NOTE}`,
    });
    expect(result.leaks).toContainEqual({ field: 'data.rows[2].note', rule: 'connection-string' });
  });

  it('adds a note when there was none', () => {
    const result = sanitizeOutcome({ class: 'ok', ok: true, data: [TRACE] });
    expect(result.outcome).toMatchObject({ note: REDACTED_DATA_NOTE });
    expect(result.leaks.map((leak) => leak.field)).toEqual(['data[0]', 'data[0]']);
  });

  it('redacts object keys and names them by their redacted form', () => {
    const result = sanitizeOutcome({ class: 'ok', ok: true, data: { '/home/ana/a.txt': 3, plain: 1 } });
    expect(result.outcome).toMatchObject({ data: { '[redacted]': 3, plain: 1 } });
    expect(result.leaks).toEqual([{ field: 'data["[redacted]"]', rule: 'filesystem-path' }]);
  });

  it('replaces leaking note, searched and empty message with generic sentences', () => {
    const result = sanitizeOutcome({
      class: 'empty',
      ok: true,
      data: [],
      message: `No rows in ${DSN}`,
      searched: 'SELECT * FROM tickets WHERE open = true',
      note: 'read from /var/data/tickets.db',
    });
    expect(result.outcome).toMatchObject({
      message: LEAK_REPLACEMENT_EMPTY_MESSAGE,
      searched: LEAK_REPLACEMENT_SEARCHED,
      note: LEAK_REPLACEMENT_NOTE,
    });
  });

  it('scans missing, candidates, suggestion and offer', () => {
    const result = sanitizeOutcome({
      class: 'clarifying',
      ok: false,
      error: 'ambiguous',
      message: 'Which one?',
      candidates: [{ label: 'Acme at 10.0.0.4:5432', arguments: { path: '/srv/acme' } }],
    });
    expect(result.outcome).toMatchObject({
      candidates: [{ label: 'Acme at [redacted]', arguments: { path: '[redacted]' } }],
    });
    expect(result.leaks.map((leak) => leak.field)).toEqual([
      'candidates[0].label',
      'candidates[0].arguments.path',
    ]);
    const refused = sanitizeOutcome({
      class: 'refused',
      ok: false,
      error: 'needs_approval',
      message: 'Needs approval.',
      offer: { tool: 'approve', arguments: { token: 'ghp_8Kq2vLp9ZtR4mWc7NbQ1yHs3Jd6Fg0Xa5UeT' } },
    });
    expect(refused.outcome).toMatchObject({ offer: { tool: 'approve', arguments: { token: '[redacted]' } } });
  });

  it('lets a tool opt out of a rule with allowRules', () => {
    const outcome: Outcome = { class: 'ok', ok: true, data: { file: '/home/ana/report.pdf' } };
    expect(sanitizeOutcome(outcome, { allowRules: ['filesystem-path'] })).toEqual({ outcome, leaks: [] });
  });

  it('keeps the order of keys, so a clean outcome renders byte for byte as before', () => {
    const outcome: Outcome = {
      class: 'refused',
      ok: false,
      error: 'needs_approval',
      message: 'Refunds above $500 need approval.',
      offer: { tool: 'request_approval', arguments: { orderId: 'ORD-8821', amount: 620 } },
    };
    expect(JSON.stringify(sanitizeOutcome(outcome).outcome)).toBe(JSON.stringify(outcome));
    const data = { city: 'Pune', temp_c: 31, nested: { b: 1, a: [2, { z: 1, y: 2 }] } };
    expect(JSON.stringify(sanitizeValue(data))).toBe(JSON.stringify(data));
  });

  it('checks a bare success (ok, class, data) as fully as any other outcome', () => {
    // the shape the dispatcher builds for a tool's plain result takes a shorter way through
    const clean = { ok: true, class: 'ok', data: { sku: 'SKU-4411', rows: [1, 2] } } as const;
    const result = sanitizeOutcome(clean);
    expect(result.leaks).toEqual([]);
    expect(result.outcome).not.toBe(clean);
    expect(JSON.stringify(result.outcome)).toBe(JSON.stringify(clean));
    expect((result.outcome as { data: unknown }).data).toBe(clean.data);

    const leaking = sanitizeOutcome({ ok: true, class: 'ok', data: { rows: [{ note: `at ${DSN}` }] } });
    expect(leaking.outcome).toEqual({
      ok: true,
      class: 'ok',
      data: { rows: [{ note: 'at [redacted]' }] },
      note: REDACTED_DATA_NOTE,
    });
    expect(leaking.leaks).toContainEqual({ field: 'data.rows[0].note', rule: 'connection-string' });
    // a secret under a secret-named key, and a leaking key
    expect(sanitizeOutcome({ ok: true, class: 'ok', data: { password: 'hunter22-long' } }).outcome).toEqual({
      ok: true,
      class: 'ok',
      data: { password: '[redacted]' },
      note: REDACTED_DATA_NOTE,
    });
    expect(sanitizeOutcome({ ok: true, class: 'ok', data: { '/home/ana/a.txt': 3 } }).outcome).toMatchObject({
      data: { '[redacted]': 3 },
    });
  });

  it('returns a new outcome and never mutates the input', () => {
    const outcome: Outcome = { class: 'ok', ok: true, data: { nested: { dsn: DSN } } };
    const snapshot = structuredClone(outcome);
    const result = sanitizeOutcome(outcome);
    expect(outcome).toEqual(snapshot);
    expect(result.outcome).not.toBe(outcome);
  });

  it('walks data nested 100,000 deep without overflowing the stack', () => {
    let data: unknown = DSN;
    for (let depth = 0; depth < 100_000; depth += 1) data = { next: data };
    const result = sanitizeOutcome({ class: 'ok', ok: true, data });
    expect(result.leaks.map((leak) => leak.rule)).toEqual(['connection-string', 'internal-address']);
    expect(result.leaks[0]?.field).toBe(`data${'.next'.repeat(100_000)}`);
    let cursor = (result.outcome as { data: unknown }).data;
    while (typeof cursor === 'object' && cursor !== null) cursor = (cursor as { next: unknown }).next;
    expect(cursor).toBe('[redacted]');
  });

  // speed is measured in `npm run bench` (growth ratios); here only the result on a huge input
  it('finds the leak at the end of a 10 MB string', () => {
    const text = `${'All good, nothing to report here. '.repeat(300_000)}${DSN}`;
    const result = sanitizeOutcome({ class: 'ok', ok: true, data: text });
    expect(result.leaks).toEqual([{ field: 'data', rule: 'connection-string' }, expect.anything()]);
  });

  it('hands back clean data untouched, cycles and shared rows included', () => {
    const root: Record<string, unknown> = { name: 'north' };
    const row = { sku: 'SKU-1', status: 'shipped' };
    root['self'] = root;
    root['rows'] = [row, row, { sku: 'SKU-2', parent: root }];
    const result = sanitizeOutcome({ class: 'ok', ok: true, data: root });
    expect(result.leaks).toEqual([]);
    expect((result.outcome as { data: unknown }).data).toBe(root);
    // a leak behind the cycle is still found
    root['rows'] = [row, { sku: 'SKU-3', note: 'see /home/deploy/.env', parent: root }];
    expect(sanitizeOutcome({ class: 'ok', ok: true, data: root }).leaks).toEqual([
      { field: 'data.rows[1].note', rule: 'filesystem-path' },
    ]);
  });

  it('walks a web of shared references in bounded time, and still finds what is at its bottom', () => {
    // 40 levels of two references to the next level: 2^40 paths, 41 objects
    let clean: Record<string, unknown> = { status: 'shipped' };
    let leaking: Record<string, unknown> = { note: 'see /home/deploy/.env' };
    for (let level = 0; level < 40; level++) {
      clean = { left: clean, right: clean };
      leaking = { left: leaking, right: leaking };
    }
    expect(sanitizeOutcome({ class: 'ok', ok: true, data: clean }).leaks).toEqual([]);
    expect(
      sanitizeOutcome({ class: 'ok', ok: true, data: leaking }).leaks.map((leak) => leak.rule),
    ).toContain('filesystem-path');
  });

  it('survives cycles, throwing getters and toJSON', () => {
    const cyclic: Record<string, unknown> = { path: '/root/.ssh/id_rsa' };
    cyclic['self'] = cyclic;
    const hostile = {
      get boom(): never {
        throw new Error('no');
      },
    };
    const data = { cyclic, hostile, when: new Date('2024-05-01T10:30:00Z') };
    const result = sanitizeOutcome({ class: 'ok', ok: true, data });
    const out = (
      result.outcome as { data: { cyclic: Record<string, unknown>; hostile: unknown; when: unknown } }
    ).data;
    expect(out.cyclic['path']).toBe('[redacted]');
    expect(out.cyclic['self']).toBe(out.cyclic);
    expect(out.hostile).toEqual({ boom: '[redacted]' });
    expect(out.when).toBe('2024-05-01T10:30:00.000Z');
  });
});

describe('sanitizeValue', () => {
  it('redacts spans in arguments we log', () => {
    expect(sanitizeValue({ dsn: DSN, city: 'Pune' })).toEqual({ dsn: '[redacted]', city: 'Pune' });
  });
});

const letters = fc.string({
  unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'),
  minLength: 3,
  maxLength: 12,
});
const secret = fc.oneof(
  letters.map((value) => `postgres://svc:${value}9Q@${value}.example.com/db`),
  letters.map((value) => `/home/${value}/notes.txt`),
  letters.map((value) => `sk-ant-api03-${value}x8Kq2vLp9ZtR4mWc7NbQ1yHs`),
  letters.map((value) => `${value}.svc.cluster.local:8080`),
);

function everyString(value: unknown, visit: (text: string) => void): void {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current === 'string') visit(current);
    else if (typeof current === 'object' && current !== null) {
      for (const [key, child] of Object.entries(current)) {
        visit(key);
        stack.push(child);
      }
    }
  }
}

describe('sanitizeOutcome, properties', () => {
  it('never lets a planted secret through in any string', () => {
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 3 }),
        secret,
        fc.string({ maxLength: 30 }),
        (json, planted, around) => {
          const text = `${around} ${planted} ${around}`;
          const outcomes: Outcome[] = [
            { class: 'ok', ok: true, data: { json, [planted]: text, list: [json, text] } },
            {
              class: 'correctable',
              ok: false,
              error: 'x',
              message: text,
              hint: text,
              suggestion: { value: text },
            },
            { class: 'partial', ok: true, data: json, message: 'Some.', missing: [text], note: text },
          ];
          for (const outcome of outcomes) {
            everyString(sanitizeOutcome(outcome).outcome, (value) => expect(value).not.toContain(planted));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never throws on arbitrary JSON values', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.anything(), (json, anything) => {
        expect(() => sanitizeOutcome({ class: 'ok', ok: true, data: json })).not.toThrow();
        expect(() => sanitizeOutcome({ class: 'ok', ok: true, data: anything })).not.toThrow();
        expect(() => sanitizeValue(anything)).not.toThrow();
      }),
      { numRuns: 500 },
    );
  });
});
