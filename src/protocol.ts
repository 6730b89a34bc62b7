/**
 * The types that several layers share: a tool call as it arrives, the one message that leaves,
 * and a tool as the model is told about it. They live here, below every folder, so that no
 * folder has to import a layer above it to name them.
 */
import type { Outcome } from './outcome/outcome.js';

/** A JSON Schema object, as providers expect for tool parameters. */
export type JsonSchema = Record<string, unknown>;

/** A tool call as a provider hands it over. `arguments` is a JSON string or an object. */
export interface ToolCall {
  id: string;
  name: string;
  arguments: string | Record<string, unknown> | undefined;
}

/** Why a message asks the loop to stop; `failure_cap`: no more tools run, the model may still answer. */
export type HaltReason = 'fatal' | 'repeated_failure' | 'failure_cap';

/** The one message that comes back for every call, whatever happened. */
export interface ToolMessage {
  toolCallId: string;
  toolName: string;
  /** The classified, sanitised outcome. */
  outcome: Outcome;
  /** What the model reads: the rendered, size-bounded outcome. */
  content: string;
  /** True for every failure class, for providers that carry an error flag. */
  isError: boolean;
  /** True when the run must stop now. */
  halt: boolean;
  /** Set when `halt` is true. */
  haltReason?: HaltReason;
  /** The server-log id of an unexpected failure. */
  reference?: string;
  /**
   * Set when the call waits for a person's approval instead of running; `outcome` then says so
   * (`refused`, `approval_required`), for loops that cannot pause. `runAgent` pauses on it.
   */
  pendingApproval?: PendingApproval;
}

/** A call that waits for a person's decision; the record itself is kept in the StateStore. */
export interface PendingApproval {
  /** The key a decision names; an approved call runs at most once under it. */
  approvalId: string;
  /** The tool that runs when approved (for an offer, the tool that made it). */
  toolName: string;
  /** The arguments it runs with, unless a decision edits them. */
  arguments: Record<string, unknown>;
  /** Why approval is needed, when the tool said (an offer's message). */
  message?: string;
}

/** A tool as the model is told about it. */
export interface ToolSpec {
  name: string;
  description: string;
  /** JSON Schema of the arguments (an empty object schema when unknown). */
  parameters: JsonSchema;
}
