import { applyBreakerCommand } from './apply-breaker-command.js';
import { createApprovalRecords } from './approval-records.js';
import { type Clock, systemClock } from './clock.js';
import type { StateStore } from './state-store.js';

interface StoredRecord {
  fields: Map<string, string>;
  expiresAt: number;
}

/** Options for {@link createMemoryStore}. */
export interface MemoryStoreOptions {
  /**
   * Most records kept at once; past it the least recently written record is dropped, so memory
   * stays bounded whatever the callers do.
   * @default 100000
   */
  maxRecords?: number;
  /** @default systemClock */
  clock?: Clock;
}

/** A StateStore held in this process: the embedded default, bounded and expiring. */
export interface MemoryStore extends StateStore {
  /**
   * Records currently held, expired ones not yet swept included. Circuit-breaker records are
   * kept apart (one per service, so a flood of runs can never evict them) and not counted.
   */
  readonly size: number;
  /** Drops every expired record now. */
  sweep(): void;
}

/**
 * The in-memory StateStore. Expired records are swept as writes arrive, so it needs no timer and
 * never keeps a process alive.
 */
export function createMemoryStore(options: MemoryStoreOptions = {}): MemoryStore {
  const { maxRecords = 100_000, clock = systemClock } = options;
  if (!Number.isInteger(maxRecords) || maxRecords < 1)
    throw new RangeError('maxRecords must be a positive integer.');
  const records = new Map<string, StoredRecord>();
  const leases = new Map<string, { holder: string; expiresAt: number }>();
  const breakers = new Map<string, StoredRecord>();
  const approvals = createApprovalRecords(clock, maxRecords);
  let writesSinceSweep = 0;

  const live = (scope: string): StoredRecord | undefined => {
    const record = records.get(scope);
    if (record === undefined) return undefined;
    if (record.expiresAt <= clock.now()) {
      records.delete(scope);
      return undefined;
    }
    return record;
  };

  const touch = (scope: string, ttlMs: number): StoredRecord => {
    const record = live(scope) ?? { fields: new Map<string, string>(), expiresAt: 0 };
    record.expiresAt = clock.now() + ttlMs;
    records.delete(scope); // re-insert so Map order is least recently written first
    records.set(scope, record);
    if (records.size > maxRecords) {
      const oldest = records.keys().next().value;
      if (oldest !== undefined) records.delete(oldest);
    }
    if (++writesSinceSweep >= 1_000) sweep();
    return record;
  };

  const sweep = (): void => {
    writesSinceSweep = 0;
    const now = clock.now();
    for (const [scope, record] of records) if (record.expiresAt <= now) records.delete(scope);
    for (const [key, lease] of leases) if (lease.expiresAt <= now) leases.delete(key);
    for (const [service, record] of breakers) if (record.expiresAt <= now) breakers.delete(service);
    approvals.sweep();
  };

  return {
    get size() {
      return records.size;
    },
    sweep,
    async read(scope, fields) {
      const record = live(scope);
      return fields.map((field) => record?.fields.get(field));
    },
    async increment(scope, deltas, ttlMs) {
      const record = touch(scope, ttlMs);
      return deltas.map(([field, delta]) => {
        const next = Number(record.fields.get(field) ?? 0) + delta;
        record.fields.set(field, String(next));
        return next;
      });
    },
    async write(scope, values, ttlMs) {
      const record = touch(scope, ttlMs);
      for (const [field, value] of Object.entries(values)) record.fields.set(field, value);
    },
    async clear(scope) {
      records.delete(scope);
    },
    async acquireLease(key, holder, ttlMs) {
      const current = leases.get(key);
      if (current !== undefined && current.expiresAt > clock.now()) return false;
      leases.set(key, { holder, expiresAt: clock.now() + ttlMs });
      return true;
    },
    async releaseLease(key, holder) {
      if (leases.get(key)?.holder === holder) leases.delete(key);
    },
    async updateApproval(key, command) {
      return approvals.apply(key, command);
    },
    async updateBreaker(service, command, settings) {
      const now = clock.now();
      const stored = breakers.get(service);
      const record =
        stored !== undefined && stored.expiresAt > now
          ? stored
          : { fields: new Map<string, string>(), expiresAt: 0 };
      record.expiresAt = now + settings.ttlMs;
      breakers.set(service, record);
      const leaseKey = `breaker-probe:${service}`;
      return applyBreakerCommand(record.fields, command, settings, now, {
        acquire(holder, ttlMs) {
          const current = leases.get(leaseKey);
          if (current !== undefined && current.expiresAt > now) return false;
          leases.set(leaseKey, { holder, expiresAt: now + ttlMs });
          return true;
        },
        release(holder) {
          if (leases.get(leaseKey)?.holder === holder) leases.delete(leaseKey);
        },
        remainingMs() {
          const current = leases.get(leaseKey);
          return current === undefined ? 0 : Math.max(0, current.expiresAt - now);
        },
      });
    },
  };
}
