import type { ToolSpec } from '../loop/model.js';
import { createEventSink, type EmitEvent } from '../observe/event-sink.js';
import type { EventHandler } from '../observe/events.js';
import { jsonLineLogger, type Logger } from '../observe/logger.js';
import { readField } from '../observe/read-field.js';
import { serializeError } from '../observe/serialize-error.js';
import type { Outcome } from '../outcome/outcome.js';
import { compactRenderer, type Renderer, structuredRenderer } from '../outcome/render.js';
import { type BreakerOptions, resolveBreakerOptions } from '../policy/breaker-options.js';
import { createCircuitBreaker } from '../policy/circuit-breaker.js';
import { type RetryOptions, resolveRetryOptions } from '../policy/retry-options.js';
import {
  createRunPolicy,
  type Reservation,
  type RunPolicyOptions,
  resolveRunPolicyOptions,
} from '../policy/run-policy.js';
import { settleWithin } from '../policy/settle-within.js';
import { sanitizeOutcome, sanitizeValue } from '../sanitize/sanitize-outcome.js';
import { type Clock, systemClock } from '../state/clock.js';
import { createMemoryStore } from '../state/memory-store.js';
import type { StateStore } from '../state/state-store.js';
import type { Tool } from '../tool/define-tool.js';
import { boundContent } from './bound-content.js';
import { canonicalArgumentsKey } from './canonical-arguments.js';
import { classifyResult } from './classify-result.js';
import { executeTool } from './execute-tool.js';
import { findTool } from './find-tool.js';
import { type ArgumentLimits, DEFAULT_ARGUMENT_LIMITS, parseArguments } from './parse-arguments.js';
import { readSignal } from './read-signal.js';
import { type CreateReference, createReferenceId } from './reference-id.js';
import { NEVER_ABORTED } from './run-attempt.js';
import { toJsonSafe } from './to-json-safe.js';
import type { ToolCall, ToolMessage } from './tool-call.js';
import { validateArguments } from './validate-arguments.js';

/** Options for {@link createDispatcher}. */
export interface DispatcherOptions {
  /** The tools the model may call, made with `defineTool`. */
  tools: readonly Tool[];
  /**
   * Where events and unexpected failures are logged; any pino-shaped logger fits.
   * @default jsonLineLogger() (one JSON line per event on stderr, info and above)
   */
  logger?: Logger;
  /** Called with every event, after the logger. */
  onEvent?: EventHandler;
  /**
   * How outcomes are written for the model.
   * @default 'structured'
   */
  render?: Renderer | 'structured' | 'compact';
  /** Size limits on arguments and on the content the model reads. */
  limits?: Partial<ArgumentLimits & { maxContentBytes: number }>;
  /** The run policy's knobs: repeats, failure cap, retries per class. */
  policy?: RunPolicyOptions;
  /**
   * Where run state lives. Pass a Redis store to share it between processes.
   * @default createMemoryStore()
   */
  store?: StateStore;
  /** @default systemClock */
  clock?: Clock;
  /** How transient failures of idempotent tools are retried inside the boundary. */
  retry?: RetryOptions;
  /**
   * Circuit breakers, one per tool `service`, kept in `store`; `false` turns them off.
   * @default {} (see BreakerOptions for each default)
   */
  breaker?: BreakerOptions | false;
  /**
   * A number in [0, 1) for backoff jitter; inject a seeded one for deterministic tests.
   * @default Math.random
   */
  random?: () => number;
  /** @default a random UUID */
  createReference?: CreateReference;
  /**
   * The sentence the model reads when a tool fails unexpectedly.
   * @default DEFAULT_INTERNAL_ERROR_MESSAGE
   */
  internalErrorMessage?: string;
}

/** Options for one dispatch. */
export interface DispatchOptions {
  /** Groups calls into a run for the run policy; without one, each call is a run of its own. */
  runId?: string;
  /**
   * Aborts the call, including argument validation and a wait for a place in the run; the
   * dispatcher still returns a message. A value that is not an AbortSignal is ignored, with one
   * `option.ignored` warning per dispatcher.
   */
  signal?: AbortSignal;
}

