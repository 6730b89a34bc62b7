import type { Outcome } from '../outcome/outcome.js';

/**
 * How frameworks commonly hand a failure to the model today:
 * - `error-message`: the exception's message, `Error: ${e.message}`;
 * - `error-code`: a bare code, `{"error":"not_found"}`;
 * - `stack-trace`: the message with the stack under it.
 */
export type RawErrorStyle = 'error-message' | 'error-code' | 'stack-trace';

/** Every raw style, in the order the "before" variant rotates through them. */
export const RAW_ERROR_STYLES: readonly RawErrorStyle[] = ['error-message', 'error-code', 'stack-trace'];

/**
 * The content an unbounded framework would send for the same injected outcome: successful data
 * as bare JSON (an empty result is just `[]`), a failure as the raw error in the given style.
 */
export function rawErrorContent(
  outcome: Outcome,
  options: { toolName: string; thrown?: string | undefined; style: RawErrorStyle },
): string {
  if (outcome.ok) return JSON.stringify(outcome.data ?? null) ?? 'null';
  const thrown = options.thrown ?? outcome.error;
  switch (options.style) {
    case 'error-message':
      return `Error: ${thrown}`;
    case 'error-code':
      return JSON.stringify({ error: outcome.error });
    case 'stack-trace':
      return [
        `Error: ${thrown}`,
        `    at ${options.toolName} (/srv/agent/src/tools/${options.toolName}.ts:42:11)`,
        '    at async executeTool (/srv/agent/node_modules/agent-kit/dist/index.js:1183:20)',
        '    at async Promise.all (index 0)',
      ].join('\n');
  }
}
