import type { StandardSchemaV1 } from '@standard-schema/spec';
import { createDispatcher } from '../boundary/create-dispatcher.js';
import type { Model } from '../loop/model.js';
import { runAgent } from '../loop/run-agent.js';
import { silentLogger } from '../observe/logger.js';
import { defineTool, type Tool } from '../tool/define-tool.js';
import { DEFAULT_EVAL_SYSTEM_PROMPT, type EvalCase, type EvalTool } from './eval-case.js';
import { resolveToolOutcome } from './resolve-tool-outcome.js';
import { parseCallArguments, type TrialTranscript } from './trial-transcript.js';

/** Options shared by both variants' trial runners. */
export interface TrialOptions {
  model: Model;
  maxSteps: number;
  signal?: AbortSignal;
}

/**
 * Runs a case the toolbound way: `runAgent` with a dispatcher, so the model reads classified,
 * sanitised messages and the run policy applies.
 */
export async function runAfterTrial(evalCase: EvalCase, options: TrialOptions): Promise<TrialTranscript> {
  const injectedCalls = new Set<string>(); // toolCallIds that got the case's injected outcome
  const dispatcher = createDispatcher({
    tools: evalCase.tools.map((tool) => toTool(tool, injectedCalls)),
    logger: silentLogger,
  });
  const result = await runAgent({
    model: options.model,
    dispatcher,
    maxSteps: options.maxSteps,
    messages: [
      { role: 'system', content: evalCase.system ?? DEFAULT_EVAL_SYSTEM_PROMPT },
      { role: 'user', content: evalCase.question },
    ],
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
  const calls = result.steps.flatMap((step) =>
    step.response.toolCalls.map((call) => ({
      name: call.name,
      arguments: parseCallArguments(call.arguments),
      failed: step.toolMessages.find((message) => message.toolCallId === call.id)?.isError ?? true,
      injected: injectedCalls.has(call.id),
    })),
  );
  return { finalText: result.text, calls, endedBy: result.endedBy };
}

// Any object passes: the eval measures how the model reads the injected outcome, not validation.
const anyObject: StandardSchemaV1<Record<string, unknown>> = {
  '~standard': {
    version: 1,
    vendor: 'toolbound-eval',
    validate: (value) =>
      typeof value === 'object' && value !== null && !Array.isArray(value)
        ? { value: value as Record<string, unknown> }
        : { issues: [{ message: 'arguments must be a JSON object' }] },
  },
};

function toTool(tool: EvalTool, injectedCalls: Set<string>): Tool {
  return defineTool({
    name: tool.name,
    description: tool.description,
    input: anyObject,
    jsonSchema: tool.parameters ?? { type: 'object', properties: {} },
    run: (args, context) => {
      const outcome = resolveToolOutcome(tool, args);
      if (tool.inject !== undefined && outcome === tool.inject) injectedCalls.add(context.toolCallId);
      return outcome;
    },
  }) as unknown as Tool;
}
