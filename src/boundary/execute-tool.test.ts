import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createFakeClock, type FakeClock } from '../../test/helpers/fake-clock.js';
import type { ToolboundEvent } from '../observe/events.js';
import { silentLogger } from '../observe/logger.js';
import { transient } from '../outcome/transient-error.js';
import type { BreakerOptions } from '../policy/breaker-options.js';
import type { RetryOptions } from '../policy/retry-options.js';
import type { ToolMessage } from '../protocol.js';
import { defineTool, type ToolContext } from '../tool/define-tool.js';
import { createDispatcher } from './create-dispatcher.js';

const withCode = (code: string) => Object.assign(new Error(code), { code });
const withStatus = (status: number, headers?: Record<string, string>) =>
  Object.assign(new Error(`HTTP ${status}`), { status, ...(headers ? { headers } : {}) });

/** A tool that plays a script of failures, then succeeds; it records each attempt. */
function scriptedTool(options: {
  failures: unknown[];
  idempotent?: boolean;
  timeoutMs?: number;
  service?: string;
  name?: string;
}) {
  const attempts: number[] = [];
  const tool = defineTool({
    name: options.name ?? 'get_invoice',
    description: 'reads an invoice',
    input: z.object({ id: z.string() }),
    idempotent: options.idempotent ?? true,
    timeoutMs: options.timeoutMs ?? 1_000,
    ...(options.service === undefined ? {} : { service: options.service }),
    run: async (_args: { id: string }, context: ToolContext) => {
      attempts.push(context.attempt);
      const failure = options.failures[attempts.length - 1];
      if (failure === 'hang') return new Promise(() => {});
      if (failure !== undefined) throw failure;
      return { total: 42 };
    },
  });
  return { tool, attempts };
}

function setup(
  tools: ReturnType<typeof scriptedTool>['tool'][],
  options: { retry?: RetryOptions; breaker?: BreakerOptions | false } = {},
) {
  const clock = createFakeClock();
  const events: ToolboundEvent[] = [];
  const dispatcher = createDispatcher({
    tools,
    clock,
    logger: silentLogger,
    onEvent: (event) => events.push(event),
    random: () => 0.5,
    retry: { initialDelayMs: 100, maxDelayMs: 1_000, ...options.retry },
    breaker: options.breaker ?? false,
    policy: {
      maxSameFailures: 100,
      maxFailedCalls: 100,
      escalateAfterSameError: 100,
      shortCircuitUnavailable: false,
    },
  });
  const dispatch = (id = 'c1', signal?: AbortSignal, name = tools[0]!.name) =>
    drive(
      clock,
      dispatcher.dispatch(
        { id, name, arguments: { id: 'inv_1' } },
        { runId: 'run', ...(signal ? { signal } : {}) },
      ),
    );
  return { clock, events, dispatch, retried: () => events.filter((event) => event.type === 'tool.retried') };
}

/** Runs fake time forward in small steps until the dispatch settles; nothing sleeps for real. */
async function drive(clock: FakeClock, pending: Promise<ToolMessage>): Promise<ToolMessage> {
  let settled: ToolMessage | undefined;
  void pending.then((message) => {
    settled = message;
  });
  for (let step = 0; step < 10_000 && settled === undefined; step++) {
    await new Promise((resolve) => setImmediate(resolve));
    if (settled === undefined) clock.advance(10);
  }
  if (settled === undefined) throw new Error('dispatch did not settle');
  return settled;
}

