import { TOOL_FAILURE_META_KEY, type ToolFailure } from './tool-failure.js';

const CLASSES = new Set(['capability', 'reliability', 'governance']);
const MAX_FIELD_CHARACTERS = 1_000;

/**
 * Reads the draft failure envelope from a `tools/call` result, or undefined when there is none or
 * it is malformed (a required field missing or of the wrong type). Optional fields of the wrong
 * type are dropped, and long strings are cut, since the server is not trusted.
 */
export function readToolFailure(result: {
  _meta?: Record<string, unknown> | undefined;
}): ToolFailure | undefined {
  const meta = result._meta;
  if (typeof meta !== 'object' || meta === null) return undefined;
  const envelope = (meta as Record<string, unknown>)[TOOL_FAILURE_META_KEY];
  if (typeof envelope !== 'object' || envelope === null) return undefined;
  const fields = envelope as Record<string, unknown>;
  const { class: failureClass, code, correlationId, retryable, retryNotBefore, agentGuidance } = fields;
  if (typeof failureClass !== 'string' || !CLASSES.has(failureClass)) return undefined;
  if (typeof code !== 'string' || code === '' || typeof correlationId !== 'string') return undefined;
  const failure: ToolFailure = {
    class: failureClass as ToolFailure['class'],
    code: cut(code),
    correlationId: cut(correlationId),
  };
  if (typeof retryable === 'boolean') failure.retryable = retryable;
  if (typeof retryNotBefore === 'number' && Number.isFinite(retryNotBefore))
    failure.retryNotBefore = retryNotBefore;
  if (typeof agentGuidance === 'string' && agentGuidance.trim() !== '')
    failure.agentGuidance = cut(agentGuidance);
  return failure;
}

function cut(text: string): string {
  return text.length > MAX_FIELD_CHARACTERS ? text.slice(0, MAX_FIELD_CHARACTERS) : text;
}
