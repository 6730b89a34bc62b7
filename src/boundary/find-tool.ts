import { correctable } from '../outcome/constructors.js';
import type { BuiltInErrorCode } from '../outcome/error-code.js';
import type { CorrectableOutcome } from '../outcome/outcome.js';
import type { Tool } from '../tool/define-tool.js';
import { truncate } from '../util/truncate.js';
import { uniqueNearest } from './edit-distance.js';

const LISTED_TOOLS = 20;

/**
 * Finds the named tool. For an unknown name the model learns which tools exist, and the nearest
 * one is named only when exactly one is clearly nearest (`get_wether` → `get_weather`).
 */
export function findTool(
  name: unknown,
  tools: ReadonlyMap<string, Tool>,
): { ok: true; tool: Tool } | { ok: false; outcome: CorrectableOutcome } {
  const requested = typeof name === 'string' ? name : '';
  const tool = tools.get(requested);
  if (tool !== undefined) return { ok: true, tool };
  const names = [...tools.keys()];
  const nearest = uniqueNearest(requested, names);
  const shown = JSON.stringify(truncate(requested, 64));
  const listed = names.slice(0, LISTED_TOOLS).join(', ') + (names.length > LISTED_TOOLS ? ', …' : '');
  const message =
    names.length === 0
      ? `There is no tool named ${shown}, and no tools are available.`
      : `There is no tool named ${shown}. The available tools are: ${listed}.`;
  return {
    ok: false,
    outcome: correctable({
      error: 'unknown_tool' satisfies BuiltInErrorCode,
      message,
      ...(nearest === undefined
        ? { hint: 'Call one of the available tools by its exact name.' }
        : { hint: `Did you mean ${nearest}? Call it by that exact name.` }),
    }),
  };
}
