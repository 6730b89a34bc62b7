import type { AgentMessage, ModelResponse } from '../loop/model.js';
import { DEFAULT_EVAL_SYSTEM_PROMPT, type EvalCase } from './eval-case.js';
import { type RawErrorStyle, rawErrorContent } from './raw-error-content.js';
import { resolveToolOutcome } from './resolve-tool-outcome.js';
import type { TrialOptions } from './run-after-trial.js';
import { parseCallArguments, type TranscriptCall, type TrialTranscript } from './trial-transcript.js';

/**
 * Runs a case the way frameworks do today: a plain loop that hands the model raw errors in the
 * given style, with no classification, no run policy and no halt, until an answer or the step
 * limit. A run that hits the limit has no final text.
 */
export async function runBeforeTrial(
  evalCase: EvalCase,
  options: TrialOptions & { style: RawErrorStyle },
): Promise<TrialTranscript> {
  const tools = new Map(evalCase.tools.map((tool) => [tool.name, tool]));
  const specs = evalCase.tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    parameters: tool.parameters ?? { type: 'object', properties: {} },
  }));
  const messages: AgentMessage[] = [
    { role: 'system', content: evalCase.system ?? DEFAULT_EVAL_SYSTEM_PROMPT },
    { role: 'user', content: evalCase.question },
  ];
  const calls: TranscriptCall[] = [];
  const signal = options.signal ?? new AbortController().signal;
  const transcript = (finalText: string, endedBy: string): TrialTranscript => ({
    finalText,
    calls,
    endedBy,
    rawStyle: options.style,
  });

  for (let step = 0; step < options.maxSteps; step++) {
    if (signal.aborted) return transcript('', 'aborted');
    const response: ModelResponse = await options.model.generate({ messages, tools: specs, signal });
    const toolCalls = Array.isArray(response.toolCalls) ? response.toolCalls : [];
    messages.push({ role: 'assistant', content: response.content ?? '', toolCalls });
    if (toolCalls.length === 0) return transcript(response.content ?? '', 'answered');
    for (const call of toolCalls) {
      const args = parseCallArguments(call.arguments);
      const tool = tools.get(call.name);
      let content: string;
      let failed: boolean;
      let injected = false;
      if (tool === undefined) {
        content = `Error: Tool ${call.name} not found`;
        failed = true;
      } else {
        const outcome = resolveToolOutcome(tool, args);
        content = rawErrorContent(outcome, {
          toolName: tool.name,
          thrown: tool.thrown,
          style: options.style,
        });
        failed = !outcome.ok;
        injected = tool.inject !== undefined && outcome === tool.inject;
      }
      calls.push({ name: call.name, arguments: args, failed, injected });
      messages.push({ role: 'tool', toolCallId: call.id, toolName: call.name, content, isError: failed });
    }
  }
  return transcript('', 'step_limit');
}
