import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ToolboundEvent } from './events.js';
import { createJsonlSink } from './jsonl-sink.js';

const event = (index: number): ToolboundEvent => ({
  type: 'tool.failed',
  time: index,
  runId: 'run',
  tool: 'get_order',
  toolCallId: `call_${index}`,
  outcomeClass: 'refused',
  error: 'not_found',
  durationMs: 3,
  attempts: 1,
});

describe('createJsonlSink', () => {
  it('appends one JSON object per line and flushes on close', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'toolbound-sink-')), 'events.jsonl');
    const first = createJsonlSink(path);
    first.handler(event(1));
    first.handler(event(2));
    await first.close();
    const second = createJsonlSink(path);
    second.handler(event(3));
    await second.close();
    second.handler(event(4)); // after close: dropped
    const lines = readFileSync(path, 'utf8').trimEnd().split('\n');
    expect(lines.map((line) => (JSON.parse(line) as ToolboundEvent).time)).toEqual([1, 2, 3]);
    expect(second.droppedEvents).toBe(1);
  });

  it('keeps a file error to itself and counts what it drops', async () => {
    const errors: Error[] = [];
    const sink = createJsonlSink('/nonexistent-directory/events.jsonl', {
      onError: (error) => errors.push(error),
    });
    expect(() => sink.handler(event(1))).not.toThrow();
    await sink.close();
    expect(sink.error).toBeInstanceOf(Error);
    expect(errors).toHaveLength(1);
    expect(() => sink.handler(event(2))).not.toThrow();
    expect(sink.droppedEvents).toBeGreaterThanOrEqual(1);
  });

  it('drops an event JSON cannot write instead of throwing', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'toolbound-sink-')), 'events.jsonl');
    const sink = createJsonlSink(path);
    sink.handler({
      ...event(1),
      type: 'tool.internal_error',
      reference: 'r',
      arguments: { big: 1n },
      thrown: { name: 'E', message: 'm' },
    } as unknown as ToolboundEvent);
    await sink.close();
    expect(sink.droppedEvents).toBe(1);
    expect(readFileSync(path, 'utf8')).toBe('');
  });
});
