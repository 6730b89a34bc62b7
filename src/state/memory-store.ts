import { applyBreakerCommand } from './apply-breaker-command.js';
import {
  applyRunCommand,
  createRunRecord,
  isEmptyRun,
  type RunRecord,
  snapshotRun,
} from './apply-run-command.js';
import { createApprovalRecords } from './approval-records.js';
import { type Clock, systemClock } from './clock.js';
import { LruList } from './lru-list.js';
import { type HeldReservation, Reservations } from './reservations.js';
import type { RunCommand, RunReply, RunSettings, StateStore } from './state-store.js';

/** Options for {@link createMemoryStore}. */
export interface MemoryStoreOptions {
  /**
   * Most run records kept at once; past it the least recently written one is dropped, in O(1),
   * so memory stays bounded whatever the callers do.
   * @default 100000
   */
  maxRecords?: number;
  /** @default systemClock */
  clock?: Clock;
}

/** A StateStore held in this process: the embedded default, bounded and expiring. */
export interface MemoryStore extends StateStore {
  /**
   * Run records currently held, expired ones not yet swept included. Circuit-breaker records are
   * kept apart (one per service, so a flood of runs can never evict them) and not counted.
   */
  readonly size: number;
  /** Drops every expired record now. */
  sweep(): void;
}

interface BreakerRecord {
  fields: Map<string, string>;
  expiresAt: number;
}

/** A memory store's `updateRun`, answered without a promise. */
export type UpdateRunNow = (scope: string, command: RunCommand, settings: RunSettings) => RunReply;

const runUpdatesNow = new WeakMap<StateStore, UpdateRunNow>();

/**
 * The synchronous form of `store.updateRun` when `store` is a memory store made here (and not a
 * wrapper around one), so the run policy can admit and settle a call with no await; else undefined.
 */
export function updateRunNow(store: StateStore): UpdateRunNow | undefined {
  return runUpdatesNow.get(store);
}

/** True when `command` settles, as a success, the only thing a record holds: the call's reservation. */
function isLastSuccess(record: RunRecord, command: Extract<RunCommand, { kind: 'settle' }>): boolean {
  return (
    command.failure === undefined &&
    record.reservations.size === 1 &&
    record.reservations.has(command.id) &&
    record.failed === 0 &&
    record.halted === undefined &&
    record.keys.size === 0
  );
}

/**
 * The reply to a settle that leaves no record, and to a lone call's reserve: shared and frozen
 * (the run policy only reads them), and copied for a caller of the public `updateRun`.
 */
const NOTHING_SETTLED: RunReply = Object.freeze({
  kind: 'settled',
  failed: 0,
  sameCall: 0,
  sameError: 0,
  sameClass: 0,
});
const ADMITTED: RunReply = Object.freeze({ kind: 'admitted' });
const nothingSettled = () => NOTHING_SETTLED;

/** Expired records dropped from the old end per write: enough to keep up, never a long pause. */
const SWEEP_PER_WRITE = 2;

/**
 * The in-memory StateStore. Every operation is O(1) in the number of records: records sit in a
 * linked list in write order, so the oldest is found without a scan, and expired ones are
 * dropped from the old end a few at a time as writes arrive. It needs no timer and never keeps
 * a process alive.
 */