/** Runs tool calls through the boundary. */
export interface Dispatcher {
  /** The tools, by name. */
  readonly tools: ReadonlyMap<string, Tool>;
  /** The tools as a model is told about them. */
  toolSpecs(): ToolSpec[];
  /** Runs one call; always resolves to a ToolMessage, never throws or rejects. */
  dispatch(call: ToolCall, options?: DispatchOptions): Promise<ToolMessage>;
  /** Forgets a run's state once the run is over. Never rejects. */
  endRun(runId: string): Promise<void>;
}

/** The generic sentence for an unexpected failure; the detail goes to the log under the reference. */
export const DEFAULT_INTERNAL_ERROR_MESSAGE =
  'The tool failed for a technical reason, and the details were logged for the team. Tell the user this part could not be checked, and do not guess the answer.';

const DEFAULT_MAX_CONTENT_BYTES = 32_768;

/**
 * Builds the boundary between an agent loop and its tools: a call goes in, exactly one
 * classified, sanitised, size-bounded ToolMessage comes out.
 * @example
 * const dispatcher = createDispatcher({ tools: [getWeather] });
 * const message = await dispatcher.dispatch({ id: 'call_1', name: 'get_weather', arguments: '{"city":"Punee"}' }, { runId });
 * message.content; // {"ok":false,"class":"correctable","error":"invalid_arguments",…,"suggestion":{"city":"Pune"}}
 */
