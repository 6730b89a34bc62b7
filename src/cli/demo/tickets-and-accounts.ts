/**
 * Seed 001's classes for a support agent: an empty search that says what it searched, a ticket
 * system that is down (a gap, not a "none"), and an ambiguous account name that needs the user.
 */
import { z } from 'zod';
import { clarifying, empty, unavailable } from '../../outcome/constructors.js';
import { defineTool } from '../../tool/define-tool.js';
import { type Print, runOneCall } from './transcript.js';

const searchTickets = defineTool({
  name: 'search_tickets',
  description: 'Open support tickets for a customer over the last N days.',
  input: z.object({ customer: z.string(), days: z.number().int().min(1).max(365) }),
  idempotent: true,
  run: async ({ customer, days }) => {
    if (customer === 'Globex') {
      return unavailable({
        error: 'source_unavailable',
        message: `The ticket system did not answer, so I could not check ${customer}'s tickets. This is a gap in what I know, not a sign that there are none.`,
        retryable: false,
      });
    }
    return empty({
      message: `${customer} has no open tickets from the last ${days} days.`,
      searched: `open tickets, ${customer}, last ${days} days`,
    });
  },
});

const findAccount = defineTool({
  name: 'find_account',
  description: 'Finds a customer account by name.',
  input: z.object({ name: z.string() }),
  run: async ({ name }) =>
    clarifying({
      error: 'ambiguous_account',
      message: `Two accounts match "${name}". Ask the user which one they mean.`,
      candidates: [
        { label: `${name} Logistics (Leeds)`, arguments: { account_id: 'ACC-2231' } },
        { label: `${name} Logistics (Lisbon)`, arguments: { account_id: 'ACC-7710' } },
      ],
    }),
});

/** Runs the empty, unavailable and clarifying cases. */
export async function ticketsAndAccounts(print: Print): Promise<void> {
  print('-- an empty result is an answer, scoped');
  await runOneCall(print, {
    tools: [searchTickets],
    question: 'Does Initech have any open tickets?',
    call: { name: 'search_tickets', arguments: { customer: 'Initech', days: 90 } },
    answer: () => 'Initech has no open tickets from the last 90 days.',
  });
  print('-- an unavailable source is a gap, not a "none"');
  await runOneCall(print, {
    tools: [searchTickets],
    question: 'Does Globex have any open tickets?',
    call: { name: 'search_tickets', arguments: { customer: 'Globex', days: 90 } },
    answer: () =>
      "The ticket system didn't answer, so I couldn't check Globex's tickets; I don't know whether there are any.",
  });
  print('-- an ambiguous name goes back to the user');
  await runOneCall(print, {
    tools: [findAccount],
    question: 'Pull up the Kestrel account.',
    call: { name: 'find_account', arguments: { name: 'Kestrel' } },
    answer: () =>
      'There are two Kestrel accounts: Kestrel Logistics in Leeds and Kestrel Logistics in Lisbon. Which one do you mean?',
  });
}
