/**
 * Seed 001's refused credit: the refusal says whose limit, how far over, and offers the route
 * forward as a call the interface can present.
 */
import { z } from 'zod';
import { refused } from '../../outcome/constructors.js';
import { defineTool } from '../../tool/define-tool.js';
import { type Print, runOneCall } from './transcript.js';

const APPROVAL_LIMIT_DOLLARS = 2_500;
const dollars = (amount: number) => `$${amount.toLocaleString('en-US')}`;

const applyCredit = defineTool({
  name: 'apply_credit',
  description: 'Applies a credit to an account, within the caller’s approval limit.',
  input: z.object({ account_id: z.string(), amount: z.number().positive() }),
  run: async ({ account_id, amount }) => {
    if (amount > APPROVAL_LIMIT_DOLLARS) {
      return refused({
        error: 'limit_exceeded',
        message: `That credit is ${dollars(amount)}, above your approval limit of ${dollars(APPROVAL_LIMIT_DOLLARS)}. A finance approver must sign off on credits above your limit.`,
        offer: {
          tool: 'request_approval',
          arguments: { capability: 'apply_credit', account_id, amount, approverRole: 'finance' },
        },
      });
    }
    return { account_id, credited: amount };
  },
});

/** Runs the refused credit with its approval offer. */
export async function creditApproval(print: Print): Promise<void> {
  await runOneCall(print, {
    tools: [applyCredit],
    question: 'Give ACC-3318 a $4,200 credit.',
    call: { name: 'apply_credit', arguments: { account_id: 'ACC-3318', amount: 4200 } },
    answer: () =>
      "I can't apply a $4,200 credit: your limit is $2,500. Finance can approve it. [Request finance approval]",
  });
}
