import { createDispatcher, type Dispatcher } from '../boundary/create-dispatcher.js';
import { createReferenceId } from '../boundary/reference-id.js';
import { NEVER_ABORTED } from '../boundary/run-attempt.js';
import { createEventSink } from '../observe/event-sink.js';
import type { EventHandler } from '../observe/events.js';
import { jsonLineLogger, type Logger } from '../observe/logger.js';
import { type RetryOptions, resolveRetryOptions } from '../policy/retry-options.js';
import type { RunPolicyOptions } from '../policy/run-policy.js';
import type { PendingApproval, ToolMessage } from '../protocol.js';
import { type Clock, systemClock } from '../state/clock.js';
import type { StateStore } from '../state/state-store.js';
import type { Tool } from '../tool/define-tool.js';
import { defaultRunStore } from './default-run-store.js';
import { describeModelMisuse } from './describe-model-misuse.js';
import { DEFAULT_FALLBACK_TEXTS } from './fallback-text.js';
import { generateWithRetry } from './generate-with-retry.js';
import type { AgentMessage, Model, ModelRequest, ModelResponse, Usage } from './model.js';
import { AWAITING_APPROVAL_TEXT, pauseForApproval } from './pause-for-approval.js';
import type { ApprovalOptions, PausedRunState } from './paused-run.js';
import type { ResumePoint } from './resume-point.js';

/**
 * How a run ended. `failure_cap`: the run's failed-call cap was reached and the model, asked for
 * a summary with tools off, still called a tool. `model_unavailable`: the model kept failing
 * transiently (429, 503, a lost connection) past its retries. `awaiting_approval`: the run is
 * paused for a person's decision.
 */
export type RunEnding =
  | 'answered'
  | 'halted'
  | 'repeated_failure'
  | 'failure_cap'
  | 'step_limit'
  | 'aborted'
  | 'model_unavailable'
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
  /** Tools, for which runAgent makes a dispatcher with `policy`, `logger` and `onEvent`. */
  tools?: readonly Tool[];
  /** The run policy, when `tools` is given. */
  policy?: RunPolicyOptions;
  /**
   * Where the run's events go (its dispatcher's too, when `tools` is given), as for
   * `createDispatcher`. Pass `silentLogger` for none.
   * @default jsonLineLogger() (one JSON line per event on stderr, info and above)
   */
  logger?: Logger;
  /** Called with every event of the run (and of its dispatcher, when `tools` is given). */
  onEvent?: EventHandler;
  /**
   * How transient model failures (429, 503, a reset connection) are retried: the same rules and
   * defaults as tool retries. A model still failing after them ends the run `model_unavailable`.
   * @default { maxAttempts: 3, initialDelayMs: 200, maxDelayMs: 5000, jitter: 'full', maxElapsedMs: 60000 }
   */
  modelRetry?: RetryOptions;
  /** @default systemClock */
  clock?: Clock;
  /**
   * A number in [0, 1) for backoff jitter.
   * @default Math.random
   */
  random?: () => number;
  /** The conversation so far, usually a system and a user message. */
  messages: readonly AgentMessage[];
  /**
   * Most model calls in the run.
   * @default 10
   */
  maxSteps?: number;
  /**
   * What the user reads when the run ends without an answer: never text the model made up.
   * @default one text per ending that says what happened (see docs/resilience.md)
   */
  fallbackText?: string | ((ending: Exclude<RunEnding, 'answered'>) => string);
  /** Aborts the run, including a model call or a tool call in flight. */
  signal?: AbortSignal;
  /** @default a random UUID */
  runId?: string;
  /** Called after each step, for transcripts and progress. */
  onStep?: (step: AgentStep) => void;
  /**
   * Called with the model's text as it arrives: each delta of a streaming model (one with
   * `stream`), or the whole text of each turn for a model without. Tool calls still arrive
   * whole and go through the dispatcher as usual.
   */
  onText?: (delta: string) => void;
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

/** The fallback text for a run stopped by failing tools, for loops that stop on `halt` themselves. */
export const DEFAULT_FALLBACK_TEXT = DEFAULT_FALLBACK_TEXTS.halted;

/**
 * Drives the agent loop: the model answers, its tool calls go through the dispatcher (in
 * parallel), the tool messages go back, until an answer, a halt, the repeat limit, the step limit
 * or an abort. Once the run's failed-call cap is reached, the model gets one more call with tools
 * turned off to write its summary; if it calls a tool anyway the run ends `failure_cap`. Ends
 * without an answer always carry the fallback text. Transient model failures are retried (see
 * `modelRetry`); other model errors reject, since they are the caller's to handle; tool failures
 * never do.
 * @example
 * const result = await runAgent({ model, tools: [getWeather], messages: [{ role: 'user', content: 'Weather in Pune?' }] });
 * result.endedBy; // 'answered'
 */
