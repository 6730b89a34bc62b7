import type { Tool as BoundaryTool } from '../../tool/define-tool.js';

/** The AI SDK's `needsApproval` shape: a flag, or a check on the raw input and the call. */
export type AiSdkNeedsApproval =
  | boolean
  | ((input: unknown, options: { toolCallId: string }) => Promise<boolean>);

/**
 * A tool's `needsApproval` in the AI SDK's terms, so that `generateText` asks for approval
 * itself (a `tool-approval-request` part) and only executes once a `tool-approval-response`
 * grants it; a denied call never reaches the boundary. The SDK hands the check raw JSON, so the
 * tool's schema reads it first: input the schema rejects needs no approval, since the boundary
 * answers it `correctable` without running anything. A check that throws means "ask".
 */
export function toAiSdkNeedsApproval(
  tool: BoundaryTool,
  runIdOf: (toolCallId: string) => string | undefined,
): AiSdkNeedsApproval | undefined {
  const check = tool.needsApproval;
  if (check === undefined || check === false) return undefined;
  if (check === true) return true;
  return async (input, { toolCallId }) => {
    try {
      const validated = await tool.input['~standard'].validate(input);
      if (validated.issues !== undefined) return false;
      return (await check(validated.value, { runId: runIdOf(toolCallId) ?? '', toolCallId })) !== false;
    } catch {
      return true;
    }
  };
}
