/**
 * `npm start`: runs the seeds' scenarios through runAgent with scripted models. Lines marked
 * "server only" are what the log sees and the model never does.
 */
import { billingApi } from './seeds/billing-api.js';
import { creditApproval } from './seeds/credit-approval.js';
import { orderLookupStaysPrivate } from './seeds/order-lookup-stays-private.js';
import { ticketsAndAccounts } from './seeds/tickets-and-accounts.js';
import { weatherSelfCorrection } from './seeds/weather-self-correction.js';

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
}

if (import.meta.url === `file://${process.argv[1]}`) await runDemo((line) => console.log(line));
