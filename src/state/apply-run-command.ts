import { LruList } from './lru-list.js';
import { Reservations } from './reservations.js';
import type { RunCommand, RunHalt, RunReply, RunSettings, RunSnapshot } from './state-store.js';

/** One run's record as the memory store holds it. */
export interface RunRecord {
  failed: number;
  halted: RunHalt | undefined;
  bornAt: number;
  expiresAt: number;
  /** Keyed counters and cached outcomes, least recently used first; at most `maxKeys`. */
  keys: LruList<string>;
  /** Calls in flight: reservation id to its call key and when the reservation lapses. */
  reservations: Reservations;
}

/** A fresh, empty record. */
export function createRunRecord(nowMs: number, settings: RunSettings): RunRecord {
  return {
    failed: 0,
    halted: undefined,
    bornAt: nowMs,
    expiresAt: nowMs + Math.min(settings.idleTtlMs, settings.maxLifetimeMs),
    keys: new LruList<string>(),
    reservations: new Reservations(),
  };
}

/**
 * The run state machine over one record, mutated in place. The memory store runs it as is; the
 * Redis store runs the same steps in Lua (src/adapters/redis/redis-scripts.ts; keep the two in
 * step). A refused call writes nothing, except that a call refused for a cached `unavailable`
 * outcome still counts as a failed call, so a model that keeps asking reaches the cap.
 */
export function applyRunCommand(
  record: RunRecord,
  command: RunCommand,
  settings: RunSettings,
  nowMs: number,
): RunReply {
  const renew = () => {
    record.expiresAt = Math.min(nowMs + settings.idleTtlMs, record.bornAt + settings.maxLifetimeMs);
  };
  if (command.kind === 'reserve') {
    if (record.halted !== undefined) return { kind: 'halted', reason: record.halted };
    if (record.failed >= settings.maxFailedCalls) return { kind: 'capped', failed: record.failed };
    if (settings.shortCircuitUnavailable) {
      const cached = record.keys.get(command.unavailable);
      if (cached !== undefined) {
        record.failed++;
        const previous = record.keys.get(command.call);
        const sameCall = previous === undefined ? 0 : Number(previous) + 1;
        if (previous !== undefined) record.keys.set(command.call, String(sameCall));
        const halt = sameCall >= settings.maxSameFailures ? 'repeated_failure' : undefined;
        if (halt !== undefined) record.halted ??= halt;
        renew();
        return {
          kind: 'unavailable',
          cached,
          failed: record.failed,
          sameCall,
          ...(halt === undefined ? {} : { halt }),
        };
      }
    }
    // the call key is read only where something could match it: a lone call in a clean run
    // (the usual case) never needs it
    const { inFlight, sameInFlight, nextExpiry } = record.reservations.scan(nowMs, command);
    const sameCall = record.keys.size === 0 ? 0 : Number(record.keys.get(command.call) ?? 0);
    if (
      record.failed + inFlight >= settings.maxFailedCalls ||
      sameCall + sameInFlight >= settings.maxSameFailures
    ) {
      return {
        kind: 'wait',
        retryAfterMs: Number.isFinite(nextExpiry) ? Math.max(1, nextExpiry - nowMs) : 1,
      };
    }
    record.reservations.set(command.id, { source: command, expiresAt: nowMs + command.leaseMs });
    renew();
    return { kind: 'admitted' };
  }

  const held = command.id !== '' && record.reservations.delete(command.id);
  const { failure } = command;
  if (failure === undefined) {
    if (held) renew();
    return { kind: 'settled', failed: record.failed, sameCall: 0, sameError: 0, sameClass: 0 };
  }
  record.failed++;
  const bump = (key: string) => {
    const next = Number(record.keys.get(key) ?? 0) + 1;
    record.keys.set(key, String(next));
    return next;
  };
  const sameCall = bump(command.call);
  const sameError = bump(failure.error);
  const sameClass = bump(failure.class);
  if (failure.unavailable !== undefined && settings.shortCircuitUnavailable)
    record.keys.set(failure.unavailable.key, failure.unavailable.value);
  while (record.keys.size > settings.maxKeys) record.keys.shift();
  const halt: RunHalt | undefined = failure.fatal
    ? 'fatal'
    : sameCall >= settings.maxSameFailures
      ? 'repeated_failure'
      : undefined;
  if (halt !== undefined) record.halted ??= halt;
  renew();
  return {
    kind: 'settled',
    failed: record.failed,
    sameCall,
    sameError,
    sameClass,
    ...(halt === undefined ? {} : { halt }),
  };
}

/** What a record holds, as {@link RunSnapshot}. */
export function snapshotRun(record: RunRecord, nowMs: number): RunSnapshot {
  const reservations = record.reservations.live(nowMs);
  return {
    failedCalls: record.failed,
    halted: record.halted,
    keys: record.keys.size,
    reservations,
    ttlMs: Math.max(0, record.expiresAt - nowMs),
  };
}

/** True when a record holds nothing a fresh one would not: no failure, halt, counter or call in flight. */
export function isEmptyRun(record: RunRecord): boolean {
  return (
    record.failed === 0 &&
    record.halted === undefined &&
    record.keys.size === 0 &&
    record.reservations.size === 0
  );
}
