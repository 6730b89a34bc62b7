/**
 * Seed 000, first example: the model asks for "Punee", reads a clear error, and fixes the call.
 */
import { z } from 'zod';
import { createDispatcher } from '../../boundary/create-dispatcher.js';
import { runAgent } from '../../loop/run-agent.js';
import { scriptedModel } from '../../loop/scripted-model.js';
import { correctable } from '../../outcome/constructors.js';
import { ToolError } from '../../outcome/tool-error.js';
import { defineTool } from '../../tool/define-tool.js';
import { askStyle, type Print, printingModel, printStep } from './transcript.js';

const KNOWN_CITIES = ['Pune', 'Mumbai', 'Delhi'];

const getWeather = defineTool({
  name: 'get_weather',
  description: 'Current temperature in a city.',
  input: z.object({ city: z.string() }),
  idempotent: true,
  run: async ({ city }) => {
    if (!KNOWN_CITIES.includes(city)) {
      throw new ToolError(
        correctable({
          error: 'unknown_city',
          message: `unknown city: ${city}. Known cities: ${KNOWN_CITIES.join(', ')}`,
        }),
      );
    }
    return { city, temp_c: 31 };
  },
});

/** Runs the scenario, printing seed 000's expected transcript. */
export async function weatherSelfCorrection(print: Print): Promise<void> {
  const model = scriptedModel([
    { toolCalls: [{ name: 'get_weather', arguments: { city: 'Punee' } }] },
    // the scripted model reacts to the error it read, as a real model usually does
    (request) => {
      const last = request.messages.at(-1);
      const fixed = last?.role === 'tool' && last.isError ? 'Pune' : 'Punee';
      return { toolCalls: [{ name: 'get_weather', arguments: { city: fixed } }] };
    },
    { content: 'It is 31 C in Pune.' },
  ]);
  await runAgent({
    model: printingModel(model, print, askStyle),
    dispatcher: createDispatcher({ tools: [getWeather], render: 'compact', logger: silent }),
    messages: [{ role: 'user', content: 'What is the weather in Pune?' }],
    onStep: printStep(print, askStyle),
  });
}

const silent = { error() {}, warn() {}, info() {} };
