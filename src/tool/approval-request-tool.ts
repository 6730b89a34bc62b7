import type { StandardSchemaV1 } from '@standard-schema/spec';
import { defineTool, type Tool } from './define-tool.js';

const MARK = Symbol.for('toolbound.ApprovalRequestTool');

/** Options for {@link approvalRequestTool}. */
export interface ApprovalRequestToolOptions {
  /**
   * The name offers use (`offer: { tool: 'request_approval', … }`).
   * @default 'request_approval'
   */
  name?: string;
  /** @default a sentence telling the model to pass an offer's arguments unchanged */
  description?: string;
}

/** Any JSON object: what the model copies from an offer is checked against the offer, not a schema. */
const anyObject: StandardSchemaV1<Record<string, unknown>> = {
  '~standard': {
    version: 1,
    vendor: 'toolbound',
    validate: (value) =>
      typeof value === 'object' && value !== null && !Array.isArray(value)
        ? { value: value as Record<string, unknown> }
        : { issues: [{ message: 'must be an object: the arguments of the offer, unchanged' }] },
  },
};

/**
 * The tool a `refused` outcome's offer names, so the offer can be taken up: when the model calls
 * it with the arguments of an offer made earlier in the run, the run pauses with the call that
 * made the offer pending approval, and approving it runs that call (its `context.approval` is
 * set). Arguments that match no offer get a `correctable` answer; the model cannot invent an
 * approval for a call no tool offered.
 * @example
 * const dispatcher = createDispatcher({ tools: [applyCredit, approvalRequestTool()] });
 */
export function approvalRequestTool(options: ApprovalRequestToolOptions = {}): Tool {
  const tool = defineTool({
    name: options.name ?? 'request_approval',
    description:
      options.description ??
      'Asks a person to approve an action a tool offered. Pass the arguments of the offer exactly as given.',
    input: anyObject,
    jsonSchema: { type: 'object', additionalProperties: true },
    // the boundary answers every call before it could run; this only runs if that ever changed
    run: () => {
      throw new Error('request_approval is answered by the boundary and never runs itself');
    },
  });
  Object.defineProperty(tool, MARK, { value: true });
  return tool as Tool;
}

/** True for a tool made by {@link approvalRequestTool}. */
export function isApprovalRequestTool(tool: Tool): boolean {
  return (tool as unknown as Record<symbol, unknown>)[MARK] === true;
}
