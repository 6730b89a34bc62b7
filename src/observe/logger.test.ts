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

  it('drops levels below its threshold', () => {
    const lines: string[] = [];
    const logger = jsonLineLogger({ level: 'warn', write: (line) => lines.push(line) });
    logger.info({});
    logger.debug?.({});
    logger.error({});
    expect(lines).toHaveLength(1);
  });
});
