/**
 * toolbound's public API. Everything exported here is public and follows semver; anything not
 * exported here is internal. Provider adapters live in subpath exports (`toolbound/openai`,
 * `toolbound/anthropic`, `toolbound/ai-sdk`, `toolbound/mcp`, `toolbound/redis`) so that the
 * root entry never imports a provider SDK; test helpers live in `toolbound/testing`.
 */

export {
  createDispatcher,
  DEFAULT_INTERNAL_ERROR_MESSAGE,
  type Dispatcher,
  type DispatcherOptions,
  type DispatchOptions,
} from './boundary/create-dispatcher.js';
export type { Execution, ExecutionResult } from './boundary/execute-tool.js';
export { type ArgumentLimits, DEFAULT_ARGUMENT_LIMITS } from './boundary/parse-arguments.js';
export { type CreateReference, createReferenceId } from './boundary/reference-id.js';
export type { AgentMessage, Model, ModelRequest, ModelResponse, Usage } from './loop/model.js';
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
export type { EventHandler, ToolboundEvent } from './observe/events.js';
export { createJsonlSink, type JsonlSink, type JsonlSinkOptions } from './observe/jsonl-sink.js';
export { jsonLineLogger, type Logger, type LogLevel, silentLogger } from './observe/logger.js';
export { type SerializedError, serializeError } from './observe/serialize-error.js';
export {
  clarify,
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
export { type BreakerOptions, resolveBreakerOptions } from './policy/breaker-options.js';
export { classifyTransient, type TransientFailure } from './policy/classify-transient.js';
export { computeBackoffDelay } from './policy/compute-backoff-delay.js';
export { MAX_RETRY_AFTER_MS, parseRetryAfter } from './policy/parse-retry-after.js';
export type { RetryOptions } from './policy/retry-options.js';
export type { RunPolicyOptions } from './policy/run-policy.js';
export type { HaltReason, PendingApproval, ToolCall, ToolMessage, ToolSpec } from './protocol.js';
export { findLeaks } from './sanitize/find-leaks.js';
export type { LeakRule, LeakSpan } from './sanitize/leak-rule.js';
export { LEAK_RULES } from './sanitize/leak-rules.js';
export {
  LEAK_REPLACEMENT_MESSAGE,
  LEAK_REPLACEMENT_NOTE,
  LEAK_REPLACEMENT_SEARCHED,
  type Leak,
  type SanitizeOptions,
  sanitizeOutcome,
  sanitizeValue,
} from './sanitize/sanitize-outcome.js';
export { type Clock, systemClock } from './state/clock.js';
export { createMemoryStore, type MemoryStore, type MemoryStoreOptions } from './state/memory-store.js';
export type {
  BreakerCommand,
  BreakerReply,
  BreakerResult,
  BreakerSettings,
  BreakerState,
  StateStore,
} from './state/state-store.js';
export { type Clamped, clamp } from './tool/clamp.js';
export {
  defineTool,
  type JsonSchema,
  type Tool,
  type ToolContext,
  type ToolDefinition,
} from './tool/define-tool.js';
