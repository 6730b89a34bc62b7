import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  correctable,
  createDispatcher,
  defineTool,
  ok,
  silentLogger,
  type ToolboundEvent,
} from '../../src/index.js';
import { clearCut, cutClear } from '../../src/sanitize/clear-cut.js';
import { findLeaks } from '../../src/sanitize/find-leaks.js';
import type { LeakRule } from '../../src/sanitize/leak-rule.js';
import { redactText } from '../../src/sanitize/redact-text.js';
import { sanitizeValue } from '../../src/sanitize/sanitize-value.js';
import { CRAFTED_UNITS, repeatTo } from '../helpers/crafted-inputs.js';

const DSN = 'postgres://orders_app:Xq7vLp2Rk9Zt@db-primary.internal:5432/orders';

function collect(): { events: ToolboundEvent[]; onEvent: (event: ToolboundEvent) => void } {
  const events: ToolboundEvent[] = [];
  return { events, onEvent: (event) => events.push(event) };
}

describe('the last pass over what the model reads', () => {
  it('keeps a DSN sent as a tool name out of the escalation hint, the message and the log', async () => {
    const { events, onEvent } = collect();
    const tool = defineTool({ name: 'lookup', description: 'd', input: z.object({}), run: async () => 'ok' });
    const dispatcher = createDispatcher({ tools: [tool], logger: silentLogger, onEvent });
    for (let call = 0; call < 3; call += 1) {
      const message = await dispatcher.dispatch({ id: `c${call}`, name: DSN, arguments: {} }, { runId: 'r' });
      expect(message.content).not.toContain('Xq7vLp2Rk9Zt');
      expect(message.content).not.toContain('orders_app');
      expect(message.toolName).not.toContain('Xq7vLp2Rk9Zt');
    }
    expect(JSON.stringify(events)).not.toContain('Xq7vLp2Rk9Zt');
  });

  it('scans what a custom renderer writes, and reports the leak by rule and field only', async () => {
    const { events, onEvent } = collect();
    const tool = defineTool({ name: 'lookup', description: 'd', input: z.object({}), run: async () => 'ok' });
    const dispatcher = createDispatcher({
      tools: [tool],
      logger: silentLogger,
      onEvent,
      render: (outcome) => `${JSON.stringify(outcome)} (served by ${DSN})`,
    });
    const message = await dispatcher.dispatch({ id: 'c', name: 'lookup', arguments: {} });
    expect(message.content).not.toContain('Xq7vLp2Rk9Zt');
    const leak = events.find((event) => event.type === 'tool.message_leaked' && event.field === 'content');
    expect(leak).toMatchObject({ field: 'content', rule: 'connection-string' });
    expect(JSON.stringify(events)).not.toContain('Xq7vLp2Rk9Zt');
  });

  it('never leaves part of a credential URL at a cut', () => {
    fc.assert(
      fc.property(fc.nat(200), fc.nat(60), (before, cutInside) => {
        const text = `${'word '.repeat(before)}https://svc_user:${'Zq9'.repeat(4)}Lp2@api.example.com/v1 and more`;
        const secretStart = text.indexOf('https://');
        const cut = secretStart + (cutInside % 40);
        const kept = cutClear(text, cut);
        expect(kept).not.toContain('svc_user');
        expect(kept.length).toBeLessThanOrEqual(cut);
        expect(clearCut(text, cut)).toBeLessThanOrEqual(cut);
      }),
    );
  });

  it('cuts a long returned string before a DSN that straddles the cut', async () => {
    const text = `${'x '.repeat(16_000)}${DSN}`;
    const tool = defineTool({
      name: 'dump',
      description: 'd',
      input: z.object({}),
      run: async () => ok({ text }),
    });
    const dispatcher = createDispatcher({ tools: [tool], logger: silentLogger });
    const message = await dispatcher.dispatch({ id: 'c', name: 'dump', arguments: {} });
    expect(message.content).not.toContain('orders_app');
    expect(message.content).not.toContain('postgres://');
  });

  it('sees a message whole: a provider key across the old 4,000-character mark is not cut first', async () => {
    // cut a few characters into its body, this key is too short to read as one, yet half of it
    // would reach the model
    const key = 'sk_live_4eC39HqLyjWDarjtT1zdp7dc';
    for (const offset of [3_984, 3_986, 3_988]) {
      const message = `${'a '.repeat(offset / 2)}${key}`;
      const tool = defineTool({
        name: 'lookup',
        description: 'd',
        input: z.object({}),
        run: async () => correctable({ error: 'bad_input', message }),
      });
      const dispatcher = createDispatcher({ tools: [tool], logger: silentLogger });
      const reply = await dispatcher.dispatch({ id: 'c', name: 'lookup', arguments: {} });
      expect(reply.content).not.toContain('4eC39');
    }
  });
});

/** Every sample in the project's own corpus, leaks and benign: texts, and values returned as data. */
function corpusSamples(): { text?: string; value?: unknown }[] {
  const directory = new URL('../corpus/', import.meta.url);
  return readdirSync(directory).flatMap((file) => {
    const parsed = JSON.parse(readFileSync(new URL(file, directory), 'utf8')) as
      | { text?: string; value?: unknown }[]
      | { leaks: { text?: string; value?: unknown }[]; benign: { text?: string; value?: unknown }[] };
    return Array.isArray(parsed) ? parsed : [...parsed.leaks, ...parsed.benign];
  });
}

