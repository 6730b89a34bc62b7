/**
 * `toolbound/store`: for authors of a StateStore and for tuning the embedded one. A store keeps
 * the run policy's records (admission, counters, halts) and the circuit breakers; every
 * operation is atomic on one record.
 */

export { type Clock, systemClock } from './clock.js';
export { createMemoryStore, type MemoryStore, type MemoryStoreOptions } from './memory-store.js';
export type {
  BreakerCommand,
  BreakerReply,
  BreakerResult,
  BreakerSettings,
  BreakerState,
  RunCommand,
  RunFailure,
  RunHalt,
  RunReply,
  RunSettings,
  RunSnapshot,
  StateStore,
} from './state-store.js';
