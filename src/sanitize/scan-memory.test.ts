import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { CRAFTED_UNITS, repeatTo } from '../../test/helpers/crafted-inputs.js';
import { createDispatcher } from '../boundary/create-dispatcher.js';
import { silentLogger } from '../observe/logger.js';
import { defineTool } from '../tool/define-tool.js';
import { findLeaks } from './find-leaks.js';
import type { LeakSpan } from './leak-rule.js';
import { LEAK_RULES } from './leak-rules.js';
import { redactValue } from './redact-value.js';
import { credentialRule } from './rules/credential.js';
import { closeScan, openScan, recalledSpans, recordSpans, rememberedVerdict } from './scan-memory.js';

/** Runs `scan` inside one scan, as the sanitiser's entry points do. */
function withScanMemory<T>(scan: () => T): T {
  openScan();
  try {
    return scan();
  } finally {
    closeScan();
  }
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the scan memory', () => {
  it('decides a value once per scan, and again in the next scan', () => {
    const decide = vi.fn((value: string) => value.length > 3);
    withScanMemory(() => {
      for (let round = 0; round < 5; round += 1) expect(rememberedVerdict(0, 'hunter2', decide)).toBe(true);
    });
    expect(decide).toHaveBeenCalledTimes(1);
    withScanMemory(() => rememberedVerdict(0, 'hunter2', decide));
    expect(decide).toHaveBeenCalledTimes(2);
  });

  it('remembers nothing outside a scan, nor for a long value', () => {
    const decide = vi.fn(() => false);
    rememberedVerdict(0, 'abc', decide);
    rememberedVerdict(0, 'abc', decide);
    withScanMemory(() => {
      rememberedVerdict(0, 'x'.repeat(200), decide);
      rememberedVerdict(0, 'x'.repeat(200), decide);
    });
    expect(decide).toHaveBeenCalledTimes(4);
  });

  it('keeps kinds apart, shares nested scans, and forgets when a scan throws', () => {
    const decide = vi.fn((value: string) => value === 'a');
    withScanMemory(() => {
      rememberedVerdict(1, 'a', decide);
      withScanMemory(() => rememberedVerdict(1, 'a', decide)); // nested: remembered
      rememberedVerdict(2, 'a', decide); // another kind: decided again
    });
    expect(decide).toHaveBeenCalledTimes(2);
    expect(() =>
      withScanMemory(() => {
        rememberedVerdict(1, 'b', decide);
        throw new Error('rule bug');
      }),
    ).toThrow('rule bug');
    withScanMemory(() => rememberedVerdict(1, 'b', decide));
    expect(decide).toHaveBeenCalledTimes(4);
  });

  it('gives each caller its own array of spans, tells allowlists apart, and forgets them after the scan', () => {
    const text = 'x'.repeat(300);
    const found: LeakSpan[] = [{ rule: 'sql', start: 0, end: 3 }];
    withScanMemory(() => {
      expect(recalledSpans(text, LEAK_RULES, [])).toBeUndefined();
      recordSpans(text, LEAK_RULES, [], found);
      const first = recalledSpans(text, LEAK_RULES, []) as LeakSpan[];
      first.push({ rule: 'sql', start: 9, end: 12 });
      expect(recalledSpans(text, LEAK_RULES, [])).toEqual(found);
      expect(recalledSpans(text, LEAK_RULES, ['sql'])).toBeUndefined();
      expect(recalledSpans(`${text}y`, LEAK_RULES, [])).toBeUndefined();
      expect(recalledSpans('short', LEAK_RULES, [])).toBeUndefined();
    });
    withScanMemory(() => expect(recalledSpans(text, LEAK_RULES, [])).toBeUndefined());
  });

  it('never changes what is found: the same spans with the memory as without', () => {
    const units = Object.values(CRAFTED_UNITS);
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...units), { minLength: 1, maxLength: 40 }), (parts) => {
        const text = parts.join(' ');
        const alone = findLeaks(text);
        withScanMemory(() => {
          expect(findLeaks(text)).toEqual(alone);
          expect(findLeaks(text)).toEqual(alone);
        });
        expect(redactValue({ a: text, b: [text] }, 'data').value).toEqual(
          withScanMemory(() => redactValue({ a: text, b: [text] }, 'data').value),
        );
      }),
      { numRuns: 60 },
    );
  });

  it('reads a leaking result once, and its rendered content once, in a dispatch', async () => {
    const result = repeatTo(CRAFTED_UNITS['snmp flags'] as string, 1024 * 1024);
    const dispatcher = createDispatcher({
      tools: [defineTool({ name: 'dump', description: 'd', input: z.object({}), run: async () => result })],
      logger: silentLogger,
    });
    const find = vi.spyOn(credentialRule, 'find');
    const message = await dispatcher.dispatch({ id: 'c', name: 'dump', arguments: {} });
    expect(message.content).toContain('[redacted]');
    // the check of the value, the walk that redacts it, and each step of the last pass each
    // read their text in full before: twelve reads of 30,000 characters or more
    const longReads = find.mock.calls.filter(([text]) => text.length > 30_000);
    expect(longReads.length).toBeLessThanOrEqual(2);
  });
});
