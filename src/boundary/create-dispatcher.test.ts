import type { StandardSchemaV1 } from '@standard-schema/spec';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ToolboundEvent } from '../observe/events.js';
import { jsonLineLogger, type Logger, silentLogger } from '../observe/logger.js';
import { empty, notFound } from '../outcome/constructors.js';
import { ToolError } from '../outcome/tool-error.js';
import type { ToolCall, ToolMessage } from '../protocol.js';
import { defineTool } from '../tool/define-tool.js';
import {
  createDispatcher,
  DEFAULT_INTERNAL_ERROR_MESSAGE,
  type DispatcherOptions,
} from './create-dispatcher.js';

/** The marker a second installed copy of toolbound would put on its ToolError. */
const OTHER_COPY_MARKER: unique symbol = Symbol.for('toolbound.ToolError');

const SECRET = 'SECRET-db.internal:5432-7f3a';

interface LogRecord {
  level: string;
  fields: Record<string, unknown>;
  message: string | undefined;
}

/** A pino-shaped logger that keeps what it is given. */
function captureLogger(): { logger: Logger; records: LogRecord[] } {
  const records: LogRecord[] = [];
  const at = (level: string) => (fields: Record<string, unknown>, message?: string) => {
    records.push({ level, fields, message });
  };
  return { records, logger: { error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') } };
}

const throwingLogger: Logger = {
  error() {
    throw new Error('logger down');
  },
  warn() {
    throw new Error('logger down');
  },
  info() {
    throw new Error('logger down');
  },
  debug() {
    throw new Error('logger down');
  },
};

function hostileProxy(): object {
  const trap = () => {
    throw new Error(SECRET);
  };
  return new Proxy(
    {},
    {
      get: trap,
      has: trap,
      ownKeys: trap,
      getPrototypeOf: trap,
      getOwnPropertyDescriptor: trap,
      set: trap,
      apply: trap,
      defineProperty: trap,
      deleteProperty: trap,
      isExtensible: trap,
      preventExtensions: trap,
      setPrototypeOf: trap,
    },
  );
}

/** A Standard Schema that accepts anything as it is, so the boundary's own parsing is what is tested. */
const anything: StandardSchemaV1 = {
  '~standard': { version: 1, vendor: 'test', validate: (value) => ({ value }) },
};
/** What a hand-written Standard Schema must pass to defineTool so the model sees its arguments. */
const OPEN_OBJECT = { type: 'object', properties: {}, additionalProperties: true };

function expectWellFormed(message: ToolMessage): Record<string, unknown> {
  expect(typeof message.toolCallId).toBe('string');
  expect(typeof message.toolName).toBe('string');
  expect(typeof message.content).toBe('string');
  expect(message.isError).toBe(!message.outcome.ok);
  expect(typeof message.halt).toBe('boolean');
  return JSON.parse(message.content) as Record<string, unknown>;
}

function expectInternalError(message: ToolMessage) {
  const parsed = expectWellFormed(message);
  expect(parsed).toMatchObject({ ok: false, class: 'unavailable', error: 'internal_error' });
  expect(parsed['message']).toBe(DEFAULT_INTERNAL_ERROR_MESSAGE);
  expect(typeof message.reference).toBe('string');
  expect(parsed['reference']).toBe(message.reference);
  expect(message.content).not.toContain('SECRET');
}

const circular = () => {
  const value: Record<string, unknown> = { name: 'loop' };
  value['self'] = value;
  return value;
};

/** Thrown values that must never escape, each with the secret somewhere in it. */
const thrownValues: Record<string, () => unknown> = {
  null: () => null,
  undefined: () => undefined,
  string: () => SECRET,
  symbol: () => Symbol(SECRET),
  number: () => 42,
  bigint: () => 12345678901234567890n,
  'error with a throwing message getter': () => {
    const error = new Error(SECRET);
    Object.defineProperty(error, 'message', {
      get() {
        throw new Error(SECRET);
      },
    });
    return error;
  },
  'object whose getters throw': () => ({
    get message() {
      throw new Error(SECRET);
    },
    get stack() {
      throw new Error(SECRET);
    },
  }),
  'proxy that throws on every trap': hostileProxy,
  'circular object': () => ({ ...circular(), secret: SECRET }),
  'error with a circular cause': () => {
    const error = new Error(SECRET) as Error & { cause?: unknown };
    error.cause = error;
    return error;
  },
  'plain error': () => new Error(`${SECRET} at /srv/app/db.js:10:5`),
};

const hugeString = 'x'.repeat(50 * 1024 * 1024);
const deepArray = (() => {
  const root: unknown[] = [];
  let node = root;
  for (let level = 0; level < 10_000; level++) {
    const next: unknown[] = [];
    node.push(next);
    node = next;
  }
  return root;
})();

const returnedValues: Record<string, () => unknown> = {
  'circular object': circular,
  bigint: () => 10n ** 30n,
  undefined: () => undefined,
  function: () => () => SECRET,
  symbol: () => Symbol('s'),
  '50 MB string': () => hugeString,
  'arrays 10k deep': () => deepArray,
  'object with a throwing toJSON': () => ({
    toJSON() {
      throw new Error(SECRET);
    },
  }),
  'proxy that throws': hostileProxy,
  'outcome-shaped proxy': () =>
    new Proxy(
      { class: 'ok', ok: true },
      { get: (target, key) => (key === 'data' ? hostileProxy() : Reflect.get(target, key)) },
    ),
};

const schemas: Record<string, () => StandardSchemaV1> = {
  zod: () => z.object({ city: z.string() }).loose(),
  anything: () => anything,
  'validate throws': () => ({
    '~standard': {
      version: 1,
      vendor: 'test',
      validate: () => {
        throw new Error(SECRET);
      },
    },
  }),
  'validate rejects': () => ({
    '~standard': { version: 1, vendor: 'test', validate: () => Promise.reject(new Error(SECRET)) },
  }),
  'validate returns garbage': () => ({
    '~standard': { version: 1, vendor: 'test', validate: () => ({ issues: 42 }) as never },
  }),
};

const calls: Record<string, (name: string) => unknown> = {
  good: (name) => ({ id: 'call_1', name, arguments: '{"city":"Pune"}' }),
  'object arguments': (name) => ({ id: 'call_1', name, arguments: { city: 'Pune' } }),
  null: () => null,
  number: () => 7,
  'non-string name': () => ({ id: 'call_1', name: 42, arguments: '{}' }),
  'numeric arguments': (name) => ({ id: 'call_1', name, arguments: 5 }),
  'non-string id': (name) => ({ id: { evil: true }, name, arguments: '{}' }),
  proxy: () => hostileProxy(),
  'proxy arguments': (name) => ({ id: 'call_1', name, arguments: hostileProxy() }),
};

const loggers: Record<string, () => Pick<DispatcherOptions, 'logger' | 'onEvent'>> = {
  capturing: () => ({ logger: captureLogger().logger }),
  throwing: () => ({ logger: throwingLogger }),
  'proxy logger': () => ({ logger: hostileProxy() as Logger }),
  'throwing onEvent': () => ({
    logger: captureLogger().logger,
    onEvent: () => {
      throw new Error(SECRET);
    },
  }),
};

const keys = (record: object) => fc.constantFrom(...Object.keys(record));

describe('createDispatcher().dispatch never throws or rejects', () => {
  it('for any thrown value, returned value, schema, logger and call', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          behaviour: fc.constantFrom('throw', 'throw sync', 'reject', 'return'),
          thrown: fc.oneof(
            keys(thrownValues),
            fc.anything().map((value) => ({ arbitrary: value })),
          ),
          returned: keys(returnedValues),
          schema: keys(schemas),
          call: keys(calls),
          logger: keys(loggers),
          compact: fc.boolean(),
        }),
        async (scenario) => {
          const thrown =
            typeof scenario.thrown === 'string'
              ? thrownValues[scenario.thrown]!()
              : scenario.thrown.arbitrary;
          const tool = defineTool({
            name: 'get_weather',
            description: 'Weather.',
            input: schemas[scenario.schema]!(),
            jsonSchema: OPEN_OBJECT,
            run: (() => {
              if (scenario.behaviour === 'throw sync') throw thrown;
              if (scenario.behaviour === 'throw') return (async () => Promise.reject(thrown))();
              if (scenario.behaviour === 'reject') return Promise.reject(thrown);
              return returnedValues[scenario.returned]!();
            }) as () => unknown,
          });
          const dispatcher = createDispatcher({
            tools: [tool],
            ...loggers[scenario.logger]!(),
            ...(scenario.compact ? { render: 'compact' as const } : {}),
          });
          const message = await dispatcher.dispatch(calls[scenario.call]!('get_weather') as ToolCall);
          expectWellFormed(message);
          expect(message.content).not.toContain('SECRET');
          if (message.outcome.class === 'unavailable' && message.outcome.error === 'internal_error') {
            expect(typeof message.reference).toBe('string');
            expect(message.outcome.reference).toBe(message.reference);
            // the compact renderer reproduces the seeds' bare {"error": …}, so only structured carries it
            if (!scenario.compact) expect(message.content).toContain(message.reference);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it.each(Object.keys(thrownValues))('turns a thrown %s into the generic internal error', async (name) => {
    const tool = defineTool({
      name: 'lookup_order',
      description: 'Orders.',
      input: z.object({}),
      run: () => {
        throw thrownValues[name]!();
      },
    });
    const dispatcher = createDispatcher({ tools: [tool], logger: captureLogger().logger });
    expectInternalError(await dispatcher.dispatch({ id: 'c', name: 'lookup_order', arguments: '{}' }));
  });

  it.each(['validate throws', 'validate rejects', 'validate returns garbage'])(
    'turns a schema whose %s into the generic internal error',
    async (name) => {
      const tool = defineTool({
        name: 'lookup_order',
        description: 'Orders.',
        input: schemas[name]!(),
        jsonSchema: OPEN_OBJECT,
        run: () => 1,
      });
      const dispatcher = createDispatcher({ tools: [tool], logger: throwingLogger });
      expectInternalError(await dispatcher.dispatch({ id: 'c', name: 'lookup_order', arguments: '{}' }));
    },
  );

  it.each(Object.keys(returnedValues))('returns a well-formed message for a returned %s', async (name) => {
    const tool = defineTool({
      name: 'lookup_order',
      description: 'Orders.',
      input: z.object({}),
      run: () => returnedValues[name]!(),
    });
    const dispatcher = createDispatcher({ tools: [tool], logger: throwingLogger });
    const message = await dispatcher.dispatch({ id: 'c', name: 'lookup_order', arguments: '{}' });
    expectWellFormed(message);
    expect(Buffer.byteLength(message.content)).toBeLessThanOrEqual(32_768);
    expect(message.content).not.toContain('SECRET');
  });

  it.each(Object.keys(calls))('returns a well-formed message for a %s call', async (name) => {
    const tool = defineTool({
      name: 'get_weather',
      description: 'Weather.',
      input: anything,
      jsonSchema: OPEN_OBJECT,
      run: () => 1,
    });
    const dispatcher = createDispatcher({ tools: [tool], logger: throwingLogger });
    expectWellFormed(await dispatcher.dispatch(calls[name]!('get_weather') as ToolCall));
  });

  it('survives garbage dispatch options', async () => {
    const tool = defineTool({
      name: 'get_weather',
      description: 'Weather.',
      input: anything,
      jsonSchema: OPEN_OBJECT,
      run: () => 1,
    });
    const dispatcher = createDispatcher({ tools: [tool], logger: throwingLogger });
    const call = { id: 'c', name: 'get_weather', arguments: '{}' };
    for (const options of [null, 5, hostileProxy(), { runId: 42, signal: 'no' }])
      expectWellFormed(await dispatcher.dispatch(call, options as never));
  });
});

describe('an unexpected throw', () => {
  it('gives the model a generic sentence and a reference, and the log the whole story', async () => {
    const { logger, records } = captureLogger();
    const tool = defineTool({
      name: 'lookup_order',
      description: 'Orders.',
      input: z.object({ order_id: z.string() }),
      run: () => {
        throw new Error('order query failed on db.internal', {
          cause: new Error('connection reset by peer'),
        });
      },
    });
    const dispatcher = createDispatcher({ tools: [tool], logger });
    const message = await dispatcher.dispatch(
      { id: 'call_7', name: 'lookup_order', arguments: '{"order_id":"A-1001"}' },
      { runId: 'run-42' },
    );
    expectInternalError(message);
    expect(message.content).not.toContain('db.internal');
    expect(message.content).not.toContain('connection reset');
    expect(message.reference).toMatch(/^[0-9a-f-]{36}$/);

    const record = records.find((entry) => entry.fields['type'] === 'tool.internal_error');
    expect(record).toBeDefined();
    expect(record!.level).toBe('error');
    expect(record!.message).toBe('tool.internal_error');
    expect(record!.fields).toMatchObject({
      reference: message.reference,
      tool: 'lookup_order',
      runId: 'run-42',
      toolCallId: 'call_7',
      arguments: { order_id: 'A-1001' },
    });
    const thrown = record!.fields['thrown'] as {
      name: string;
      message: string;
      stack: string;
      cause: { message: string; stack: string };
    };
    expect(thrown.name).toBe('Error');
    expect(thrown.message).toBe('order query failed on db.internal');
    expect(thrown.stack).toContain('order query failed on db.internal');
    expect(thrown.stack).toMatch(/\n\s+at /);
    expect(thrown.cause.message).toBe('connection reset by peer');
    expect(thrown.cause.stack).toContain('connection reset by peer');
  });

  it("logs the tool's own frames down to the boundary's call of it, not the dispatcher's below", async () => {
    const { logger, records } = captureLogger();
    const failInside = (depth: number): never => {
      if (depth === 0) throw new Error('pool exhausted');
      return failInside(depth - 1);
    };
    const tool = defineTool({
      name: 'lookup_order',
      description: 'Orders.',
      input: z.object({}),
      run: () => failInside(2),
    });
    await createDispatcher({ tools: [tool], logger }).dispatch({
      id: 'c',
      name: 'lookup_order',
      arguments: '{}',
    });
    const { stack } = records.find((entry) => entry.fields['type'] === 'tool.internal_error')!.fields[
      'thrown'
    ] as { stack: string };
    const frames = stack.split('\n').slice(1);
    expect(frames.filter((frame) => frame.includes('failInside'))).toHaveLength(3);
    expect(frames.at(-1)).toMatch(/^ {4}at invokeTool \(.*run-attempt\.ts:\d+:\d+\)$/);
    expect(stack).not.toMatch(/dispatch-call|execute-tool|create-dispatcher\.ts/);
  });

  it('logs one line at info and above, while handlers get both events', async () => {
    const { logger, records } = captureLogger();
    const events: ToolboundEvent[] = [];
    const tool = defineTool({
      name: 'lookup_order',
      description: 'Orders.',
      input: z.object({}),
      run: () => {
        throw new Error('boom');
      },
    });
    const dispatcher = createDispatcher({ tools: [tool], logger, onEvent: (event) => events.push(event) });
    const message = await dispatcher.dispatch(
      { id: 'c1', name: 'lookup_order', arguments: '{}' },
      { runId: 'r' },
    );
    const loud = records.filter((record) => record.level !== 'debug');
    expect(loud.map((record) => [record.level, record.message])).toEqual([['error', 'tool.internal_error']]);
    expect(records.find((record) => record.level === 'debug')?.fields).toMatchObject({
      type: 'tool.failed',
      reference: message.reference,
    });
    expect(events.map((event) => event.type)).toEqual(['tool.internal_error', 'tool.failed']);
    expect(events[0]).toMatchObject({ thrown: { name: 'Error', message: 'boom' } });
  });

  it('still logs a failure at info when its outcome only repeats an earlier reference', async () => {
    const { logger, records } = captureLogger();
    const tool = defineTool({
      name: 'lookup_order',
      description: 'Orders.',
      input: z.object({ id: z.string() }),
      run: () => {
        throw new Error('boom');
      },
    });
    const dispatcher = createDispatcher({ tools: [tool], logger });
    await dispatcher.dispatch({ id: 'c1', name: 'lookup_order', arguments: '{"id":"a"}' }, { runId: 'r' });
    records.length = 0;
    // the tool is known to be unavailable in this run: refused with the cached outcome, not run
    await dispatcher.dispatch({ id: 'c2', name: 'lookup_order', arguments: '{"id":"b"}' }, { runId: 'r' });
    expect(records.map((record) => [record.level, record.message])).toContainEqual(['info', 'tool.failed']);
    expect(records.some((record) => record.message === 'tool.internal_error')).toBe(false);
  });

  it('does not describe the thrown value when nothing would read it', async () => {
    let stackReads = 0;
    const thrown = new Error('boom');
    Object.defineProperty(thrown, 'stack', {
      get() {
        stackReads++;
        return 'Error: boom';
      },
    });
    const tool = defineTool({
      name: 'lookup_order',
      description: 'Orders.',
      input: z.object({}),
      run: () => {
        throw thrown;
      },
    });
    const quiet = createDispatcher({ tools: [tool], logger: silentLogger });
    const message = await quiet.dispatch({ id: 'c1', name: 'lookup_order', arguments: '{}' }, { runId: 'r' });
    expectInternalError(message);
    expect(stackReads).toBe(0);
    const events: ToolboundEvent[] = [];
    const heard = createDispatcher({
      tools: [tool],
      logger: silentLogger,
      onEvent: (event) => events.push(event),
    });
    await heard.dispatch({ id: 'c1', name: 'lookup_order', arguments: '{}' }, { runId: 'r' });
    const event = events.find((entry) => entry.type === 'tool.internal_error');
    expect(stackReads).toBe(0); // described on first read, not before
    expect(event).toMatchObject({ thrown: { stack: 'Error: boom' } });
    expect(JSON.parse(JSON.stringify(event))).toMatchObject({ thrown: { stack: 'Error: boom' } });
    expect(stackReads).toBe(1); // and once
  });

  it('describes the thrown value once, in the line, when the logger writes errors', async () => {
    let stackReads = 0;
    const thrown = new Error('boom');
    Object.defineProperty(thrown, 'stack', {
      get() {
        stackReads++;
        return 'Error: boom\n    at lookup (orders.ts:1:1)';
      },
    });
    const tool = defineTool({
      name: 'lookup_order',
      description: 'Orders.',
      input: z.object({}),
      run: () => {
        throw thrown;
      },
    });
    const lines: string[] = [];
    const events: ToolboundEvent[] = [];
    const dispatcher = createDispatcher({
      tools: [tool],
      logger: jsonLineLogger({ write: (line) => lines.push(line) }),
      onEvent: (event) => events.push(event),
    });
    const message = await dispatcher.dispatch(
      { id: 'c1', name: 'lookup_order', arguments: '{}' },
      { runId: 'r' },
    );
    expectInternalError(message);
    expect(stackReads).toBe(1);
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged.filter((line) => line['msg'] === 'tool.internal_error')).toEqual([
      expect.objectContaining({
        reference: message.reference,
        thrown: { name: 'Error', message: 'boom', stack: 'Error: boom\n    at lookup (orders.ts:1:1)' },
      }),
    ]);
    // the handler gets the same description, not a second one
    expect(events.find((event) => event.type === 'tool.internal_error')).toMatchObject({
      thrown: { stack: 'Error: boom\n    at lookup (orders.ts:1:1)' },
    });
    expect(stackReads).toBe(1);
  });

  it('builds no tool.failed event, and reads no clock for it, when nothing would take it', async () => {
    const tool = defineTool({
      name: 'lookup_order',
      description: 'Orders.',
      input: z.object({ id: z.string() }),
      run: () => ({ found: true }),
    });
    // what the dispatcher hands the logger (a real one would drop what is below its level)
    const written: string[] = [];
    const warnOnly: Logger = {
      error: (_fields, message) => written.push(`error ${message}`),
      warn: (_fields, message) => written.push(`warn ${message}`),
      info: (_fields, message) => written.push(`info ${message}`),
      debug: (_fields, message) => written.push(`debug ${message}`),
      isLevelEnabled: (level) => level === 'warn' || level === 'error',
    };
    let clockReads = 0;
    const clock = {
      now: () => {
        clockReads++;
        return Date.now();
      },
      setTimeout: (callback: () => void, delayMs: number) => setTimeout(callback, delayMs),
      clearTimeout: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    };
    const dispatcher = createDispatcher({ tools: [tool], logger: warnOnly, clock, breaker: false });
    const typo = await dispatcher.dispatch(
      { id: 'c1', name: 'lookup_order', arguments: '{"id":1}' },
      { runId: 'r' },
    );
    expect(typo.outcome.class).toBe('correctable');
    expect(written).toEqual([]);
    const readsForATypo = clockReads;
    // a logger that takes info gets the event, with the call's duration, which needs the clock
    const events: ToolboundEvent[] = [];
    const heard = createDispatcher({
      tools: [tool],
      logger: warnOnly,
      clock,
      breaker: false,
      onEvent: (event) => events.push(event),
    });
    clockReads = 0;
    await heard.dispatch({ id: 'c1', name: 'lookup_order', arguments: '{"id":1}' }, { runId: 'r' });
    expect(events.map((event) => event.type)).toEqual(['tool.failed']);
    expect(written).toEqual(['info tool.failed']); // handed to the logger too, which filters it itself
    expect(clockReads).toBeGreaterThan(readsForATypo);
  });

  it('uses the configured reference maker and sentence', async () => {
    const tool = defineTool({
      name: 'lookup_order',
      description: 'Orders.',
      input: z.object({}),
      run: () => Promise.reject(new Error('boom')),
    });
    const dispatcher = createDispatcher({
      tools: [tool],
      logger: captureLogger().logger,
      createReference: () => 'ref-0001',
      internalErrorMessage: 'Something went wrong on our side.',
    });
    const message = await dispatcher.dispatch({ id: 'c', name: 'lookup_order', arguments: {} });
    expect(JSON.parse(message.content)).toMatchObject({
      error: 'internal_error',
      message: 'Something went wrong on our side.',
      reference: 'ref-0001',
    });
    expect(message.reference).toBe('ref-0001');
  });

  it('gives each failure its own reference', async () => {
    const tool = defineTool({
      name: 'lookup_order',
      description: 'Orders.',
      input: z.object({}),
      run: () => {
        throw new Error('boom');
      },
    });
    const dispatcher = createDispatcher({ tools: [tool], logger: captureLogger().logger });
    const first = await dispatcher.dispatch({ id: 'a', name: 'lookup_order', arguments: {} });
    const second = await dispatcher.dispatch({ id: 'b', name: 'lookup_order', arguments: {} });
    expect(first.reference).not.toBe(second.reference);
  });
});

describe('arguments at the boundary', () => {
  const received: unknown[] = [];
  const echo = defineTool({
    name: 'echo',
    description: 'Echoes.',
    input: anything,
    jsonSchema: OPEN_OBJECT,
    run: (args) => {
      received.push(args);
      return { seen: true };
    },
  });

  it('never lets __proto__ reach the tool or Object.prototype', async () => {
    const dispatcher = createDispatcher({ tools: [echo], logger: captureLogger().logger });
    for (const args of [
      '{"__proto__":{"polluted":true},"city":"Pune"}',
      JSON.parse('{"__proto__":{"polluted":true},"city":"Pune"}') as Record<string, unknown>,
    ]) {
      received.length = 0;
      const message = await dispatcher.dispatch({ id: 'c', name: 'echo', arguments: args });
      expect(message.outcome.class).toBe('ok');
      const seen = received[0] as Record<string, unknown>;
      expect(Object.getPrototypeOf(seen)).toBe(Object.prototype);
      expect(seen['polluted']).toBeUndefined();
      expect(seen).toEqual({ city: 'Pune' });
      expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    }
  });

  it('refuses oversized and overdeep arguments without running the tool', async () => {
    received.length = 0;
    const dispatcher = createDispatcher({
      tools: [echo],
      logger: captureLogger().logger,
      limits: { maxArgumentBytes: 1_000, maxArgumentDepth: 8 },
    });
    const large = await dispatcher.dispatch({
      id: 'c',
      name: 'echo',
      arguments: { note: 'x'.repeat(2_000) },
    });
    expect(large.outcome).toMatchObject({ class: 'refused', error: 'arguments_too_large' });
    const deep = await dispatcher.dispatch({ id: 'd', name: 'echo', arguments: '['.repeat(100) });
    expect(deep.outcome).toMatchObject({ class: 'refused', error: 'arguments_too_deep' });
    const defaults = createDispatcher({ tools: [echo], logger: captureLogger().logger });
    const million = await defaults.dispatch({ id: 'e', name: 'echo', arguments: '['.repeat(1_000_000) });
    expect(million.outcome).toMatchObject({ class: 'refused', error: 'arguments_too_deep' });
    expect(received).toEqual([]);
    expect(large.isError && deep.isError && million.isError).toBe(true);
  });

  it('reports malformed JSON as correctable, with where it broke', async () => {
    const dispatcher = createDispatcher({ tools: [echo], logger: captureLogger().logger });
    const message = await dispatcher.dispatch({ id: 'c', name: 'echo', arguments: '{"city": Pune}' });
    expect(message.outcome).toMatchObject({ class: 'correctable', error: 'malformed_arguments' });
    expect(JSON.parse(message.content).message).toContain('line 1, column 10');
  });
});

describe('outcomes through the dispatcher', () => {
  it('reads the clock twice for a success in a warm run of calls, breaker included', async () => {
    // once for the run's place, once when the tool starts (the breaker's view and a retry's time
    // budget share that read); a success leaves no record and its breaker batch is under way
    const tool = defineTool({
      name: 'lookup_order',
      description: 'Orders.',
      input: z.object({ id: z.string() }),
      run: () => ({ found: true }),
    });
    let clockReads = 0;
    const clock = {
      now: () => {
        clockReads++;
        return Date.now();
      },
      setTimeout: (callback: () => void, delayMs: number) => setTimeout(callback, delayMs),
      clearTimeout: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    };
    const dispatcher = createDispatcher({ tools: [tool], logger: silentLogger, clock });
    const call = { id: 'c1', name: 'lookup_order', arguments: '{"id":"a"}' };
    for (let index = 0; index < 3; index++) await dispatcher.dispatch(call, { runId: `warm-${index}` });
    clockReads = 0;
    const message = await dispatcher.dispatch(call, { runId: 'measured' });
    expect(message.outcome.ok).toBe(true);
    expect(clockReads).toBe(2);
  });

  it('reports an unknown tool with the tools that exist and the one it nearly matched', async () => {
    const tools = ['get_weather', 'find_customer'].map((name) =>
      defineTool({ name, description: name, input: z.object({}), run: () => 1 }),
    );
    const dispatcher = createDispatcher({ tools, logger: captureLogger().logger });
    const message = await dispatcher.dispatch({ id: 'c', name: 'get_wether', arguments: '{}' });
    expect(message.toolName).toBe('get_wether');
    expect(JSON.parse(message.content)).toEqual({
      ok: false,
      class: 'correctable',
      error: 'unknown_tool',
      message: 'There is no tool named "get_wether". The available tools are: get_weather, find_customer.',
      hint: 'Did you mean get_weather? Call it by that exact name.',
    });
  });

  it('treats empty as a successful answer that says what was searched', async () => {
    const tool = defineTool({
      name: 'search_tickets',
      description: 'Tickets.',
      input: z.object({}),
      run: () =>
        empty({ message: 'No open tickets for Acme.', searched: 'open tickets, Acme, last 90 days' }),
    });
    const dispatcher = createDispatcher({ tools: [tool], logger: captureLogger().logger });
    const message = await dispatcher.dispatch({ id: 'c', name: 'search_tickets', arguments: '{}' });
    expect(message.isError).toBe(false);
    expect(message.outcome).toMatchObject({
      class: 'empty',
      ok: true,
      searched: 'open tickets, Acme, last 90 days',
    });
    expect(JSON.parse(message.content)).toMatchObject({ ok: true, class: 'empty', data: [] });
  });

  it('makes a not-found and a permission refusal byte-identical, whatever the record', async () => {
    const tool = defineTool({
      name: 'get_invoice',
      description: 'Invoices.',
      input: z.object({ id: z.string() }),
      run: ({ id }) => {
        if (id === 'INV-404') return notFound(); // does not exist
        throw new ToolError(notFound(), { cause: new Error(`user may not read ${id}`) }); // forbidden
      },
    });
    const dispatcher = createDispatcher({ tools: [tool], logger: captureLogger().logger });
    const missing = await dispatcher.dispatch({ id: 'a', name: 'get_invoice', arguments: { id: 'INV-404' } });
    const forbidden = await dispatcher.dispatch({
      id: 'b',
      name: 'get_invoice',
      arguments: { id: 'INV-777' },
    });
    expect(missing.content).toBe(forbidden.content);
    expect(forbidden.content).not.toContain('INV-777');
    expect(missing.outcome.class).toBe('refused');
  });

  it('reads a ToolError thrown by another copy of toolbound', async () => {
    class OtherCopyToolError extends Error {
      readonly [OTHER_COPY_MARKER] = true;
      readonly outcome = { class: 'correctable', ok: false, error: 'unknown_city', message: 'Unknown city.' };
    }
    const tool = defineTool({
      name: 'get_weather',
      description: 'Weather.',
      input: z.object({}),
      run: () => {
        throw new OtherCopyToolError('x');
      },
    });
    const dispatcher = createDispatcher({ tools: [tool], logger: captureLogger().logger });
    const message = await dispatcher.dispatch({ id: 'c', name: 'get_weather', arguments: {} });
    expect(message.outcome).toEqual({
      class: 'correctable',
      ok: false,
      error: 'unknown_city',
      message: 'Unknown city.',
    });
  });

  it('normalises a hand-written outcome and treats an unknown class as data', async () => {
    let returned: unknown;
    const tool = defineTool({ name: 't', description: 't', input: z.object({}), run: () => returned });
    const dispatcher = createDispatcher({ tools: [tool], logger: captureLogger().logger });
    returned = { class: 'refused', ok: false, error: 'limit_exceeded', message: 4200, offer: 'later' };
    const refused = await dispatcher.dispatch({ id: 'a', name: 't', arguments: {} });
    expect(refused.outcome).toEqual({
      class: 'refused',
      ok: false,
      error: 'limit_exceeded',
      message: '4200',
    });
    returned = { class: 'mystery', ok: true, rows: [1] };
    const data = await dispatcher.dispatch({ id: 'b', name: 't', arguments: {} });
    expect(data.outcome).toEqual({ class: 'ok', ok: true, data: { class: 'mystery', ok: true, rows: [1] } });
  });

  it('cuts a large result to the configured limit with a note, and a large failure too', async () => {
    let fail = false;
    const tool = defineTool({
      name: 'list_orders',
      description: 'Orders.',
      input: z.object({}),
      run: () => {
        if (fail)
          throw new ToolError({
            class: 'unavailable',
            ok: false,
            error: 'down',
            message: 'm'.repeat(5_000),
            retryable: false,
          });
        return Array.from({ length: 5_000 }, (_, index) => ({ id: index }));
      },
    });
    const dispatcher = createDispatcher({
      tools: [tool],
      logger: captureLogger().logger,
      limits: { maxContentBytes: 1_024 },
    });
    const big = await dispatcher.dispatch({ id: 'a', name: 'list_orders', arguments: {} });
    expect(Buffer.byteLength(big.content)).toBeLessThanOrEqual(1_024);
    expect(JSON.parse(big.content).note).toMatch(/Only the first \d+ of 5000 items are shown/);
    fail = true;
    const failed = await dispatcher.dispatch({ id: 'b', name: 'list_orders', arguments: {} });
    expect(Buffer.byteLength(failed.content)).toBeLessThanOrEqual(1_024);
    expect(JSON.parse(failed.content)).toMatchObject({ class: 'unavailable', error: 'down' });
  });

  it('renders compactly when asked to', async () => {
    const tool = defineTool({
      name: 'get_weather',
      description: 'Weather.',
      input: z.object({ city: z.enum(['Pune', 'Mumbai', 'Delhi']) }),
      run: ({ city }) => ({ temp_c: 31, city }),
    });
    const dispatcher = createDispatcher({ tools: [tool], logger: captureLogger().logger, render: 'compact' });
    const failed = await dispatcher.dispatch({ id: 'a', name: 'get_weather', arguments: '{"city":"Punee"}' });
    expect(failed.content).toBe(
      '{"error":"city must be one of Pune, Mumbai, Delhi; you provided \\"Punee\\"."}',
    );
    const worked = await dispatcher.dispatch({ id: 'b', name: 'get_weather', arguments: '{"city":"Pune"}' });
    expect(JSON.parse(worked.content)).toEqual({ temp_c: 31, city: 'Pune' });
  });
});

describe('timeouts and aborts', () => {
  const never = () => new Promise<never>(() => {});

  it('ends an idempotent tool that never settles as unavailable/timeout', async () => {
    const tool = defineTool({
      name: 'slow',
      description: 's',
      input: z.object({}),
      idempotent: true,
      timeoutMs: 20,
      run: never,
    });
    const dispatcher = createDispatcher({
      tools: [tool],
      logger: captureLogger().logger,
      retry: { maxAttempts: 2, initialDelayMs: 1, maxDelayMs: 1 },
    });
    const message = await dispatcher.dispatch({ id: 'c', name: 'slow', arguments: {} });
    expect(message.outcome).toMatchObject({ class: 'unavailable', error: 'timeout', retryable: false });
    expect(JSON.parse(message.content).message).toMatch(/slow did not answer/);
  });

  it('ends a side-effecting tool that never settles as unavailable, without retrying it', async () => {
    let runs = 0;
    const tool = defineTool({
      name: 'send_refund',
      description: 's',
      input: z.object({}),
      timeoutMs: 20,
      run: () => {
        runs++;
        return never();
      },
    });
    const dispatcher = createDispatcher({ tools: [tool], logger: captureLogger().logger });
    const message = await dispatcher.dispatch({ id: 'c', name: 'send_refund', arguments: {} });
    expect(message.outcome).toMatchObject({ class: 'unavailable', ok: false, retryable: false });
    expect(runs).toBe(1);
  });

  it('tells the tool through its signal that the time is up', async () => {
    let signal: AbortSignal | undefined;
    const tool = defineTool({
      name: 'slow',
      description: 's',
      input: z.object({}),
      timeoutMs: 20,
      run: (_args, context) => {
        signal = context.signal;
        return never();
      },
    });
    const dispatcher = createDispatcher({ tools: [tool], logger: captureLogger().logger });
    await dispatcher.dispatch({ id: 'c', name: 'slow', arguments: {} });
    expect(signal?.aborted).toBe(true);
  });

  // a tool that never settles would hang this test if the abort were ignored
  it('ends as unavailable/aborted when the caller aborts', async () => {
    const tool = defineTool({ name: 'slow', description: 's', input: z.object({}), run: never });
    const dispatcher = createDispatcher({ tools: [tool], logger: captureLogger().logger });
    const controller = new AbortController();
    const pending = dispatcher.dispatch(
      { id: 'c', name: 'slow', arguments: {} },
      { signal: controller.signal },
    );
    setTimeout(() => controller.abort(), 10);
    const message = await pending;
    expect(message.outcome).toMatchObject({ class: 'unavailable', error: 'aborted' });
    expect(message.toolCallId).toBe('c');
  });

  it('does not run the tool at all when the signal is already aborted', async () => {
    let ran = false;
    const tool = defineTool({
      name: 'slow',
      description: 's',
      input: z.object({}),
      run: () => {
        ran = true;
        return 1;
      },
    });
    const dispatcher = createDispatcher({ tools: [tool], logger: captureLogger().logger });
    const message = await dispatcher.dispatch(
      { id: 'c', name: 'slow', arguments: {} },
      { signal: AbortSignal.abort() },
    );
    expect(message.outcome).toMatchObject({ class: 'unavailable', error: 'aborted' });
    expect(ran).toBe(false);
  });
});

describe('concurrency', () => {
  it('pairs 500 parallel dispatches with their own call ids and results', async () => {
    const tool = defineTool({
      name: 'double',
      description: 'Doubles.',
      input: z.object({ n: z.number() }),
      run: async ({ n }, context) => {
        await new Promise((resolve) => setTimeout(resolve, n % 7));
        return { doubled: n * 2, runId: context.runId, toolCallId: context.toolCallId };
      },
    });
    const dispatcher = createDispatcher({ tools: [tool], logger: captureLogger().logger });
    const messages = await Promise.all(
      Array.from({ length: 500 }, (_, n) =>
        dispatcher.dispatch(
          { id: `call_${n}`, name: 'double', arguments: JSON.stringify({ n }) },
          { runId: `run_${n}` },
        ),
      ),
    );
    messages.forEach((message, n) => {
      expect(message.toolCallId).toBe(`call_${n}`);
      expect(message.outcome).toEqual({
        class: 'ok',
        ok: true,
        data: { doubled: n * 2, runId: `run_${n}`, toolCallId: `call_${n}` },
      });
    });
  });
});
