// the cases and their expect() calls are shared by both stores: test/redis/parallel-admission.ts
import { describe } from 'vitest';
import { parallelAdmission } from '../../test/redis/parallel-admission.js';
import { createMemoryStore } from '../state/memory-store.js';

describe('parallel admission on the in-memory store', () => {
  const store = createMemoryStore();
  parallelAdmission(() => [store]);
});