export function runAgent(options: RunAgentOptions): Promise<AgentResult> {
  return runLoop(options);
}

/** The loop itself; `resumeAgent` enters it at a resume point. Internal to the loop folder. */
export async function runLoop(options: RunAgentOptions, resume?: ResumePoint): Promise<AgentResult> {
  if (typeof options !== 'object' || options === null)
    throw new TypeError(
      "runAgent expects an options object: runAgent({ model, tools: [getWeather], messages: [{ role: 'user', content: '...' }] }).",
    );
  const { model, messages: initial, maxSteps = 10, signal, onStep, clock = systemClock } = options;
  if (typeof model?.generate !== 'function') throw new TypeError(describeModelMisuse(model));
  if (!Array.isArray(initial)) throw new TypeError('runAgent: messages must be an array.');
  if (!Number.isInteger(maxSteps) || maxSteps < 1)
    throw new RangeError('runAgent: maxSteps must be a positive integer.');
  if (signal !== undefined && !(signal instanceof AbortSignal))
    throw new TypeError('runAgent: signal must be an AbortSignal, such as new AbortController().signal.');
  if (onStep !== undefined && typeof onStep !== 'function')
    throw new TypeError('runAgent: onStep must be a function.');
  const modelRetry = resolveRetryOptions(options.modelRetry);
  const dispatcher = resolveDispatcher(options);
  const emit = createEventSink(options.logger ?? jsonLineLogger(), options.onEvent ? [options.onEvent] : []);
  const random = options.random ?? Math.random;
  const runId = resume?.runId ?? options.runId ?? createReferenceId();
  const specs = dispatcher.toolSpecs();
  const messages: AgentMessage[] = [...(resume?.messages ?? initial)];
  const steps: AgentStep[] = [...(resume?.steps ?? [])];
  const toolMessages: ToolMessage[] = [...(resume?.toolMessages ?? [])];
  const usage: Usage = { ...(resume?.usage ?? { inputTokens: 0, outputTokens: 0 }) };
  let paused = false;
  // the caller's signal is the run's; without one, nothing can abort the run
  const runSignal = signal ?? NEVER_ABORTED;

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

  const generate = (request: Omit<ModelRequest, 'messages'>) =>
    generateWithRetry(
      // each call gets its own copy, so a model (or a test) that keeps the request sees it as sent
      { ...request, messages: [...messages] },
      { model, retry: modelRetry, clock, random, emit, runId, onText: options.onText },
    );

  try {
    if (resume?.endedBy !== undefined) return finish(resume.endedBy);
    for (let index = resume?.nextIndex ?? 1; index <= maxSteps; index++) {
      if (runSignal.aborted) return finish('aborted');
      const generation = await generate({ tools: specs, signal: runSignal });
      if (generation.kind === 'aborted') return finish('aborted');
      if (generation.kind === 'unavailable') return finish('model_unavailable');
      const { response } = generation;
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
      const halted =
        results.find((message) => message.halt && message.haltReason !== 'failure_cap') ??
        results.find((message) => message.halt);
      if (halted?.haltReason === 'failure_cap') {
        // no tool will run again: one last call, tools off, for the model's own summary
        if (index >= maxSteps) return finish('failure_cap');
        const summary = await generate({ tools: specs, signal: runSignal, toolChoice: 'none' });
        if (summary.kind === 'aborted') return finish('aborted');
        if (summary.kind === 'unavailable') return finish('model_unavailable');
        const { response: last } = summary;
        if (last.usage !== undefined) {
          usage.inputTokens += last.usage.inputTokens;
          usage.outputTokens += last.usage.outputTokens;
        }
        const calledTools = Array.isArray(last.toolCalls) && last.toolCalls.length > 0;
        steps.push({ index: index + 1, response: last, toolMessages: [] });
        onStep?.(steps.at(-1)!);
        if (calledTools) return finish('failure_cap');
        messages.push({ role: 'assistant', content: last.content ?? '', toolCalls: [] });
        return finish('answered', last.content ?? '');
      }
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
    ...(options.logger === undefined ? {} : { logger: options.logger }),
    ...(options.onEvent === undefined ? {} : { onEvent: options.onEvent }),
    ...(options.clock === undefined ? {} : { clock: options.clock }),
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
  if (text !== undefined) return text;
  return ending === 'awaiting_approval' ? AWAITING_APPROVAL_TEXT : DEFAULT_FALLBACK_TEXTS[ending];
}
