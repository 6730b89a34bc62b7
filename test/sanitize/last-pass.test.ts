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
