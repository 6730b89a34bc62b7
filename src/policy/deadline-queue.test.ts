import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DeadlineQueue } from './deadline-queue.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('DeadlineQueue', () => {
  it('expires each waiting entry once, never before its deadline, and never one that left', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ leaveAfterMs: fc.option(fc.integer({ min: 0, max: 40 })), gapMs: fc.nat(8) }), {
          minLength: 1,
          maxLength: 8,
        }),
        async (plan) => {
          const queue = new DeadlineQueue(25);
          const expired: number[] = [];
          const addedAt: number[] = [];
          const expiredAt: number[] = [];
          const left = new Set<number>();
          const pending: Promise<void>[] = [];
          for (const [index, step] of plan.entries()) {
            addedAt[index] = performance.now();
            const entry = queue.add({
              expire: () => {
                expired.push(index);
                expiredAt[index] = performance.now();
              },
            });
            if (step.leaveAfterMs !== null) {
              pending.push(
                sleep(step.leaveAfterMs).then(() => {
                  if (!expired.includes(index)) {
                    queue.leave(entry);
                    left.add(index);
                  }
                }),
              );
            }
            await sleep(step.gapMs);
          }
          await Promise.all(pending);
          await sleep(120);
          expect(queue.waiting).toBe(false);
          // every entry either left or expired, exactly once, in the order it came
          expect(new Set(expired).size).toBe(expired.length);
          expect([...expired].sort((a, b) => a - b)).toEqual(expired);
          for (const index of plan.keys()) expect(left.has(index) !== expired.includes(index)).toBe(true);
          for (const index of expired) expect(expiredAt[index]! - addedAt[index]!).toBeGreaterThanOrEqual(25);
        },
      ),
      { numRuns: 15 },
    );
  });

  it('expires the others when one entry throws', async () => {
    const queue = new DeadlineQueue(5);
    const expired: string[] = [];
    queue.add({
      expire: () => {
        throw new Error('broken');
      },
    });
    queue.add({ expire: () => expired.push('second') });
    await sleep(60);
    expect(expired).toEqual(['second']);
  });

  it('keeps the process alive while an entry waits, and not once the last one left', async () => {
    const run = promisify(execFile);
    const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));
    const module = fileURLToPath(new URL('./deadline-queue.ts', import.meta.url));
    const script = (leave: boolean) => `
      import { DeadlineQueue } from ${JSON.stringify(module)};
      const queue = new DeadlineQueue(${leave ? 600_000 : 200});
      const started = performance.now();
      const entry = queue.add({ expire: () => console.log('expired after', Math.round(performance.now() - started)) });
      ${leave ? 'queue.leave(entry);' : ''}
      process.on('exit', () => console.log('exit'));
    `;
    const waited = await run(tsx, ['--eval', script(false)]);
    expect(waited.stdout).toMatch(/^expired after \d+\nexit\n$/);
    // a ten-minute deadline that nobody waits for any more must not hold the process
    const left = await run(tsx, ['--eval', script(true)], { timeout: 60_000 });
    expect(left.stdout).toBe('exit\n');
  }, 90_000);
});
