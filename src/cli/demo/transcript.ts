import { createDispatcher } from '../../boundary/create-dispatcher.js';
import type { Model } from '../../loop/model.js';
import { type AgentStep, runAgent } from '../../loop/run-agent.js';
import { scriptedModel } from '../../loop/scripted-model.js';
import type { ToolboundEvent } from '../../observe/events.js';
import type { Logger } from '../../observe/logger.js';
import type { Tool } from '../../tool/define-tool.js';

/** Where a scenario writes its transcript, one line at a time. */
export type Print = (line: string) => void;

/** How a transcript writes the model's tool calls and the tool messages. */
export interface TranscriptStyle {
  call: (step: number, name: string, args: string) => string;
  toolMessage: (step: number, content: string) => string;
}

/** Seed 000's first example: "step 1: model asks get_weather {...}" / "step 1: tool message {...}". */
export const askStyle: TranscriptStyle = {
  call: (step, name, args) => `step ${step}: model asks ${name} ${args}`,
  toolMessage: (step, content) => `step ${step}: tool message ${content}`,
};

/** Seed 000's second example, with server-only lines indented under the call. */
export const indentedStyle: TranscriptStyle = {
  call: (step, name, args) => `step ${step}: ${name} ${args}`,
  toolMessage: (_step, content) => `  tool message: ${content}`,
};

/**
 * Wraps a model so each tool call is printed when the model asks for it, before the tool runs,
 * so server-only log lines land under the call that caused them.
 */
export function printingModel(model: Model, print: Print, style: TranscriptStyle): Model {
  let step = 0;
  return {
    async generate(request) {
      const response = await model.generate(request);
      step++;
      for (const call of response.toolCalls) {
        const args = typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments);
        print(style.call(step, call.name, args));
      }
      if (response.toolCalls.length === 0) print(`step ${step}: model answers: ${response.content}`);
      return response;
    },
  };
}

/** Prints each tool message of a step, and says so when the repeat limit stops the run. */
export function printStep(print: Print, style: TranscriptStyle): (step: AgentStep) => void {
  return (step) => {
    for (const message of step.toolMessages) {
      print(style.toolMessage(step.index, message.content));
      if (message.haltReason === 'repeated_failure') print('  the same call failed 2 times: giving up');
      if (message.haltReason === 'fatal') print('  fatal: the run stops here');
    }
  };
}

/** A logger that shows what only the server sees, marked as such, and nothing else. */
export function serverOnlyLogger(print: Print): { logger: Logger; onEvent: (event: ToolboundEvent) => void } {
  const quiet = () => {};
  return {
    logger: { error: quiet, warn: quiet, info: quiet, debug: quiet },
    onEvent: (event) => {
      if (event.type === 'tool.internal_error') print(`  log (server only): ${event.thrown.message}`);
      if (event.type === 'tool.retried')
        print(
          `  log (server only): ${event.reason} failure; attempt ${event.attempt} in ${event.delayMs} ms`,
        );
      if (event.type === 'tool.message_leaked')
        print(`  log (server only): leak caught in ${event.field} by rule ${event.rule}`);
      if (event.type === 'run.halted' && event.reason === 'fatal')
        print(`  log (server only): operator problem: ${event.error}`);
    },
  };
}

/** What {@link runOneCall} needs: the tools, the one call the model makes, and its answer. */
export interface OneCallScenario {
  tools: Tool[];
  call: { name: string; arguments: Record<string, unknown> };
  /** The scripted model's final answer, written from the tool message it read. */
  answer: (content: string) => string;
  question: string;
}

/**
 * Runs a scripted model that makes one call and then answers, printing the call, what only the
 * server sees, the structured tool message, and how the run ended.
 */
export async function runOneCall(print: Print, scenario: OneCallScenario): Promise<void> {
  const { logger, onEvent } = serverOnlyLogger(print);
  const model = scriptedModel([
    { toolCalls: [scenario.call] },
    (request) => {
      const last = request.messages.at(-1);
      return { content: scenario.answer(last?.role === 'tool' ? last.content : '') };
    },
  ]);
  const result = await runAgent({
    model: printingModel(model, print, askStyle),
    dispatcher: createDispatcher({ tools: scenario.tools, logger, onEvent }),
    messages: [{ role: 'user', content: scenario.question }],
    onStep: printStep(print, askStyle),
    fallbackText: (ending) =>
      `(run ended: ${ending}) Sorry, I could not finish that; the problem has been reported.`,
  });
  if (result.endedBy !== 'answered') print(`final: ${result.text}`);
}
