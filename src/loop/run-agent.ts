import { createDispatcher, type Dispatcher } from '../boundary/create-dispatcher.js';
import { createReferenceId } from '../boundary/reference-id.js';
import type { RunPolicyOptions } from '../policy/run-policy.js';
import type { PendingApproval, ToolMessage } from '../protocol.js';
import type { StateStore } from '../state/state-store.js';
import type { Tool } from '../tool/define-tool.js';
import { defaultRunStore } from './default-run-store.js';
import type { AgentMessage, Model, ModelResponse, Usage } from './model.js';
import { AWAITING_APPROVAL_TEXT, pauseForApproval } from './pause-for-approval.js';
import type { ApprovalOptions, PausedRunState } from './paused-run.js';
import type { ResumePoint } from './resume-point.js';

/** How a run ended. */
export type RunEnding =
  | 'answered'
  | 'halted'
  | 'repeated_failure'
  | 'step_limit'
  | 'aborted'
  | 'awaiting_approval';

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
  /**
   * Where run state and paused runs live, when `tools` is given; with a `dispatcher`, its store
   * is used. Pass a Redis store to resume a run in another process.
   * @default one in-memory store shared by this process
   */
  store?: StateStore;
  /** Signing and lifetime of paused runs; see docs/approvals.md. */
  approvals?: ApprovalOptions;
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
  /** When `endedBy` is `'awaiting_approval'`: the calls that wait for a person's decision. */
  pendingApprovals?: PendingApproval[];
  /** When `endedBy` is `'awaiting_approval'`: what `resumeAgent` takes back, JSON-safe. */
  state?: PausedRunState;
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
export function runAgent(options: RunAgentOptions): Promise<AgentResult> {
  return runLoop(options);
}

/** The loop itself; `resumeAgent` enters it at a resume point. Internal to the loop folder. */
export async function runLoop(options: RunAgentOptions, resume?: ResumePoint): Promise<AgentResult> {
  const { model, messages: initial, maxSteps = 10, signal, onStep } = options;
  if (typeof model?.generate !== 'function')
    throw new TypeError('runAgent: model must have a generate(request) method.');
  if (!Array.isArray(initial)) throw new TypeError('runAgent: messages must be an array.');
  if (!Number.isInteger(maxSteps) || maxSteps < 1)
    throw new RangeError('runAgent: maxSteps must be a positive integer.');
  const dispatcher = resolveDispatcher(options);
  const runId = resume?.runId ?? options.runId ?? createReferenceId();
  const specs = dispatcher.toolSpecs();
  const messages: AgentMessage[] = [...(resume?.messages ?? initial)];
  const steps: AgentStep[] = [...(resume?.steps ?? [])];
  const toolMessages: ToolMessage[] = [...(resume?.toolMessages ?? [])];
  const usage: Usage = { ...(resume?.usage ?? { inputTokens: 0, outputTokens: 0 }) };
  let paused = false;
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
    if (resume?.endedBy !== undefined) return finish(resume.endedBy);
    for (let index = resume?.nextIndex ?? 1; index <= maxSteps; index++) {
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
      const dispatched = await Promise.all(
        toolCalls.map((call) => dispatcher.dispatch(call, { runId, signal: runSignal })),
      );
      const pause = await pauseForApproval(
        {
          runId,
          store: approvalStore(options, dispatcher),
          approvals: options.approvals,
          messages,
          steps,
          toolMessages,
          usage,
        },
        { index, response, results: dispatched },
      );
      if (pause.kind === 'paused') {
        paused = true;
        const ran = dispatched.filter((message) => message.pendingApproval === undefined);
        toolMessages.push(...ran);
        steps.push({ index, response, toolMessages: ran });
        onStep?.(steps.at(-1)!);
        return {
          ...finish('awaiting_approval'),
          text: AWAITING_APPROVAL_TEXT,
          pendingApprovals: pause.pendingApprovals,
          state: pause.state,
        };
      }
      const results = pause.results;
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
    if (!paused) await dispatcher.endRun(runId);
  }
}

export function resolveDispatcher(options: RunAgentOptions): Dispatcher {
  if (options.dispatcher !== undefined && options.tools !== undefined) {
    throw new TypeError('runAgent: give either dispatcher or tools, not both.');
  }
  if (options.dispatcher !== undefined) {
    if (options.store !== undefined)
      throw new TypeError(
        'runAgent: store is for tools; with a dispatcher, pass the store to createDispatcher.',
      );
    return options.dispatcher;
  }
  if (options.tools === undefined) throw new TypeError('runAgent: give a dispatcher or a list of tools.');
  return createDispatcher({
    tools: options.tools,
    ...(options.policy === undefined ? {} : { policy: options.policy }),
    // run state must outlive this call when the run pauses, so resumeAgent can pick it up
    store: options.store ?? defaultRunStore(),
    ...(options.approvals?.ttlMs === undefined ? {} : { approvalTtlMs: options.approvals.ttlMs }),
  });
}

/** Where paused runs are kept: the dispatcher's own store, so the approval records sit beside them. */
export function approvalStore(options: Pick<RunAgentOptions, 'store'>, dispatcher: Dispatcher): StateStore {
  return dispatcher.store ?? options.store ?? defaultRunStore();
}

function fallback(text: RunAgentOptions['fallbackText'], ending: Exclude<RunEnding, 'answered'>): string {
  if (typeof text === 'function') return text(ending);
  return text ?? DEFAULT_FALLBACK_TEXT;
}
