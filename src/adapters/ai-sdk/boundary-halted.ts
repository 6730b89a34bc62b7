import type { StopCondition, ToolSet } from 'ai';
import type { ToolMessage } from '../../protocol.js';
import { isToolMessage } from './is-tool-message.js';

/**
 * A `stopWhen` condition: stops the loop after a step in which the boundary asked to halt (a
 * fatal outcome, or the same failure repeated past the run policy's limit). Combine it with a
 * step limit, and answer the user with fallback text when {@link findHalt} finds a halt.
 * @example
 * stopWhen: [stepCountIs(10), boundaryHalted()]
 */
export function boundaryHalted<Tools extends ToolSet = ToolSet>(): StopCondition<Tools> {
  return ({ steps }) => findHalt(steps.slice(-1)) !== undefined;
}

/**
 * The first tool message in these steps that asked the loop to halt, or undefined.
 * @example
 * const halt = findHalt(result.steps);
 * const text = halt === undefined ? result.text : "Sorry, I couldn't complete that.";
 */
export function findHalt(
  steps: readonly { toolResults: readonly { output: unknown }[] }[],
): ToolMessage | undefined {
  for (const step of steps)
    for (const result of step.toolResults)
      if (isToolMessage(result.output) && result.output.halt) return result.output;
  return undefined;
}
