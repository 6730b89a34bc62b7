/**
 * `npx toolbound demo` (and `npm start` in the repository): runs the seeds' scenarios through
 * runAgent with scripted models. Lines marked "server only" are what the log sees and the model
 * never does.
 */
import { billingApi } from './billing-api.js';
import { creditApproval } from './credit-approval.js';
import { creditApprovalResumed } from './credit-approval-resumed.js';
import { orderLookupStaysPrivate } from './order-lookup-stays-private.js';
import { ticketsAndAccounts } from './tickets-and-accounts.js';
import { weatherSelfCorrection } from './weather-self-correction.js';

/** Runs every scenario, writing the transcript through `print`. */
export async function runDemo(print: (line: string) => void): Promise<void> {
  const heading = (title: string) => print(`\n== ${title} ==`);
  heading('An error goes back, the model corrects itself (compact renderer)');
  await weatherSelfCorrection(print);
  heading('Unexpected failures stay private, repeats are limited (compact renderer)');
  await orderLookupStaysPrivate(print);
  heading('A billing API: not found, forbidden, bad credentials, outage (structured renderer)');
  await billingApi(print);
  heading('Empty, unavailable and clarifying (structured renderer)');
  await ticketsAndAccounts(print);
  heading('A refusal that offers the route forward (structured renderer)');
  await creditApproval(print);
  heading('The offer taken up: the run pauses, finance approves, the credit is applied once');
  await creditApprovalResumed(print);
}
