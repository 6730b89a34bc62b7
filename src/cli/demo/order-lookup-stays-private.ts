/**
 * Seed 000, second example: a tool fails with an internal host and port. The server log keeps
 * the detail, the model reads a generic sentence, and the second identical failure stops the run
 * with the fallback text.
 */
import { z } from 'zod';
import { createDispatcher } from '../../boundary/create-dispatcher.js';
import { runAgent } from '../../loop/run-agent.js';
import { scriptedModel } from '../../loop/scripted-model.js';
import { defineTool } from '../../tool/define-tool.js';
import { indentedStyle, type Print, printingModel, printStep, serverOnlyLogger } from './transcript.js';

const lookupOrder = defineTool({
  name: 'lookup_order',
  description: 'Looks up an order by id.',
  input: z.object({ order_id: z.string() }),
  run: async () => {
    throw new Error('connection to db.internal:5432 refused');
  },
});

/** Runs the scenario, printing seed 000's expected transcript. */
export async function orderLookupStaysPrivate(print: Print): Promise<void> {
  const { logger, onEvent } = serverOnlyLogger(print);
  // a model that never learns: it asks for the same order every step
  const model = scriptedModel([{ toolCalls: [{ name: 'lookup_order', arguments: { order_id: 'A17' } }] }], {
    repeatLast: true,
  });
  const result = await runAgent({
    model: printingModel(model, print, indentedStyle),
    dispatcher: createDispatcher({
      tools: [lookupOrder],
      render: 'compact',
      logger,
      onEvent,
      internalErrorMessage: 'the tool failed unexpectedly',
      // seed 000 shows the tool running on both steps, so this run lets an unavailable tool run
      // again instead of answering from the first result (the default short-circuit)
      policy: { maxSameFailures: 2, shortCircuitUnavailable: false },
    }),
    messages: [{ role: 'user', content: 'Where is order A17?' }],
    maxSteps: 6,
    fallbackText: 'Sorry, I could not look up that order.',
    onStep: printStep(print, indentedStyle),
  });
  print(`final: ${result.text}`);
}
