import { createEventSink } from '../observe/event-sink.js';
import type { EventHandler, ToolboundEvent } from '../observe/events.js';
import { isLevelEnabled, jsonLineLogger, type Logger } from '../observe/logger.js';
import { compactRenderer, type Renderer, structuredRenderer } from '../outcome/render.js';
import { type BreakerOptions, resolveBreakerOptions } from '../policy/breaker-options.js';
import { createCircuitBreaker } from '../policy/circuit-breaker.js';
import { type RetryOptions, resolveRetryOptions } from '../policy/retry-options.js';
import { createRunPolicy, type RunPolicyOptions, resolveRunPolicyOptions } from '../policy/run-policy.js';
import type { ToolCall, ToolMessage, ToolSpec } from '../protocol.js';
import { type Clock, systemClock } from '../state/clock.js';
import { createMemoryStore } from '../state/memory-store.js';
import type { StateStore } from '../state/state-store.js';
import type { Tool } from '../tool/define-tool.js';
import { type CallApproval, resolveApprovalTtlMs } from './approval-gate.js';
import { type DispatchConfig, dispatchCall } from './dispatch-call.js';
import { type ArgumentLimits, DEFAULT_ARGUMENT_LIMITS } from './parse-arguments.js';
import { type CreateReference, createReferenceId } from './reference-id.js';
import { type JsonSafeLimits, toJsonSafe } from './to-json-safe.js';

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
   * How long a call waiting for approval stays approvable.
   * @default 86400000 (one day)
   */
  approvalTtlMs?: number;
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
  /** Aborts the call; the dispatcher still returns a message. */
  signal?: AbortSignal;
  /**
   * A person's decision on this call, as `resumeAgent` passes it: the approval record is claimed
   * in the store, once, before the call runs or is refused. See docs/approvals.md.
   */
  approval?: CallApproval;
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
  /** Where run state and pending approvals live; `resumeAgent` reads paused runs from it. */
  readonly store?: StateStore;
  /** Sends an event to this dispatcher's logger and `onEvent`; for `runAgent` and `resumeAgent`. */
  readonly report?: (event: ToolboundEvent) => void;
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
  if (typeof options !== 'object' || options === null)
    throw new TypeError(
      'createDispatcher expects an options object: createDispatcher({ tools: [getWeather] }), with tools made by defineTool.',
    );
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
  checkLimit('maxContentBytes', maxContentBytes, 256);
  checkLimit('maxArgumentBytes', argumentLimits.maxArgumentBytes, 2); // room for "{}"
  checkLimit('maxArgumentDepth', argumentLimits.maxArgumentDepth, 1);
  const createReference = options.createReference ?? createReferenceId;
  const internalErrorMessage = options.internalErrorMessage ?? DEFAULT_INTERNAL_ERROR_MESSAGE;
  const logger = options.logger ?? jsonLineLogger();
  const handlers = options.onEvent ? [options.onEvent] : [];
  const emit = createEventSink(logger, handlers);
  const store = options.store ?? createMemoryStore({ clock });
  const retry = resolveRetryOptions(options.retry);
  const breaker =
    options.breaker === false
      ? undefined
      : createCircuitBreaker({ store, options: resolveBreakerOptions(options.breaker), emit, clock });
  const random = options.random ?? Math.random;
  // the policy never rejects: store trouble is reported as store.degraded and fails open
  const policy = createRunPolicy({
    store,
    options: resolveRunPolicyOptions(options.policy),
    retry,
    emit,
    clock,
  });
  // made once: a copy reads its limits, and an object per call was garbage
  const copyLimits: JsonSafeLimits = {
    maxDepth: 64,
    maxNodes: 200_000,
    maxStringCharacters: maxContentBytes + 1,
  };
  const copyData = (data: unknown) =>
    // checked while copied: every copy is sanitised next, and a clean one need not be walked again
    toJsonSafe(data, copyLimits, true);
  const config: DispatchConfig = {
    tools,
    clock,
    render,
    argumentLimits,
    maxContentBytes,
    createReference,
    internalErrorMessage,
    emit,
    policy,
    retry,
    breaker,
    random,
    copyData,
    classify: { copyData, createReference, internalErrorMessage },
    reportSuccess: options.onEvent !== undefined || isLevelEnabled(logger, 'debug'),
    reportFailure: options.onEvent !== undefined || isLevelEnabled(logger, 'info'),
    reportInternalError: options.onEvent !== undefined || isLevelEnabled(logger, 'error'),
    logsInternalError: isLevelEnabled(logger, 'error'),
    emitAfterLoggedThrow: createEventSink(logger, handlers, { 'tool.failed': 'debug' }),
    store,
    approvalTtlMs: resolveApprovalTtlMs(options.approvalTtlMs),
  };

  return {
    tools,
    toolSpecs: () =>
      [...tools.values()].map((tool) => ({
        name: tool.name,
        description: tool.description,
        parameters: tool.jsonSchema ?? { type: 'object', properties: {} },
      })),
    dispatch: (call, dispatchOptions = {}) =>
      dispatchCall(
        config,
        call,
        typeof dispatchOptions === 'object' && dispatchOptions !== null ? dispatchOptions : {},
      ),
    async endRun(runId) {
      await policy.endRun(runId);
    },
    store,
    report: emit,
  };
}

/** A limit that would refuse every call is a configuration mistake; say so at start-up. */
function checkLimit(name: string, value: number, least: number): void {
  if (!Number.isSafeInteger(value) || value < least)
    throw new RangeError(
      `createDispatcher: limits.${name} must be a whole number of at least ${least}; got ${JSON.stringify(value) ?? String(value)}.`,
    );
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

function pick<T extends object, K extends keyof T>(
  source: T | undefined,
  keys: readonly K[],
): Partial<Pick<T, K>> {
  const picked: Partial<Pick<T, K>> = {};
  for (const key of keys) if (source?.[key] !== undefined) picked[key] = source[key];
  return picked;
}
