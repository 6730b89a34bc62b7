import { createDispatcher, type Dispatcher } from '../boundary/create-dispatcher.js';
import { createReferenceId } from '../boundary/reference-id.js';
import type { RunPolicyOptions } from '../policy/run-policy.js';
import type { ToolMessage } from '../protocol.js';
import type { Tool } from '../tool/define-tool.js';
import type { AgentMessage, Model, ModelResponse, Usage } from './model.js';

/** How a run ended. */
export type RunEnding = 'answered' | 'halted' | 'repeated_failure' | 'step_limit' | 'aborted';

/** One model turn and the tool messages it produced. */
export interface AgentStep {
  /** 1 for the first model call. */
  index: number;
  response: ModelResponse;
  toolMessages: ToolMessage[];
}

/** Options for {@link runAgent}. Give either `dispatcher` or `tools`. */
export interface RunAgentOptions {
  model: Model;
  /** A dispatcher to run the calls; its own policy applies. */
  dispatcher?: Dispatcher;
  /** Tools, for which runAgent makes a dispatcher with `policy` and a silent-by-default setup. */
  tools?: readonly Tool[];
  /** The run policy, when `tools` is given. */
  policy?: RunPolicyOptions;
  /** The conversation so far, usually a system and a user message. */
  messages: readonly AgentMessage[];
  /**
   * Most model calls in the run.
   * @default 10
   */
  maxSteps?: number;
  /**
   * What the user reads when the run ends without an answer: never text the model made up.
   * @default DEFAULT_FALLBACK_TEXT
   */
  fallbackText?: string | ((ending: Exclude<RunEnding, 'answered'>) => string);
  /** Aborts the run, including a model call or a tool call in flight. */
  signal?: AbortSignal;
  /** @default a random UUID */
  runId?: string;
  /** Called after each step, for transcripts and progress. */
  onStep?: (step: AgentStep) => void;
}

/** What a run produced. */
export interface AgentResult {
  runId: string;
  endedBy: RunEnding;
  /** The model's answer, or the fallback text when the run ended any other way. */
  text: string;
  steps: AgentStep[];
  /** The whole conversation, including the tool messages. */
  messages: AgentMessage[];
  toolMessages: ToolMessage[];
  /** Summed over the model calls that reported usage. */
  usage: Usage;
  modelCalls: number;
}

/** The fallback text used when none is given. */
export const DEFAULT_FALLBACK_TEXT =
  "Sorry, I couldn't complete that: a tool it needed kept failing. Nothing here was guessed; please try again later.";

/**
 * Drives the agent loop: the model answers, its tool calls go through the dispatcher (in
 * parallel), the tool messages go back, until an answer, a halt, the repeat limit, the step limit
 * or an abort. Ends without an answer always carry the fallback text. Model errors other than an
 * abort reject, since they are the caller's to handle; tool failures never do.
 * @example
 * const result = await runAgent({ model, tools: [getWeather], messages: [{ role: 'user', content: 'Weather in Pune?' }] });
 * result.endedBy; // 'answered'
 */
export async function runAgent(options: RunAgentOptions): Promise<AgentResult> {
  const { model, messages: initial, maxSteps = 10, signal, onStep } = options;
  if (typeof model?.generate !== 'function')
    throw new TypeError('runAgent: model must have a generate(request) method.');
  if (!Array.isArray(initial)) throw new TypeError('runAgent: messages must be an array.');
  if (!Number.isInteger(maxSteps) || maxSteps < 1)
    throw new RangeError('runAgent: maxSteps must be a positive integer.');
  const dispatcher = resolveDispatcher(options);
  const runId = options.runId ?? createReferenceId();
  const specs = dispatcher.toolSpecs();
  const messages: AgentMessage[] = [...initial];
  const steps: AgentStep[] = [];
  const toolMessages: ToolMessage[] = [];
  const usage: Usage = { inputTokens: 0, outputTokens: 0 };
  const controller = new AbortController();
  const runSignal = signal === undefined ? controller.signal : AbortSignal.any([signal, controller.signal]);

  const finish = (endedBy: RunEnding, text?: string): AgentResult => ({
    runId,
    endedBy,
    text: endedBy === 'answered' ? (text ?? '') : fallback(options.fallbackText, endedBy),
    steps,
    messages,
    toolMessages,
    usage,
    modelCalls: steps.length,
  });

  try {
    for (let index = 1; index <= maxSteps; index++) {
      if (runSignal.aborted) return finish('aborted');
      let response: ModelResponse;
      try {
        response = await model.generate({ messages, tools: specs, signal: runSignal });
      } catch (error) {
        if (runSignal.aborted) return finish('aborted');
        throw error;
      }
      if (response.usage !== undefined) {
        usage.inputTokens += response.usage.inputTokens;
        usage.outputTokens += response.usage.outputTokens;
      }
      const toolCalls = Array.isArray(response.toolCalls) ? response.toolCalls : [];
      messages.push({ role: 'assistant', content: response.content ?? '', toolCalls });
      if (toolCalls.length === 0) {
        steps.push({ index, response, toolMessages: [] });
        onStep?.(steps.at(-1)!);
        return finish('answered', response.content ?? '');
      }
      const results = await Promise.all(
        toolCalls.map((call) => dispatcher.dispatch(call, { runId, signal: runSignal })),
      );
      for (const message of results) {
        toolMessages.push(message);
        messages.push({
          role: 'tool',
          toolCallId: message.toolCallId,
          toolName: message.toolName,
          content: message.content,
          isError: message.isError,
        });
      }
      steps.push({ index, response, toolMessages: results });
      onStep?.(steps.at(-1)!);
      if (runSignal.aborted) return finish('aborted');
      const halted = results.find((message) => message.halt);
      if (halted !== undefined)
        return finish(halted.haltReason === 'repeated_failure' ? 'repeated_failure' : 'halted');
    }
    return finish('step_limit');
  } finally {
    await dispatcher.endRun(runId);
  }
}

function resolveDispatcher(options: RunAgentOptions): Dispatcher {
  if (options.dispatcher !== undefined && options.tools !== undefined) {
    throw new TypeError('runAgent: give either dispatcher or tools, not both.');
  }
  if (options.dispatcher !== undefined) return options.dispatcher;
  if (options.tools === undefined) throw new TypeError('runAgent: give a dispatcher or a list of tools.');
  return createDispatcher({
    tools: options.tools,
    ...(options.policy === undefined ? {} : { policy: options.policy }),
  });
}

function fallback(text: RunAgentOptions['fallbackText'], ending: Exclude<RunEnding, 'answered'>): string {
  if (typeof text === 'function') return text(ending);
  return text ?? DEFAULT_FALLBACK_TEXT;
}
