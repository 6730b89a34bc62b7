import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createDispatcher } from '../boundary/create-dispatcher.js';
import type { ToolboundEvent } from '../observe/events.js';
import { silentLogger } from '../observe/logger.js';
import { correctable, fatal, ok, refused, unavailable } from '../outcome/constructors.js';
import type { ToolMessage } from '../protocol.js';
import { systemClock } from '../state/clock.js';
import { createMemoryStore } from '../state/memory-store.js';
import type { RunCommand, StateStore } from '../state/state-store.js';
import { defineTool } from '../tool/define-tool.js';
import { resolveRetryOptions } from './retry-options.js';
import { createRunPolicy, resolveRunPolicyOptions } from './run-policy.js';

function setup(policy = {}) {
  let runs = 0;
  const events: ToolboundEvent[] = [];
  const lookup = defineTool({
    name: 'lookup',
    description: 'test tool',
    input: z.object({ id: z.string(), detail: z.boolean().optional() }),
    run: async ({ id }) => {
      runs++;
      if (id.startsWith('bad')) return correctable({ error: 'bad_id', message: `${id} is not an id.` });
      if (id === 'down')
        return unavailable({ error: 'source_unavailable', message: 'The source is down.', retryable: false });
      if (id === 'no') return refused({ error: 'not_allowed', message: 'Not allowed.' });
      if (id === 'creds') return fatal({ error: 'credentials_invalid', message: 'Credentials are invalid.' });
      return { id };
    },
  });
  const other = defineTool({
    name: 'other',
    description: 'another tool',
    input: z.object({}),
    run: async () => ({ fine: true }),
  });
  const dispatcher = createDispatcher({
    tools: [lookup, other],
    logger: silentLogger,
    onEvent: (event) => events.push(event),
    policy,
  });
  const call = (args: unknown, runId = 'run-1', name = 'lookup'): Promise<ToolMessage> =>
    dispatcher.dispatch({ id: `c${Math.random()}`, name, arguments: args as string }, { runId });
  return { dispatcher, call, events, runs: () => runs };
}

const parse = (message: ToolMessage) => JSON.parse(message.content) as Record<string, unknown>;

