import { describe, expect, it } from 'vitest';
import { runDemo } from '../../src/cli/demo/run-demo.js';

async function approvalSections(): Promise<{ approved: string[]; declined: string[] }> {
  const lines: string[] = [];
  await runDemo((line) => lines.push(...line.split('\n')));
  const start = lines.findIndex((line) => line.includes('== The offer taken up'));
  const middle = lines.findIndex((line) => line.includes('== The approver declines'));
  expect(start).toBeGreaterThan(0);
  expect(middle).toBeGreaterThan(start);
  return { approved: lines.slice(start + 1, middle), declined: lines.slice(middle + 1) };
}

describe('npm start continues the $4,200 credit', () => {
  it('pauses for finance, applies the approved credit once, and refuses the approval sent again', async () => {
    const { approved } = await approvalSections();
    const text = approved.join('\n');
    expect(text).toContain('step 2: model asks request_approval');
    expect(text).toContain(
      'run paused (awaiting_approval): apply_credit {"account_id":"ACC-3318","amount":4200}',
    );
    expect(text).toContain('"data":{"account_id":"ACC-3318","credited":4200}');
    expect(text).toContain('the same approval sent again: refused (already_used)');
    expect(approved.at(-2)).toBe('credits applied: 1 ($4,200 to ACC-3318)');
  });

  it('declines with a reason that the model reads and relays, and applies nothing', async () => {
    const { declined } = await approvalSections();
    const refusal = declined.find((line) => line.includes('"approval_rejected"'));
    expect(refusal).toContain('need a signed ticket from the account manager');
    expect(refusal).toContain('Do not ask again in this run; tell the user.');
    expect(declined.find((line) => line.startsWith('final'))).toMatch(
      /^final \(answered\): Finance declined/,
    );
    expect(declined.at(-1)).toBe('credits applied: 0');
  });
});
