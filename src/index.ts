/**
 * toolbound's public API: what a user writes in their first hour. Everything exported here is
 * public and follows semver; anything not exported from an entry point is internal.
 *
 * Left out on purpose, so that this entry stays small:
 * - provider adapters, each a subpath whose SDK is an optional peer (`toolbound/openai`,
 *   `toolbound/anthropic`, `toolbound/ai-sdk`, `toolbound/mcp`, `toolbound/redis`, `toolbound/otel`);
 * - the StateStore contract and the in-memory store, for store authors (`toolbound/store`);
 * - the leak detector on its own (`toolbound/sanitize`), the eval harness (`toolbound/eval`) and
 *   the scripted test models (`toolbound/testing`);
 * - retry arithmetic, breaker settings and error serialisation, which are internal.
 */

export {
  createDispatcher,
  DEFAULT_INTERNAL_ERROR_MESSAGE,
  type Dispatcher,
  type DispatcherOptions,
  type DispatchOptions,
} from './boundary/create-dispatcher.js';
export type { ArgumentLimits } from './boundary/parse-arguments.js';
export type { CreateReference } from './boundary/reference-id.js';
export type {
  AgentMessage,
  Model,
  ModelRequest,
  ModelResponse,
  ModelStreamHandlers,
  Usage,
} from './loop/model.js';
export type {
  ApprovalOptions,
  ApprovalStateError,
  ApprovalStateErrorReason,
  PausedRunState,
} from './loop/paused-run.js';
export { type ApprovalDecision, type ResumeAgentOptions, resumeAgent } from './loop/resume-agent.js';
export {
  type AgentResult,
  type AgentStep,
  DEFAULT_FALLBACK_TEXT,
  type RunAgentOptions,
  type RunEnding,
  runAgent,
} from './loop/run-agent.js';
export { combineEventHandlers } from './observe/combine-event-handlers.js';
export type {
  ApprovalEvent,
  BreakerEvent,
  EventHandler,
  ModelRetriedEvent,
  OptionIgnoredEvent,
  RunFailureCapEvent,
  RunHaltedEvent,
  StoreEvent,
  ToolboundEvent,
  ToolFailedEvent,
  ToolInternalErrorEvent,
  ToolMessageLeakedEvent,
  ToolRepeatedFailureEvent,
  ToolRetriedEvent,
  ToolSucceededEvent,
} from './observe/events.js';
export { createJsonlSink, type JsonlSink, type JsonlSinkOptions } from './observe/jsonl-sink.js';
export {
  type JsonLineLoggerOptions,
  jsonLineLogger,
  type Logger,
  type LogLevel,
  silentLogger,
} from './observe/logger.js';
export type { SerializedError } from './observe/serialize-error.js';
export {
  clarify,
  clarifying,
  correctable,
  empty,
  fatal,
  NOT_FOUND_MESSAGE,
  notFound,
  ok,
  partial,
  refused,
  unavailable,
} from './outcome/constructors.js';
export type {
  Candidate,
  ClarifyingOutcome,
  CorrectableOutcome,
  EmptyOutcome,
  FailureOutcome,
  FatalOutcome,
  OkOutcome,
  Outcome,
  OutcomeClass,
  PartialOutcome,
  RefusedOutcome,
  SuccessOutcome,
  ToolRequest,
  UnavailableOutcome,
} from './outcome/outcome.js';
export { isOutcome } from './outcome/read-outcome.js';
export { compactRenderer, type Renderer, structuredRenderer } from './outcome/render.js';
export { ToolError } from './outcome/tool-error.js';
export { TransientError, transient } from './outcome/transient-error.js';
export type { BreakerOptions } from './policy/breaker-options.js';
export type { RetryOptions } from './policy/retry-options.js';
export type { RunPolicyOptions } from './policy/run-policy.js';
export type { HaltReason, JsonSchema, PendingApproval, ToolCall, ToolMessage, ToolSpec } from './protocol.js';
export type { LeakRule, LeakSpan } from './sanitize/leak-rule.js';
export type { LeakRuleName } from './sanitize/leak-rule-name.js';
export type { Clock } from './state/clock.js';
export type { StateStore } from './state/state-store.js';
export { type Clamped, clamp } from './tool/clamp.js';
export { defineTool, type Tool, type ToolContext, type ToolDefinition } from './tool/define-tool.js';
