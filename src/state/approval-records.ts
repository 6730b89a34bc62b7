import type { Clock } from './clock.js';

/**
 * One step on an approval record: a pending approval, a paused run, a per-run budget or a
 * remembered rejection. Each is atomic on its key, so a Redis store serves it with one script.
 * - `put`: stores `value` as pending unless the key exists (`replace` overwrites). TTL set.
 * - `read`: the status and value.
 * - `claim`: turns a pending record into a used one and returns its value, once: every later
 *   claim, in any process, reads `used`. The record keeps its time to live, so a replay within it
 *   reads `used`, not `missing`.
 * - `count`: adds one to a counter unless it has reached `limit`. TTL refreshed.
 * - `delete`: drops the key.
 */
export type ApprovalCommand =
  | { kind: 'put'; value: string; ttlMs: number; replace?: boolean }
  | { kind: 'read' }
  | { kind: 'claim'; holder: string }
  | { kind: 'count'; limit: number; ttlMs: number }
  | { kind: 'delete' };

/** What an approval command found or did. */
export type ApprovalReply =
  | { status: 'created' | 'exists' | 'deleted' | 'missing' }
  | { status: 'pending'; value: string }
  | { status: 'used'; holder: string }
  | { status: 'claimed'; value: string }
  | { status: 'counted' | 'exhausted'; count: number };

interface ApprovalRecord {
  status: 'pending' | 'used' | 'counter';
  value: string;
  holder: string;
  count: number;
  expiresAt: number;
}

/** The in-memory side of approval records: bounded, expiring, least recently written dropped first. */
export interface ApprovalRecords {
  apply(key: string, command: ApprovalCommand): ApprovalReply;
  sweep(): void;
  readonly size: number;
}

/** Approval records for a store held in this process. */
export function createApprovalRecords(clock: Clock, maxRecords: number): ApprovalRecords {
  const records = new Map<string, ApprovalRecord>();

  const live = (key: string): ApprovalRecord | undefined => {
    const record = records.get(key);
    if (record === undefined) return undefined;
    if (record.expiresAt > clock.now()) return record;
    records.delete(key);
    return undefined;
  };

  const keep = (key: string, record: ApprovalRecord) => {
    records.delete(key); // re-insert so Map order is least recently written first
    records.set(key, record);
    if (records.size > maxRecords) {
      const oldest = records.keys().next().value;
      if (oldest !== undefined) records.delete(oldest);
    }
  };

  return {
    get size() {
      return records.size;
    },
    sweep() {
      const now = clock.now();
      for (const [key, record] of records) if (record.expiresAt <= now) records.delete(key);
    },
    apply(key, command) {
      const record = live(key);
      switch (command.kind) {
        case 'put':
          if (record !== undefined && command.replace !== true) return { status: 'exists' };
          keep(key, {
            status: 'pending',
            value: command.value,
            holder: '',
            count: 0,
            expiresAt: clock.now() + command.ttlMs,
          });
          return { status: 'created' };
        case 'read':
          if (record === undefined || record.status === 'counter') return { status: 'missing' };
          return record.status === 'pending'
            ? { status: 'pending', value: record.value }
            : { status: 'used', holder: record.holder };
        case 'claim': {
          if (record === undefined || record.status === 'counter') return { status: 'missing' };
          if (record.status === 'used') return { status: 'used', holder: record.holder };
          const value = record.value;
          record.status = 'used';
          record.holder = command.holder;
          record.value = '';
          return { status: 'claimed', value };
        }
        case 'count': {
          const counter = record ?? { status: 'counter', value: '', holder: '', count: 0, expiresAt: 0 };
          if (counter.count >= command.limit) return { status: 'exhausted', count: counter.count };
          counter.count++;
          counter.expiresAt = clock.now() + command.ttlMs;
          keep(key, counter);
          return { status: 'counted', count: counter.count };
        }
        case 'delete':
          records.delete(key);
          return { status: 'deleted' };
      }
    },
  };
}