describe('run policy', () => {
  it('stops the run at the second identical failure, whatever the key order and whitespace', async () => {
    const { call, events } = setup();
    const first = await call('{"id":"bad-1","detail":true}');
    expect(first.halt).toBe(false);
    const second = await call('{ "detail" : true,  "id": "bad-1" }');
    expect(second.halt).toBe(true);
    expect(second.haltReason).toBe('repeated_failure');
    expect(parse(second).hint).toMatch(/failed 2 times/);
    expect(events.filter((event) => event.type === 'run.halted')).toHaveLength(1);
  });

  it('does not count different arguments as the same call', async () => {
    const { call } = setup({ maxSameFailures: 2, maxFailedCalls: 10 });
    expect((await call({ id: 'bad-1' })).halt).toBe(false);
    expect((await call({ id: 'bad-2' })).halt).toBe(false);
  });

  it('refuses every call after a halt, without running the tool', async () => {
    const { call, runs } = setup();
    await call({ id: 'bad-1' });
    await call({ id: 'bad-1' });
    const before = runs();
    const after = await call({ id: 'ok' });
    expect(after.outcome).toMatchObject({ class: 'refused', error: 'run_halted' });
    expect(runs()).toBe(before);
  });

  it('escalates the third failure with the same error code', async () => {
    const { call, events } = setup({ maxSameFailures: 5, maxFailedCalls: 10, retries: { correctable: 5 } });
    await call({ id: 'bad-1' });
    expect(parse(await call({ id: 'bad-2' })).hint).toBeUndefined();
    const third = await call({ id: 'bad-3' });
    expect(parse(third).hint).toMatch(/failed 3 times in this run with the same error\. Do not try it again/);
    expect(
      events.some(
        (event) => event.type === 'tool.repeated_failure' && event.scope === 'error' && event.count === 3,
      ),
    ).toBe(true);
  });

  it('gives a correctable failure one corrected retry, then tells the model to stop guessing', async () => {
    const { call } = setup({ maxSameFailures: 5, maxFailedCalls: 10 });
    const first = parse(await call({ id: 'bad-1' }));
    expect(first.hint).toBeUndefined();
    const retry = parse(await call({ id: 'bad-2' }));
    expect(retry.hint).toMatch(/corrected call to lookup failed as well/);
  });

  it('short-circuits a tool that was unavailable earlier in the run', async () => {
    const { call, runs } = setup();
    const first = await call({ id: 'down' });
    expect(first.outcome.class).toBe('unavailable');
    const ranBefore = runs();
    const second = await call({ id: 'other-id' });
    expect(runs()).toBe(ranBefore);
    expect(second.outcome).toMatchObject({
      class: 'unavailable',
      error: 'source_unavailable',
      message: 'The source is down.',
    });
    expect(parse(second).hint).toMatch(/Do not retry it this turn/);
  });

  it('runs the tool again after an unavailable result when short-circuiting is off', async () => {
    const { call, runs } = setup({ shortCircuitUnavailable: false });
    await call({ id: 'down' });
    await call({ id: 'fine' });
    expect(runs()).toBe(2);
  });

  it('past the failed-call cap, answers with an instruction to summarise instead of running tools', async () => {
    const { call, runs, events } = setup({
      maxFailedCalls: 3,
      maxSameFailures: 10,
      escalateAfterSameError: 10,
      retries: { correctable: 10 },
    });
    for (const id of ['bad-1', 'bad-2', 'bad-3']) await call({ id });
    const ranBefore = runs();
    const capped = await call({ id: 'fine' });
    expect(runs()).toBe(ranBefore);
    expect(capped.outcome).toMatchObject({ class: 'refused', error: 'too_many_failures' });
    expect(capped.outcome.ok ? '' : capped.outcome.message).toMatch(
      /tell the user which parts could not be checked/,
    );
    expect(events.some((event) => event.type === 'run.failure_cap')).toBe(true);
  });

  it('halts at once on a fatal outcome and logs it at error level', async () => {
    const logged: string[] = [];
    const lookup = defineTool({
      name: 'lookup',
      description: 'd',
      input: z.object({}),
      run: async () => fatal({ error: 'credentials_invalid', message: 'Credentials are invalid.' }),
    });
    const dispatcher = createDispatcher({
      tools: [lookup],
      logger: { error: (fields) => logged.push(String(fields['type'])), warn() {}, info() {} },
    });
    const message = await dispatcher.dispatch({ id: '1', name: 'lookup', arguments: '{}' }, { runId: 'r' });
    expect(message).toMatchObject({ halt: true, haltReason: 'fatal', isError: true });
    expect(logged).toContain('run.halted');
  });

  it('never lets one run count against another', async () => {
    const { call } = setup();
    await call({ id: 'bad-1' }, 'run-a');
    expect((await call({ id: 'bad-1' }, 'run-b')).halt).toBe(false);
    expect((await call({ id: 'bad-1' }, 'run-a')).halt).toBe(true);
  });

  it('forgets a run when it ends', async () => {
    const { call, dispatcher } = setup();
    await call({ id: 'bad-1' }, 'run-a');
    await dispatcher.endRun('run-a');
    expect((await call({ id: 'bad-1' }, 'run-a')).halt).toBe(false);
  });

  it('counts unparseable arguments and unknown tools as failures too', async () => {
    const { call } = setup();
    await call('{"id": ', 'run-x');
    expect((await call('{"id": ', 'run-x')).halt).toBe(true);
    await call({}, 'run-y', 'nope');
    expect((await call({}, 'run-y', 'nope')).halt).toBe(true);
  });

  it('rejects nonsense settings with a clear error', () => {
    expect(() => resolveRunPolicyOptions({ maxSameFailures: 0 })).toThrow(
      /maxSameFailures must be a positive integer/,
    );
    expect(() => resolveRunPolicyOptions({ maxFailedCalls: 1.5 })).toThrow(RangeError);
    expect(() => resolveRunPolicyOptions({ retries: { correctable: -1 } })).toThrow(/retries.correctable/);
    expect(resolveRunPolicyOptions()).toMatchObject({
      maxSameFailures: 2,
      escalateAfterSameError: 3,
      maxFailedCalls: 5,
    });
  });

  it('keeps working when the state store fails, reporting it', async () => {
    const events: ToolboundEvent[] = [];
    const broken = {
      updateRun: async () => {
        throw new Error('store down');
      },
      inspectRun: async () => undefined,
      clear: async () => {},
    };
    const tool = defineTool({
      name: 't',
      description: 'd',
      input: z.object({}),
      run: async () => correctable({ error: 'e', message: 'm' }),
    });
    const dispatcher = createDispatcher({
      tools: [tool],
      store: broken,
      logger: silentLogger,
      onEvent: (event) => events.push(event),
    });
    const message = await dispatcher.dispatch({ id: '1', name: 't', arguments: {} }, { runId: 'r' });
    expect(message.outcome).toMatchObject({ class: 'correctable', error: 'e' });
    expect(events.some((event) => event.type === 'store.degraded')).toBe(true);
  });
});