/** Every string and key in a JSON-safe value. */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, field]) => [key, ...stringsIn(field)]);
  return [];
}

describe('text redacted once', () => {
  // the last pass reads the redacted text again; a rule that took the marker, or what is left
  // around it, for a leak would fail the whole result closed with a generic error
  const rereadsDirty = (sample: { text?: string; value?: unknown }): boolean => {
    const redacted =
      sample.text === undefined ? stringsIn(sanitizeValue(sample.value)) : [redactText(sample.text).text];
    return redacted.some((text) => findLeaks(text).length > 0);
  };

  it('reads clean again, for every sample of the corpus, text or data', () => {
    const samples = corpusSamples();
    expect(samples.filter((sample) => sample.value !== undefined).length).toBeGreaterThan(500);
    expect(samples.length).toBeGreaterThan(3000);
    expect(samples.filter(rereadsDirty)).toEqual([]);
  });

  it('reads clean again, for 8 KiB of every crafted input', () => {
    const dirty = Object.entries(CRAFTED_UNITS)
      .filter(([, unit]) => rereadsDirty({ text: repeatTo(unit, 8192) }))
      .map(([name]) => name);
    expect(dirty).toEqual([]);
  });

  it('reads clean again when the marker stands where a host or a block value was', () => {
    for (const text of [
      '[Interface]\nAddress = [redacted]\nListenPort = 51820',
      "host='[redacted]', port=9200",
      'kind: Secret\ndata:\n  .dockercfg: |\n    [redacted]\n',
      'PuTTY-User-Key-File-3: ssh-ed25519\nPrivate-Lines: 1\n[redacted]\nPrivate-MAC: 5b1e',
    ]) {
      expect(findLeaks(text), text).toEqual([]);
    }
  });
});

describe('bounded cost', () => {
  it('copies and sanitises only what can be kept of a 250k-key result, and says it was cut', async () => {
    const big: Record<string, string> = {};
    for (let index = 0; index < 250_000; index += 1) big[`key_${index}`] = `value ${index}`;
    const tool = defineTool({ name: 'big', description: 'd', input: z.object({}), run: async () => big });
    const dispatcher = createDispatcher({ tools: [tool], logger: silentLogger });
    const message = await dispatcher.dispatch({ id: 'warm', name: 'big', arguments: {} });
    expect(JSON.parse(message.content).note).toMatch(/cut short/);
    // Against the floor, measured beside it so that the machine's load cancels out: listing the
    // keys, which V8 must do for any walk. Dispatch sits at 1.0-1.1x it (npm run bench);
    // sanitising the whole value, as before, took 20-40x.
    const medianMs = async (run: () => unknown) => {
      const samples: number[] = [];
      for (let round = 0; round < 3; round += 1) {
        const started = performance.now();
        await run();
        samples.push(performance.now() - started);
      }
      return samples.sort((left, right) => left - right)[1] ?? 0;
    };
    const dispatchMs = await medianMs(() => dispatcher.dispatch({ id: 'c', name: 'big', arguments: {} }));
    const keysMs = await medianMs(() => Object.keys(big));
    expect(dispatchMs / keysMs).toBeLessThan(8);
  });

  it('keeps the true length of a list it copied only in part', async () => {
    const rows = Array.from({ length: 50_000 }, (_, index) => ({ id: index, name: `row ${index}` }));
    const tool = defineTool({ name: 'rows', description: 'd', input: z.object({}), run: async () => rows });
    const dispatcher = createDispatcher({ tools: [tool], logger: silentLogger });
    const message = await dispatcher.dispatch({ id: 'c', name: 'rows', arguments: {} });
    expect(JSON.parse(message.content).note).toMatch(/Only the first \d+ of 50000 items are shown/);
  });

  it('answers an 868 KiB argument that fails validation without describing every issue', async () => {
    const items = Array.from({ length: 60_000 }, (_, index) => `item-${index}`);
    const tool = defineTool({
      name: 'sum',
      description: 'd',
      input: z.object({ items: z.array(z.number()) }),
      run: async () => 0,
    });
    const dispatcher = createDispatcher({ tools: [tool], logger: silentLogger });
    const started = performance.now();
    const message = await dispatcher.dispatch({ id: 'c', name: 'sum', arguments: JSON.stringify({ items }) });
    const elapsedMs = performance.now() - started;
    expect(message.outcome.class).toBe('correctable');
    expect(JSON.parse(message.content).message).toMatch(/more problems of the same kind/);
    expect(elapsedMs).toBeLessThan(5_000);
  });
});

describe('a failing rule', () => {
  it('fails closed: the text counts as leaking, and nothing throws', () => {
    const broken: LeakRule = {
      name: 'sql',
      description: 'throws',
      patterns: [/x/],
      find() {
        throw new Error('rule bug');
      },
    };
    expect(findLeaks('hello', { rules: [broken] })).toEqual([{ rule: 'sql', start: 0, end: 5 }]);
  });
});