describe('executeTool: retries inside the boundary', () => {
  it('retries an idempotent tool through transient failures; the model sees one result', async () => {
    const { tool, attempts } = scriptedTool({ failures: [withStatus(503), withCode('ECONNRESET')] });
    const { dispatch, retried, clock } = setup([tool]);
    const startedAt = clock.now();
    const message = await dispatch();
    expect(message.outcome).toEqual({ class: 'ok', ok: true, data: { total: 42 } });
    expect(attempts).toEqual([1, 2, 3]);
    expect(
      retried().map((event) => event.type === 'tool.retried' && [event.attempt, event.delayMs, event.reason]),
    ).toEqual([
      [2, 50, 'http_503'],
      [3, 100, 'ECONNRESET'],
    ]);
    expect(clock.now() - startedAt).toBeGreaterThanOrEqual(150);
  });

  it('retries a timed-out attempt of an idempotent tool', async () => {
    const { tool, attempts } = scriptedTool({ failures: ['hang'], timeoutMs: 500 });
    const { dispatch } = setup([tool]);
    expect((await dispatch()).outcome.class).toBe('ok');
    expect(attempts).toEqual([1, 2]);
  });

  it('says the service appears down after the last attempt, and not to try again another way', async () => {
    const { tool, attempts } = scriptedTool({
      failures: [withStatus(503), withStatus(503), withStatus(502)],
    });
    const { dispatch } = setup([tool]);
    const message = await dispatch();
    expect(attempts).toEqual([1, 2, 3]);
    expect(message.outcome).toMatchObject({
      class: 'unavailable',
      error: 'source_unavailable',
      retryable: false,
    });
    const outcome = message.outcome as { message: string; hint: string };
    expect(outcome.message).toContain('appears to be down: it did not respond after 3 attempts');
    expect(outcome.message).toContain('gap in the answer, not a confirmation');
    expect(outcome.hint).toContain('do not try to reach it through another phrasing');
  });

  it('never retries a tool that is not idempotent once its request may have left', async () => {
    for (const failure of [withStatus(503), withCode('ECONNRESET'), transient('flaky'), 'hang']) {
      const { tool, attempts } = scriptedTool({ failures: [failure], idempotent: false, timeoutMs: 500 });
      const { dispatch, retried } = setup([tool]);
      const message = await dispatch();
      expect(attempts).toEqual([1]);
      expect(retried()).toEqual([]);
      expect(message.outcome).toMatchObject({
        class: 'unavailable',
        error: 'outcome_unknown',
        retryable: false,
      });
      expect((message.outcome as { message: string }).message).toContain('may or may not have taken effect');
    }
  });

  it('retries a tool that is not idempotent when the failure came before the request', async () => {
    for (const failure of [
      withCode('ECONNREFUSED'),
      withCode('ENOTFOUND'),
      transient('pool empty', { beforeRequest: true }),
      withStatus(429),
    ]) {
      const { tool, attempts } = scriptedTool({ failures: [failure], idempotent: false });
      const { dispatch } = setup([tool]);
      expect((await dispatch()).outcome.class).toBe('ok');
      expect(attempts).toEqual([1, 2]);
    }
  });

  it('waits at least the Retry-After, and gives up when it exceeds the call budget', async () => {
    const { tool } = scriptedTool({ failures: [withStatus(429, { 'retry-after': '3' })] });
    const { dispatch, retried } = setup([tool]);
    await dispatch();
    expect(retried()[0]).toMatchObject({ delayMs: 3_000 });

    const slow = scriptedTool({ failures: [withStatus(503, { 'retry-after': '120' })] });
    const second = setup([slow.tool], { retry: { maxElapsedMs: 10_000 } });
    const message = await second.dispatch();
    expect(slow.attempts).toEqual([1]);
    expect(message.outcome).toMatchObject({ error: 'source_unavailable', retryAfterMs: 120_000 });
    expect((message.outcome as { message: string }).message).toContain('after 1 attempt,');
  });

  it('stops at once when the caller aborts during a backoff: no sleeping it out, no further attempt', async () => {
    const { tool, attempts } = scriptedTool({ failures: [withStatus(503)] });
    const { dispatch, clock } = setup([tool], {
      retry: { initialDelayMs: 60_000, maxDelayMs: 60_000, maxElapsedMs: 600_000 },
    });
    const controller = new AbortController();
    const startedAt = clock.now();
    const pending = dispatch('c1', controller.signal);
    await new Promise((resolve) => setImmediate(resolve));
    controller.abort();
    const message = await pending;
    expect(message.outcome).toMatchObject({ class: 'unavailable', error: 'aborted' });
    expect(attempts).toEqual([1]);
    expect(clock.now() - startedAt).toBeLessThan(1_000);
    expect(clock.pending).toBe(0);
  });

  it('leaves errors that are not transient to the classifier, with one attempt', async () => {
    const { tool, attempts } = scriptedTool({ failures: [new TypeError('x is undefined'), withStatus(404)] });
    const { dispatch } = setup([tool]);
    expect((await dispatch()).outcome).toMatchObject({ error: 'internal_error' });
    expect(attempts).toEqual([1]);
  });
});

