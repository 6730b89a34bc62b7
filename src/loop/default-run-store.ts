import { createMemoryStore } from '../state/memory-store.js';
import type { StateStore } from '../state/state-store.js';

let shared: StateStore | undefined;

/**
 * The in-memory store `runAgent` and `resumeAgent` use for `tools` when no `store` is given:
 * one per process, so a run paused by one call can be resumed by the next.
 */
export function defaultRunStore(): StateStore {
  shared ??= createMemoryStore();
  return shared;
}
