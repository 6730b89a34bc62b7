import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonLineLogger } from './logger.js';

describe('jsonLineLogger', () => {
  it('writes an event time as ISO, not as epoch milliseconds', () => {
    const lines: string[] = [];
    const logger = jsonLineLogger({ write: (line) => lines.push(line) });
    logger.info({ type: 'tool.failed', time: Date.UTC(2026, 10, 30, 12, 0, 0) }, 'tool.failed');
    expect(JSON.parse(lines[0]!)).toMatchObject({
      time: '2026-11-30T12:00:00.000Z',
      level: 'info',
      msg: 'tool.failed',
      type: 'tool.failed',
    });
  });

  it('stamps the current time when the fields carry none, and keeps one line per call', () => {
    const lines: string[] = [];
    const logger = jsonLineLogger({ write: (line) => lines.push(line) });
    logger.warn({ note: 'a\nb' });
    expect(lines).toHaveLength(1);
    expect(lines[0]!.endsWith('\n')).toBe(true);
    expect(lines[0]!.slice(0, -1)).not.toContain('\n');
    expect(Date.parse(JSON.parse(lines[0]!).time)).not.toBeNaN();
  });

  it('writes time, level and msg first, then the fields in their order, each once', () => {
    const lines: string[] = [];
    const logger = jsonLineLogger({ write: (line) => lines.push(line) });
    let reads = 0;
    const fields = {
      type: 'tool.internal_error',
      time: Date.UTC(2026, 10, 30, 12, 0, 0),
      runId: 'r',
      get thrown() {
        reads++;
        return { name: 'Error' };
      },
    };
    logger.error(fields, 'tool.internal_error');
    expect(lines[0]).toBe(
      '{"time":"2026-11-30T12:00:00.000Z","level":"error","msg":"tool.internal_error","type":"tool.internal_error","runId":"r","thrown":{"name":"Error"}}\n',
    );
    expect(reads).toBe(1);
  });

  it('writes each event time as its own ISO text, whatever times came before', () => {
    // times a millisecond apart, repeated, and far apart: a cached text must never outlive its time
    const epoch = fc.integer({ min: -8.64e15, max: 8.64e15 });
    const times = fc.array(fc.oneof(epoch, fc.constantFrom(0, 1, 1_764_547_200_000, 1_764_547_200_001)), {
      minLength: 1,
      maxLength: 12,
    });
    fc.assert(
      fc.property(times, (list) => {
        const lines: string[] = [];
        const logger = jsonLineLogger({ write: (line) => lines.push(line) });
        for (const time of list) logger.info({ time });
        expect(lines.map((line) => JSON.parse(line).time)).toEqual(
          list.map((time) => new Date(time).toISOString()),
        );
      }),
    );
  });

  it('lets fields named level and msg replace those, reads each field once, and skips symbol keys', () => {
    const lines: string[] = [];
    const logger = jsonLineLogger({ write: (line) => lines.push(line) });
    const reads: string[] = [];
    const fields = {
      get time() {
        reads.push('time');
        return Date.UTC(2026, 11, 1);
      },
      level: 'custom',
      msg: 'from the fields',
      get detail() {
        reads.push('detail');
        return 'x';
      },
      [Symbol('hidden')]: 'not JSON',
    };
    logger.warn(fields, 'message');
    expect(lines[0]).toBe(
      '{"time":"2026-12-01T00:00:00.000Z","level":"custom","msg":"from the fields","detail":"x"}\n',
    );
    expect(reads).toEqual(['time', 'detail']);
  });

  it('drops levels below its threshold', () => {
    const lines: string[] = [];
    const logger = jsonLineLogger({ level: 'warn', write: (line) => lines.push(line) });
    logger.info({});
    logger.debug?.({});
    logger.error({});
    expect(lines).toHaveLength(1);
  });
});

/**
 * The default logger's buffer, in a child process of its own: its stderr is the one the buffer
 * writes to, and its exit is the one the buffer must not lose a line to. `process.stderr.write`
 * is replaced by a recorder that prints, on stdout, the phase each write happens in and the
 * lines it carries; the end-of-turn immediate is turned off, so that only the flush under test
 * can write.
 */
describe('jsonLineLogger on stderr (buffered)', () => {
  const run = promisify(execFile);
  const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));
  const module = fileURLToPath(new URL('./logger.ts', import.meta.url));
  const child = async (body: string): Promise<Array<{ phase: string; lines: string[] }>> => {
    const script = `
      import { jsonLineLogger } from ${JSON.stringify(module)};
      let phase = 'logging';
      process.stderr.write = (chunk) => {
        const lines = String(chunk).split('\\n').filter(Boolean).map((line) => JSON.parse(line).n);
        process.stdout.write(JSON.stringify({ phase, lines }) + '\\n');
        return true;
      };
      globalThis.setImmediate = () => ({ unref() {} });
      // registered before the logger's own hooks, so they run first and name the phase
      process.on('beforeExit', () => { phase = 'beforeExit'; });
      process.on('exit', () => { phase = 'exit'; });
      const logger = jsonLineLogger();
      ${body}
    `;
    const result = await run(tsx, ['--eval', script], { timeout: 60_000 }).catch(
      (failed: { stdout: string }) => failed,
    );
    return result.stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { phase: string; lines: string[] });
  };

  it('writes what waits when the loop runs dry, on beforeExit, in order and once', async () => {
    const writes = await child(`for (let n = 0; n < 3; n++) logger.info({ n: String(n) });`);
    expect(writes).toEqual([{ phase: 'beforeExit', lines: ['0', '1', '2'] }]);
  }, 90_000);

  it('writes what waits on exit, after process.exit() and after an uncaught exception', async () => {
    const exited = await child(`logger.error({ n: 'last' }); process.exit(3);`);
    expect(exited).toEqual([{ phase: 'exit', lines: ['last'] }]);
    const crashed = await child(`logger.error({ n: 'before the crash' }); throw new Error('boom');`);
    expect(crashed).toEqual([{ phase: 'exit', lines: ['before the crash'] }]);
  }, 90_000);

  it('writes at once, within the logging call, when 64 KB wait', async () => {
    // lines of a little over 1 KB: about the 61st reaches the limit and is written with the
    // ones before it, while the loop still logs; the rest wait for the process to wind down
    const writes = await child(`
      const pad = 'x'.repeat(1000);
      for (let n = 0; n < 70; n++) logger.info({ n: String(n), pad });
    `);
    expect(writes.map((write) => write.phase)).toEqual(['logging', 'beforeExit']);
    const first = writes[0]?.lines.length ?? 0;
    expect(first).toBeGreaterThan(55);
    expect(first).toBeLessThan(66);
    expect(writes.flatMap((write) => write.lines)).toEqual(Array.from({ length: 70 }, (_, n) => String(n)));
  }, 90_000);
});