export function createDispatcher(options: DispatcherOptions): Dispatcher {
  const tools = indexTools(options.tools);
  const clock = options.clock ?? systemClock;
  const render =
    options.render === 'compact'
      ? compactRenderer
      : options.render === undefined || options.render === 'structured'
        ? structuredRenderer
        : options.render;
  const argumentLimits: ArgumentLimits = {
    ...DEFAULT_ARGUMENT_LIMITS,
    ...pick(options.limits, ['maxArgumentBytes', 'maxArgumentDepth']),
  };
  const maxContentBytes = options.limits?.maxContentBytes ?? DEFAULT_MAX_CONTENT_BYTES;
  if (!Number.isInteger(maxContentBytes) || maxContentBytes < 256)
    throw new RangeError('limits.maxContentBytes must be an integer of at least 256.');
  const createReference = options.createReference ?? createReferenceId;
  const internalErrorMessage = options.internalErrorMessage ?? DEFAULT_INTERNAL_ERROR_MESSAGE;
  const emit = createEventSink(options.logger ?? jsonLineLogger(), options.onEvent ? [options.onEvent] : []);
  const store = options.store ?? createMemoryStore({ clock });
  const retry = resolveRetryOptions(options.retry);
  const breaker =
    options.breaker === false
      ? undefined
      : createCircuitBreaker({ store, options: resolveBreakerOptions(options.breaker), emit, clock });
  const random = options.random ?? Math.random;
  const policy = createRunPolicy({
    store,
    options: resolveRunPolicyOptions(options.policy),
    retry,
    emit,
    clock,
  });
  let warnedAboutSignal = false;
  const copyData = (data: unknown) =>
    toJsonSafe(data, { maxDepth: 64, maxNodes: 200_000, maxStringCharacters: maxContentBytes + 1 });

  const dispatchCall = async (call: ToolCall, dispatchOptions: DispatchOptions): Promise<ToolMessage> => {
    const startedAt = clock.now();
    const runId = typeof dispatchOptions.runId === 'string' ? dispatchOptions.runId : createReference();
    const signal =
      readSignal(readField(dispatchOptions, 'signal'), () => {
        if (warnedAboutSignal) return;
        warnedAboutSignal = true;
        emit({
          type: 'option.ignored',
          time: clock.now(),
          runId,
          option: 'signal',
          reason:
            'dispatch options.signal is not an AbortSignal, so it was ignored; pass an AbortController().signal.',
        });
      }) ?? NEVER_ABORTED;
    const toolCallId = readString(call, 'id') ?? '';
    const requestedName = readString(call, 'name') ?? '';
    const rawArguments = readField(call, 'arguments');
    let attempts = 0;
    let reservation: Reservation | undefined;
    // what identifies "the same call" for the repeat counter: the parsed arguments once known
    let keySource: unknown = typeof rawArguments === 'string' ? rawArguments : null;

    const decide = async (): Promise<{ outcome: Outcome; tool?: Tool }> => {
      const found = findTool(requestedName, tools);
      if (!found.ok) return { outcome: found.outcome };
      const { tool } = found;
      const parsed = parseArguments(rawArguments, tool.name, argumentLimits);
      if (!parsed.ok) return { outcome: parsed.outcome, tool };
      keySource = parsed.value;
      // validation runs under the tool's timeout and the caller's signal, like the tool itself
      const bounded = await settleWithin(() => validateArguments(tool, parsed.value), {
        timeoutMs: tool.timeoutMs,
        signal,
        clock,
      });
      if (bounded.kind === 'threw')
        return { outcome: classifyInternal(bounded.error, tool, parsed.value), tool };
      if (bounded.kind !== 'settled') return { outcome: classifyOther(bounded, tool), tool };
      const validated = bounded.value;
      if (!validated.ok) return { outcome: validated.outcome, tool };
      reservation = await policy.reserve({
        runId,
        toolName: tool.name,
        argumentsKey: canonicalArgumentsKey(parsed.value),
        timeoutMs: tool.timeoutMs,
        signal,
      });
      if (reservation.kind === 'refused') return { outcome: reservation.outcome, tool };
      if (reservation.kind === 'shared') return { outcome: (await reservation.verdict).outcome, tool };
      const execution = await executeTool(tool, validated.value, {
        runId,
        toolCallId,
        signal,
        clock,
        retry,
        emit,
        random,
        ...(breaker === undefined ? {} : { breaker }),
      });
      attempts = execution.attempts;
      const classified = classifyResult(execution.result, {
        toolName: tool.name,
        copyData,
        createReference,
        internalErrorMessage,
      });
      if (classified.internal !== undefined)
        logInternal(classified.internal.reference, classified.internal.thrown, tool, parsed.value);
      return { outcome: classified.outcome, tool };
    };

    const classifyOther = (
      result: { kind: 'timed_out'; timeoutMs: number } | { kind: 'aborted' },
      tool: Tool,
    ) =>
      classifyResult(result, { toolName: tool.name, copyData, createReference, internalErrorMessage })
        .outcome;

    const classifyInternal = (thrown: unknown, tool: Tool, args: unknown): Outcome => {
      const classified = classifyResult(
        { kind: 'threw', error: thrown },
        { toolName: tool.name, copyData, createReference, internalErrorMessage },
      );
      if (classified.internal !== undefined) logInternal(classified.internal.reference, thrown, tool, args);
      return classified.outcome;
    };

    const logInternal = (reference: string, thrown: unknown, tool: Tool, args: unknown) => {
      emit({
        type: 'tool.internal_error',
        time: clock.now(),
        runId,
        tool: tool.name,
        toolCallId,
        reference,
        arguments: sanitizeValue(copyData(args)),
        thrown: serializeError(thrown),
      });
    };

    const { outcome: decided, tool } = await decide();
    const toolName = tool?.name ?? truncate(requestedName, 64);
    const sanitized = sanitizeOutcome(
      decided,
      tool?.allowRules === undefined ? {} : { allowRules: tool.allowRules },
    );
    for (const leak of sanitized.leaks) {
      emit({
        type: 'tool.message_leaked',
        time: clock.now(),
        runId,
        tool: toolName,
        toolCallId,
        field: leak.field,
        rule: leak.rule,
      });
    }
    const argumentsKey = sanitized.outcome.ok ? '' : canonicalArgumentsKey(keySource); // only failures are counted
    const verdict = await policy.record({
      runId,
      toolName,
      toolCallId,
      argumentsKey,
      outcome: sanitized.outcome,
      ...(reservation === undefined ? {} : { reservation }),
    });
    const { outcome, content } = boundContent(verdict.outcome, render, maxContentBytes);
    const durationMs = clock.now() - startedAt;
    if (outcome.ok) {
      emit({
        type: 'tool.succeeded',
        time: clock.now(),
        runId,
        tool: toolName,
        toolCallId,
        outcomeClass: outcome.class,
        durationMs,
        attempts,
      });
    } else {
      emit({
        type: 'tool.failed',
        time: clock.now(),
        runId,
        tool: toolName,
        toolCallId,
        outcomeClass: outcome.class,
        error: outcome.error,
        durationMs,
        attempts,
        ...(outcome.class === 'unavailable' && outcome.reference !== undefined
          ? { reference: outcome.reference }
          : {}),
      });
    }
    const message: ToolMessage = {
      toolCallId,
      toolName,
      outcome,
      content,
      isError: !outcome.ok,
      halt: verdict.halt !== undefined,
    };
    if (verdict.halt !== undefined) message.haltReason = verdict.halt;
    if (outcome.class === 'unavailable' && outcome.reference !== undefined)
      message.reference = outcome.reference;
    return message;
  };

  return {
    tools,
    toolSpecs: () =>
      [...tools.values()].map((tool) => ({
        name: tool.name,
        description: tool.description,
        parameters: tool.jsonSchema ?? { type: 'object', properties: {} },
      })),
    async dispatch(call, dispatchOptions = {}) {
      try {
        return await dispatchCall(
          call,
          typeof dispatchOptions === 'object' && dispatchOptions !== null ? dispatchOptions : {},
        );
      } catch (thrown) {
        return lastResort(call, thrown, { emit, clock, createReference, internalErrorMessage, render });
      }
    },
    async endRun(runId) {
      await policy.endRun(runId);
    },
  };
}