describe('executeTool: circuit breaker', () => {
  it('opens after repeated failures; then the tool does not run and the model is told it is a gap', async () => {
    const { tool, attempts } = scriptedTool({ failures: Array(100).fill(withStatus(503)) });
    const { dispatch, events, clock } = setup([tool], {
      retry: { maxAttempts: 1 },
      breaker: { consecutiveFailures: 3, openMs: 30_000 },
    });
    for (let call = 0; call < 3; call++) await dispatch(`c${call}`);
    expect(events.some((event) => event.type === 'breaker.opened' && event.service === 'get_invoice')).toBe(
      true,
    );
    const ranBefore = attempts.length;
    const startedAt = clock.now();
    const message = await dispatch('c4');
    expect(attempts.length).toBe(ranBefore);
    expect(message.outcome).toMatchObject({
      class: 'unavailable',
      error: 'service_unavailable',
      retryable: false,
    });
    const outcome = message.outcome as { message: string; retryAfterMs: number };
    expect(outcome.message).toContain('not a confirmation');
    expect(outcome.message).toMatch(/tried again in about \d+ seconds/);
    expect(outcome.retryAfterMs).toBeGreaterThan(29_000 - (clock.now() - startedAt));
  });

  it('shares one breaker between tools that name one service', async () => {
    const first = scriptedTool({
      failures: Array(10).fill(withStatus(500)),
      name: 'get_invoice',
      service: 'billing',
    });
    const second = scriptedTool({ failures: [], name: 'list_invoices', service: 'billing' });
    const { dispatch } = setup([first.tool, second.tool], {
      retry: { maxAttempts: 1 },
      breaker: { consecutiveFailures: 2 },
    });
    await dispatch('a');
    await dispatch('b');
    const message = await dispatch('c', undefined, 'list_invoices');
    expect(second.attempts).toEqual([]);
    expect(message.outcome).toMatchObject({ error: 'service_unavailable' });
  });

  it('does not count answers, refusals or bugs as service failures', async () => {
    const { tool } = scriptedTool({ failures: Array(10).fill(new TypeError('bug')) });
    const { dispatch, events } = setup([tool], { breaker: { consecutiveFailures: 2 } });
    for (let call = 0; call < 5; call++) await dispatch(`c${call}`);
    expect(events.filter((event) => event.type.startsWith('breaker.'))).toEqual([]);
  });

  it('runs one half-open probe among concurrent calls, in one process', async () => {
    let runs = 0;
    let failing = true;
    const tool = defineTool({
      name: 'search',
      description: 'slow search',
      input: z.object({ id: z.string() }),
      idempotent: true,
      timeoutMs: 5_000,
      run: async () => {
        runs++;
        if (failing) throw withStatus(503);
        await new Promise((resolve) => setTimeout(resolve, 5)); // real time: the probe stays in flight
        return { hits: 1 };
      },
    });
    const clock = createFakeClock();
    const dispatcher = createDispatcher({
      tools: [tool],
      clock,
      logger: silentLogger,
      retry: { maxAttempts: 1 },
      breaker: { consecutiveFailures: 1, openMs: 1_000 },
    });
    const call = (id: string) =>
      dispatcher.dispatch({ id, name: 'search', arguments: { id: 'q' } }, { runId: id });
    await call('open-it');
    clock.advance(1_000);
    failing = false;
    runs = 0;
    const messages = await Promise.all(Array.from({ length: 10 }, (_, index) => call(`c${index}`)));
    expect(runs).toBe(1);
    expect(messages.filter((message) => message.outcome.class === 'ok')).toHaveLength(1);
    for (const message of messages.filter((each) => !each.outcome.ok))
      expect(message.outcome).toMatchObject({ error: 'service_unavailable', retryAfterMs: 6_000 });
    expect((await call('after')).outcome.class).toBe('ok');
  });
});
