/**
 * Parallel admission, checked the same way against the in-memory store
 * (src/policy/parallel-admission.test.ts) and a real redis-server shared by two dispatchers
 * (test/redis/parallel-admission.test.ts).
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { createDispatcher, type Dispatcher } from '../../src/boundary/create-dispatcher.js';
import { silentLogger } from '../../src/observe/logger.js';
import { correctable, fatal } from '../../src/outcome/constructors.js';
import type { RunPolicyOptions } from '../../src/policy/run-policy.js';
import type { ToolMessage } from '../../src/protocol.js';
import type { StateStore } from '../../src/state/state-store.js';
import { defineTool } from '../../src/tool/define-tool.js';

let unique = 0;

/** Registers the admission tests; `stores()` gives one store per simulated process. */
export function parallelAdmission(stores: () => StateStore[]): void {
  const setup = (policy: RunPolicyOptions) => {
    let ran = 0;
    let running = 0;
    let mostAtOnce = 0;
    const tool = defineTool({
      name: 'lookup',
      description: 'fails for ids starting with bad, halts on fatal',
      input: z.object({ id: z.string() }),
      run: async ({ id }) => {
        ran++;
        running++;
        mostAtOnce = Math.max(mostAtOnce, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running--;
        if (id === 'fatal') return fatal({ error: 'credentials_invalid', message: 'Bad credentials.' });
        if (id.startsWith('bad')) return correctable({ error: 'bad_id', message: `${id} is not an id.` });
        return { id };
      },
    });
    const dispatchers: Dispatcher[] = stores().map((store) =>
      createDispatcher({ tools: [tool], store, logger: silentLogger, policy, breaker: false }),
    );
    const runId = `parallel-${process.pid}-${++unique}`;
    const call = (id: string, index: number): Promise<ToolMessage> =>
      dispatchers[index % dispatchers.length]!.dispatch(
        { id: `c${index}`, name: 'lookup', arguments: { id } },
        { runId },
      );
    return { call, ran: () => ran, mostAtOnce: () => mostAtOnce };
  };

  for (const count of [10, 100]) {
    it(`runs at most maxFailedCalls of ${count} parallel failing calls; the rest are refused at the cap`, async () => {
      const { call, ran } = setup({ maxFailedCalls: 5, maxSameFailures: 2 });
      const messages = await Promise.all(
        Array.from({ length: count }, (_, index) => call(`bad-${index}`, index)),
      );
      expect(ran()).toBe(5);
      expect(messages.filter((message) => message.outcome.class === 'correctable')).toHaveLength(5);
      const refused = messages.filter((message) => message.outcome.class === 'refused');
      expect(refused).toHaveLength(count - 5);
      for (const message of refused) {
        expect(message.outcome).toMatchObject({ error: 'too_many_failures' });
        expect(message.haltReason).toBe('failure_cap');
      }
    });

    it(`runs ${count} identical parallel failing calls once, and every one gets its result`, async () => {
      const { call, ran } = setup({ maxSameFailures: 2, maxFailedCalls: 5 });
      const messages = await Promise.all(
        Array.from({ length: count }, (_, index) => call('bad-same', index)),
      );
      // one per process: a turn's calls go to one dispatcher, and across processes the repeat
      // limit still holds them to maxSameFailures
      expect(ran()).toBeLessThanOrEqual(Math.min(2, stores().length));
      for (const message of messages)
        expect(message.outcome).toMatchObject({ class: 'correctable', error: 'bad_id' });
      expect(new Set(messages.map((message) => message.toolCallId)).size).toBe(count);
    });

    it(`lets all ${count} parallel successful calls run, at most maxFailedCalls at a time`, async () => {
      const { call, ran, mostAtOnce } = setup({ maxFailedCalls: 5 });
      const messages = await Promise.all(
        Array.from({ length: count }, (_, index) => call(`ok-${index}`, index)),
      );
      expect(messages.every((message) => message.outcome.class === 'ok')).toBe(true);
      expect(ran()).toBe(count);
      expect(mostAtOnce()).toBeLessThanOrEqual(5);
    });
  }

  it('runs no call admitted after a parallel one halted the run', async () => {
    const { call, ran } = setup({ maxFailedCalls: 1_000, maxSameFailures: 1_000 });
    const ids = ['fatal', ...Array.from({ length: 30 }, (_, index) => `ok-${index}`)];
    const first = call('fatal', 0);
    await first;
    const rest = await Promise.all(ids.slice(1).map((id, index) => call(id, index + 1)));
    expect(ran()).toBe(1);
    for (const message of rest)
      expect(message.outcome).toMatchObject({ class: 'refused', error: 'run_halted' });
  });

  it('never runs more failing calls than the cap, whatever the mix', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 25 }),
        async (cap, failing) => {
          const { call, ran } = setup({
            maxFailedCalls: cap,
            maxSameFailures: 100,
            escalateAfterSameError: 100,
          });
          const messages = await Promise.all(
            failing.map((fails, index) => call(`${fails ? 'bad' : 'ok'}-${index}`, index)),
          );
          const failures = messages.filter((message) => message.outcome.class === 'correctable').length;
          expect(failures).toBeLessThanOrEqual(cap);
          expect(ran()).toBe(messages.filter((message) => message.outcome.class !== 'refused').length);
          // a success is never refused unless the cap was reached by failures
          const refusedSuccesses = messages.filter(
            (message, index) => !failing[index] && message.outcome.class === 'refused',
          ).length;
          if (refusedSuccesses > 0) expect(failures).toBe(cap);
        },
      ),
      { numRuns: 15 },
    );
  });
}