function indexTools(list: readonly Tool[]): ReadonlyMap<string, Tool> {
  if (!Array.isArray(list))
    throw new TypeError('createDispatcher: tools must be an array of tools made with defineTool.');
  const tools = new Map<string, Tool>();
  for (const tool of list) {
    if (
      typeof tool !== 'object' ||
      tool === null ||
      typeof tool.run !== 'function' ||
      typeof tool.name !== 'string'
    ) {
      throw new TypeError('createDispatcher: every tool must be made with defineTool.');
    }
    if (tools.has(tool.name))
      throw new TypeError(`createDispatcher: two tools are named ${JSON.stringify(tool.name)}.`);
    tools.set(tool.name, tool);
  }
  return tools;
}

/** The message for a failure inside the boundary itself; built only from values that cannot throw. */
function lastResort(
  call: unknown,
  thrown: unknown,
  context: {
    emit: EmitEvent;
    clock: Clock;
    createReference: CreateReference;
    internalErrorMessage: string;
    render: Renderer;
  },
): ToolMessage {
  const { emit, clock, createReference, internalErrorMessage } = context;
  let reference = 'unavailable';
  try {
    reference = createReference();
  } catch {
    // keep the fixed reference
  }
  const toolCallId = readString(call, 'id') ?? '';
  const toolName = truncate(readString(call, 'name') ?? '', 64);
  try {
    emit({
      type: 'tool.internal_error',
      time: clock.now(),
      runId: '',
      tool: toolName,
      toolCallId,
      reference,
      arguments: null,
      thrown: serializeError(thrown),
    });
  } catch {
    // nothing more can be done; the message below still goes out
  }
  const outcome: Outcome = {
    class: 'unavailable',
    ok: false,
    error: 'internal_error',
    message: internalErrorMessage,
    retryable: false,
    reference,
  };
  let content: string;
  try {
    content = context.render(outcome);
  } catch {
    content = structuredRenderer(outcome); // the configured renderer may be what failed
  }
  return {
    toolCallId,
    toolName,
    outcome,
    content,
    isError: true,
    halt: false,
    reference,
  };
}

function readString(source: unknown, key: string): string | undefined {
  const value = readField(source, key);
  return typeof value === 'string' ? value : undefined;
}

/** Cuts to at most `length` UTF-16 units without splitting a surrogate pair. */
function truncate(text: string, length: number): string {
  if (text.length <= length) return text;
  const code = text.charCodeAt(length - 1);
  const end = code >= 0xd800 && code <= 0xdbff ? length - 1 : length;
  return `${text.slice(0, end)}…`;
}

function pick<T extends object, K extends keyof T>(
  source: T | undefined,
  keys: readonly K[],
): Partial<Pick<T, K>> {
  const picked: Partial<Pick<T, K>> = {};
  for (const key of keys) if (source?.[key] !== undefined) picked[key] = source[key];
  return picked;
}
