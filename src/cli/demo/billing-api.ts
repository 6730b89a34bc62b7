/**
 * Seed 002's billing API: a 404 and a 403 (byte-identical on purpose), a 401 that halts the run
 * as an operator problem, and an outage.
 */
import { z } from 'zod';
import { fatal, notFound } from '../../outcome/constructors.js';
import { transient } from '../../outcome/transient-error.js';
import { defineTool } from '../../tool/define-tool.js';
import { type Print, runOneCall } from './transcript.js';

/** A stand-in for an HTTP billing service: the status it answers with, per account. */
const STATUS_BY_ACCOUNT: Record<string, number> = {
  'ACC-100': 200,
  'ACC-404': 404,
  'ACC-403': 403,
  'ACC-401': 401,
  'ACC-503': 503,
};

const getBilling = defineTool({
  name: 'get_billing',
  description: 'Billing summary for an account.',
  input: z.object({ account_id: z.string().regex(/^ACC-\d+$/) }),
  idempotent: true,
  service: 'billing',
  run: async ({ account_id }) => {
    const status = STATUS_BY_ACCOUNT[account_id] ?? 404;
    if (status === 200) return { account_id, balance_cents: 12_500, plan: 'growth' };
    // a missing record and a forbidden one read the same, so a refusal discloses nothing
    if (status === 404 || status === 403) return notFound();
    if (status === 401) {
      return fatal({
        error: 'billing_credentials_invalid',
        message:
          'The billing service rejected our credentials. This is a configuration fault that the team must fix; stop and tell the user billing is unavailable.',
      });
    }
    throw transient(`billing API answered ${status}`);
  },
});

/** Runs the four billing cases. */
export async function billingApi(print: Print): Promise<void> {
  for (const accountId of ['ACC-404', 'ACC-403', 'ACC-401', 'ACC-503']) {
    print(`-- account ${accountId}`);
    await runOneCall(print, {
      tools: [getBilling],
      question: `What does account ${accountId} owe?`,
      call: { name: 'get_billing', arguments: { account_id: accountId } },
      answer: (content) =>
        content.includes('"not_found"')
          ? `I could not find a billing record for ${accountId} that is available to me.`
          : 'I could not check the billing system just now, so I do not know what the account owes.',
    });
  }
}
