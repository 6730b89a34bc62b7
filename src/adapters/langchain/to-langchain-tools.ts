import { ToolMessage as LangChainToolMessage } from '@langchain/core/messages';
import type { RunnableConfig } from '@langchain/core/runnables';
import { DynamicStructuredTool } from '@langchain/core/tools';
import type { Dispatcher } from '../../boundary/create-dispatcher.js';
import type { ToolMessage } from '../../protocol.js';
import type { JsonSchema } from '../../tool/define-tool.js';

/** Options for {@link toLangChainTools}. */
export interface LangChainToolsOptions {
  /**
   * The run the calls belong to, for repeat detection and the failure cap: a string fixed for
   * this set of tools (make the tools per request), or a function that reads it from the
   * runnable config, for example `(config) => config.configurable?.thread_id`.
   * @default each call is a run of its own, so run policy does not apply across calls
   */
  runId?: string | ((config: RunnableConfig) => string | undefined);
}

/** What toolbound adds to a LangChain ToolMessage's `response_metadata`, under `toolbound`. */
export interface LangChainToolboundMetadata {
  /** True when the run must stop now: answer with fallback text, not another model call. */
  halt: boolean;
  haltReason?: ToolMessage['haltReason'];
  reference?: string;
}

/**
 * The dispatcher's tools as LangChain tools, for a LangGraph `ToolNode`, `createAgent`, or a
 * chat model's `bindTools`. The model sees each tool's JSON Schema, but LangChain does not
 * validate against it, so every call, valid or not, reaches the boundary and gets a precise
 * correction instead of LangChain's "Please fix your mistakes" with the raw error text.
 *
 * Called with a tool call (as `ToolNode` does), a tool resolves to a LangChain `ToolMessage`:
 * the rendered content, `status: 'error'` on every failure, the outcome as `artifact`, and
 * `response_metadata.toolbound` saying whether the run must halt. It never throws. Called with
 * plain arguments, it resolves to the content string.
 * @example
 * const graph = new StateGraph(MessagesAnnotation)
 *   .addNode('tools', new ToolNode(toLangChainTools(dispatcher, { runId })))
 *   // ...
 */
export function toLangChainTools(
  dispatcher: Dispatcher,
  options: LangChainToolsOptions = {},
): DynamicStructuredTool[] {
  return dispatcher.toolSpecs().map(
    (spec) =>
      new DynamicStructuredTool({
        name: spec.name,
        description: spec.description,
        schema: unvalidated(spec.parameters),
        func: async (input: unknown, _runManager, config?: RunnableConfig) => {
          const toolCall = (config as { toolCall?: { id?: string } } | undefined)?.toolCall;
          const runId = typeof options.runId === 'function' ? options.runId(config ?? {}) : options.runId;
          const message = await dispatcher.dispatch(
            {
              id: toolCall?.id ?? '',
              name: spec.name,
              arguments:
                typeof input === 'object' && input !== null && !Array.isArray(input)
                  ? (input as Record<string, unknown>)
                  : JSON.stringify(input ?? null),
            },
            {
              ...(runId === undefined ? {} : { runId }),
              ...(config?.signal === undefined ? {} : { signal: config.signal }),
            },
          );
          if (toolCall?.id === undefined) return message.content;
          return toLangChainToolMessage(message, toolCall.id);
        },
      }),
  );
}

/** A toolbound ToolMessage as a LangChain one, with the outcome as its artifact. */
export function toLangChainToolMessage(message: ToolMessage, toolCallId: string): LangChainToolMessage {
  const toolbound: LangChainToolboundMetadata = { halt: message.halt };
  if (message.haltReason !== undefined) toolbound.haltReason = message.haltReason;
  if (message.reference !== undefined) toolbound.reference = message.reference;
  return new LangChainToolMessage({
    content: message.content,
    status: message.isError ? 'error' : 'success',
    artifact: message.outcome,
    tool_call_id: toolCallId,
    name: message.toolName,
    response_metadata: { toolbound },
  });
}

/**
 * A Standard JSON Schema that shows the model the tool's JSON Schema and accepts any value.
 * LangChain validates a plain JSON Schema itself and throws on a mismatch, which ToolNode turns
 * into the raw error text; this keeps validation at the boundary.
 */
function unvalidated(schema: JsonSchema) {
  const standard = {
    version: 1 as const,
    vendor: 'toolbound',
    validate: (value: unknown) => ({ value }),
    jsonSchema: { input: () => schema, output: () => schema },
  };
  return { '~standard': standard } as unknown as Record<string, unknown>;
}