describe('run policy: the call key', () => {
  const policyOn = (store: StateStore = createMemoryStore()) =>
    createRunPolicy({
      store,
      options: resolveRunPolicyOptions(),
      retry: resolveRetryOptions(),
      emit: () => {},
      clock: systemClock,
    });

  // what makes the key: a function, or an object that makes it when read (the dispatcher's own
  // record of the call)
  it.each(['function', 'object'] as const)(
    'is made only when another call of the run is in flight beside it (%s)',
    async (form) => {
      const policy = policyOn();
      const made: string[] = [];
      const key = (name: string, value: string) => {
        const make = () => {
          made.push(name);
          return value;
        };
        return form === 'function'
          ? make
          : {
              get argumentsKey() {
                return make();
              },
            };
      };
      const request = { runId: 'r', toolName: 'lookup', timeoutMs: 1_000 };
      const lone = await policy.reserve({ ...request, argumentsKey: key('lone', '={"id":"a"}') });
      expect(lone.kind).toBe('run');
      await policy.record({
        ...request,
        toolCallId: 'c1',
        argumentsKey: '',
        outcome: ok({}),
        reservation: lone,
      });
      expect(made).toEqual([]);
      // two calls in flight in one run: the second compares keys with the first, and an identical
      // one shares its verdict instead of running
      const first = await policy.reserve({ ...request, argumentsKey: key('first', '={"id":"b"}') });
      const different = await policy.reserve({ ...request, argumentsKey: key('different', '={"id":"c"}') });
      const same = await policy.reserve({ ...request, argumentsKey: key('same', '={"id":"b"}') });
      expect([first.kind, different.kind, same.kind]).toEqual(['run', 'run', 'shared']);
      expect(made).toEqual(expect.arrayContaining(['first', 'different', 'same']));
      const verdict = await policy.record({
        ...request,
        toolCallId: 'c2',
        argumentsKey: '',
        outcome: ok({ b: 1 }),
        reservation: first,
      });
      expect(same.kind === 'shared' && (await same.verdict)).toEqual(verdict);
    },
  );

  it('is written out for a store that is not the in-memory one', async () => {
    const memory = createMemoryStore();
    const commands: RunCommand[] = [];
    const wrapped: StateStore = {
      updateRun: (scope, command, settings) => {
        commands.push(JSON.parse(JSON.stringify(command)) as RunCommand);
        return memory.updateRun(scope, command, settings);
      },
      inspectRun: (scope) => memory.inspectRun(scope),
      clear: (scope) => memory.clear(scope),
    };
    const policy = policyOn(wrapped);
    const request = { runId: 'r', toolName: 'lookup', timeoutMs: 1_000 };
    const reservation = await policy.reserve({ ...request, argumentsKey: () => '={"id":"a"}' });
    await policy.record({ ...request, toolCallId: 'c1', argumentsKey: '', outcome: ok({}), reservation });
    expect(commands.map((command) => [command.kind, command.call])).toEqual([
      ['reserve', 'c:lookup\u0000={"id":"a"}'],
      ['settle', 'c:lookup\u0000={"id":"a"}'],
    ]);
  });
});