export function createMemoryStore(options: MemoryStoreOptions = {}): MemoryStore {
  const { maxRecords = 100_000, clock = systemClock } = options;
  if (!Number.isInteger(maxRecords) || maxRecords < 1)
    throw new RangeError(
      `createMemoryStore: maxRecords must be a positive integer; got ${JSON.stringify(maxRecords)}.`,
    );
  const runs = new LruList<RunRecord>();
  const breakers = new Map<string, BreakerRecord>();
  const leases = new Map<string, { holder: string; expiresAt: number }>();
  const approvals = createApprovalRecords(clock, maxRecords);

  /**
   * A lone call: the one reservation of a run that has no record, held in these fields instead of
   * a record in `runs`. A run usually makes one call at a time and most calls succeed, so the usual
   * call is admitted and settled without a record, a list entry or a map write. Any other command
   * for its run first turns it into an ordinary record ("spills" it), so every rule sees what it
   * would have seen; it is never in `runs` at the same time.
   */
  let loneScope: string | undefined;
  let loneId = '';
  let loneSource: HeldReservation['source'] | undefined;
  /** When the lone call's lease lapses. */
  let loneLeaseEnd = 0;
  /** When the run's record was made, and when it expires, as a record made at the reserve would say. */
  let loneBornAt = 0;
  let loneExpiresAt = 0;

  const dropLone = () => {
    loneScope = undefined;
    loneSource = undefined;
  };

  const live = (scope: string, now: number): RunRecord | undefined => {
    const record = runs.get(scope);
    if (record === undefined) return undefined;
    if (record.expiresAt <= now) {
      runs.delete(scope);
      return undefined;
    }
    return record;
  };

  const sweepOld = (now: number) => {
    for (let index = 0; index < SWEEP_PER_WRITE; index++) {
      const oldest = runs.oldestValue();
      if (oldest === undefined || oldest.expiresAt > now) return;
      runs.shift();
    }
  };

  const sweep = (): void => {
    const now = clock.now();
    if (loneScope !== undefined && loneExpiresAt <= now) dropLone();
    for (const [scope, record] of [...runs.entries()]) if (record.expiresAt <= now) runs.delete(scope);
    for (const [key, lease] of leases) if (lease.expiresAt <= now) leases.delete(key);
    for (const [service, record] of breakers) if (record.expiresAt <= now) breakers.delete(service);
    approvals.sweep();
  };

  /** Turns the lone call into an ordinary record holding its reservation. */
  const spillLone = () => {
    if (loneScope === undefined || loneSource === undefined) return;
    const record: RunRecord = {
      failed: 0,
      halted: undefined,
      bornAt: loneBornAt,
      expiresAt: loneExpiresAt,
      keys: new LruList<string>(),
      reservations: new Reservations(),
    };
    record.reservations.set(loneId, { source: loneSource, expiresAt: loneLeaseEnd });
    runs.set(loneScope, record);
    if (runs.size > maxRecords) runs.shift();
    dropLone();
  };

  const updateRun: UpdateRunNow = (scope, command, settings) => {
    if (loneScope === scope) {
      // the lone call's success leaves nothing behind, as settling a record's last reservation does
      if (command.kind === 'settle' && command.failure === undefined && command.id === loneId) {
        dropLone();
        return nothingSettled();
      }
      spillLone();
    }
    if (command.kind === 'settle' && command.failure === undefined) {
      // a success into no record, or settling the only thing its record holds, leaves no record
      // (an expired one included, which would be dropped anyway): no clock, no new record
      const held = runs.get(scope);
      if (held === undefined) return nothingSettled();
      if (isLastSuccess(held, command)) {
        runs.delete(scope);
        return nothingSettled();
      }
    }
    const now = clock.now();
    if (
      command.kind === 'reserve' &&
      settings.maxFailedCalls > 0 &&
      settings.maxSameFailures > 0 &&
      runs.get(scope) === undefined
    ) {
      // a run with no record admits the call: it is held as the lone call when that place is
      // free, or held by a call whose lease lapsed (which then gets an ordinary record)
      if (loneScope !== undefined && loneLeaseEnd <= now) {
        if (loneExpiresAt <= now) dropLone();
        else spillLone();
      }
      if (loneScope === undefined) {
        loneScope = scope;
        loneId = command.id;
        loneSource = command;
        loneLeaseEnd = now + command.leaseMs;
        loneBornAt = now;
        loneExpiresAt = now + Math.min(settings.idleTtlMs, settings.maxLifetimeMs);
        if (runs.size >= maxRecords) runs.shift(); // the lone call counts as a record
        sweepOld(now);
        return ADMITTED;
      }
    }
    const existing = live(scope, now);
    const record = existing ?? createRunRecord(now, settings);
    const reply = applyRunCommand(record, command, settings, now);
    if (reply.kind === 'settled' && isEmptyRun(record)) {
      // a run whose calls all succeeded holds nothing a fresh record would not: drop it, so a
      // stream of successful runs keeps no memory (and promotes nothing to the old generation)
      runs.delete(scope);
    } else if (reply.kind === 'admitted' || reply.kind === 'unavailable' || reply.kind === 'settled') {
      runs.set(scope, record); // to the newest end: write order is eviction order
      if (runs.size > maxRecords) runs.shift();
    }
    sweepOld(now);
    return reply;
  };

  const store: MemoryStore = {
    get size() {
      return runs.size + (loneScope === undefined ? 0 : 1);
    },
    sweep,
    async updateRun(scope, command, settings) {
      const reply = updateRun(scope, command, settings);
      return reply === NOTHING_SETTLED || reply === ADMITTED ? { ...reply } : reply;
    },
    async inspectRun(scope) {
      const now = clock.now();
      if (scope === loneScope) {
        if (loneExpiresAt <= now) {
          dropLone();
          return undefined;
        }
        return {
          failedCalls: 0,
          halted: undefined,
          keys: 0,
          reservations: loneLeaseEnd > now ? 1 : 0,
          ttlMs: loneExpiresAt - now,
        };
      }
      const record = live(scope, now);
      return record === undefined ? undefined : snapshotRun(record, now);
    },
    async clear(scope) {
      if (scope === loneScope) dropLone();
      runs.delete(scope);
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
      const leaseKey = service;
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
  runUpdatesNow.set(store, updateRun);
  return store;
}
