import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createDispatcher } from '../../src/boundary/create-dispatcher.js';
import { runAgent } from '../../src/loop/run-agent.js';
import { scriptedModel } from '../../src/loop/scripted-model.js';
import type { ToolboundEvent } from '../../src/observe/events.js';
import { silentLogger } from '../../src/observe/logger.js';
import { transient } from '../../src/outcome/transient-error.js';
import { defineTool } from '../../src/tool/define-tool.js';

/** A Standard Schema whose validation never settles, as an async refinement that hangs would. */
const neverSettles = {
  '~standard': {
    version: 1 as const,
    vendor: 'test',
    validate: () => new Promise<never>(() => {}),
  },
};

const stuck = defineTool({
  name: 'stuck',
  description: 'its input validation never finishes',
  input: neverSettles as never,
  jsonSchema: { type: 'object', properties: {} },
  timeoutMs: 50,
  run: async () => ({ ran: true }),
});

const problems: unknown[] = [];
const onProblem = (reason: unknown) => problems.push(reason);
const warnings: Error[] = [];
const onWarning = (warning: Error) => warnings.push(warning);

beforeEach(() => {
  problems.length = 0;
  warnings.length = 0;
  process.on('uncaughtException', onProblem);
  process.on('unhandledRejection', onProblem);
  process.on('warning', onWarning);
});
afterEach(() => {
  process.off('uncaughtException', onProblem);
  process.off('unhandledRejection', onProblem);
  process.off('warning', onWarning);
});

const settle = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

describe('nothing hangs, nothing crashes', () => {
  it('ends a validation that never settles within timeoutMs + 100 ms', async () => {
    const dispatcher = createDispatcher({ tools: [stuck], logger: silentLogger });
    const started = Date.now();
    const message = await dispatcher.dispatch({ id: 'c1', name: 'stuck', arguments: {} }, { runId: 'r' });
    expect(Date.now() - started).toBeLessThan(50 + 100);
    expect(message.outcome).toMatchObject({ class: 'unavailable', error: 'timeout' });
  });

  it('ends a validation that never settles when the caller aborts, before the timeout', async () => {
    const slow = defineTool({ ...stuck, name: 'slow_stuck', timeoutMs: 60_000 } as never);
    const dispatcher = createDispatcher({ tools: [slow], logger: silentLogger });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 30);
    const started = Date.now();
    const message = await dispatcher.dispatch(
      { id: 'c1', name: 'slow_stuck', arguments: {} },
      { runId: 'r', signal: controller.signal },
    );
    expect(Date.now() - started).toBeLessThan(30 + 100);
    expect(message.outcome).toMatchObject({ class: 'unavailable', error: 'aborted' });
  });

  it('lets runAgent finish a run whose tool validation never settles', async () => {
    const model = scriptedModel([
      { toolCalls: [{ name: 'stuck', arguments: {} }] },
      { content: 'Could not check.' },
    ]);
    const result = await runAgent({
      model,
      tools: [stuck],
      messages: [{ role: 'user', content: 'go' }],
      logger: silentLogger,
    });
    expect(result.endedBy).toBe('answered');
  });

  it('ignores a signal that is not an AbortSignal, warns once, and leaves no timer that throws later', async () => {
    const events: ToolboundEvent[] = [];
    const tool = defineTool({
      name: 'echo',
      description: 'echo',
      input: z.object({ n: z.number() }),
      timeoutMs: 20,
      run: async ({ n }) => ({ n }),
    });
    const dispatcher = createDispatcher({
      tools: [tool],
      logger: silentLogger,
      onEvent: (event) => events.push(event),
    });
    const hostile: unknown[] = [
      {},
      'signal',
      42,
      { aborted: false, addEventListener: 1 },
      { aborted: true },
      new Proxy(
        {},
        {
          get() {
            throw new Error('trap');
          },
        },
      ),
    ];
    for (const [index, signal] of hostile.entries()) {
      const message = await dispatcher.dispatch({ id: `c${index}`, name: 'echo', arguments: { n: index } }, {
        runId: 'r',
        signal,
      } as never);
      expect(message.outcome).toMatchObject({ class: 'ok', data: { n: index } });
    }
    await settle(60); // past every timer the calls could have left
    expect(problems).toEqual([]);
    expect(events.filter((event) => event.type === 'option.ignored')).toHaveLength(1);
  });

  it('rejects runAgent with a clear TypeError for a signal that is not an AbortSignal', async () => {
    const model = scriptedModel([{ content: 'hi' }]);
    await expect(
      runAgent({ model, tools: [], messages: [], signal: {} as AbortSignal, logger: silentLogger }),
    ).rejects.toThrow(/signal must be an AbortSignal/);
  });

  it('prints no listener warning with many concurrent retries, with no signal or one shared signal', async () => {
    let attempts = 0;
    const flaky = defineTool({
      name: 'flaky',
      description: 'fails twice per call, transiently',
      input: z.object({ n: z.number() }),
      idempotent: true,
      run: async () => {
        attempts++;
        if (attempts % 3 !== 0) throw transient('busy');
        return { ok: true };
      },
    });
    const dispatcher = createDispatcher({
      tools: [flaky],
      logger: silentLogger,
      breaker: false,
      retry: { maxAttempts: 5, initialDelayMs: 5, maxDelayMs: 10 },
      policy: { maxFailedCalls: 1_000 },
    });
    const shared = new AbortController().signal;
    await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        dispatcher.dispatch(
          { id: `c${n}`, name: 'flaky', arguments: { n } },
          n % 2 === 0 ? { runId: `r${n}` } : { runId: `r${n}`, signal: shared },
        ),
      ),
    );
    await settle(10);
    expect(warnings.filter((warning) => warning.name === 'MaxListenersExceededWarning')).toEqual([]);
    expect(problems).toEqual([]);
  });
});
