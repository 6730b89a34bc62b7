import { describe, expect, it } from 'vitest';
import { combineEventHandlers } from './combine-event-handlers.js';
import type { ToolboundEvent } from './events.js';

const event: ToolboundEvent = { type: 'breaker.opened', time: 1, runId: '', service: 'billing' };

describe('combineEventHandlers', () => {
  it('calls every handler in order, past one that throws, and skips undefined', () => {
    const seen: string[] = [];
    const handler = combineEventHandlers(
      () => seen.push('first'),
      () => {
        throw new Error('broken');
      },
      undefined,
      (received) => seen.push(`last:${received.type}`),
    );
    expect(() => handler(event)).not.toThrow();
    expect(seen).toEqual(['first', 'last:breaker.opened']);
  });
});
