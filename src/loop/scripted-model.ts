import type { ToolCall } from '../protocol.js';
import type { Model, ModelRequest, ModelResponse } from './model.js';

/** A tool call in a script; the id is filled in when omitted. */
export interface ScriptedToolCall {
  id?: string;
  name: string;
  arguments: ToolCall['arguments'];
}

/** One scripted turn: an answer, tool calls, or a function that reacts to what the model sees. */
export type ScriptedStep =
  | { content?: string; toolCalls?: ScriptedToolCall[] }
  | ((request: ModelRequest) => { content?: string; toolCalls?: ScriptedToolCall[] });

/** A Model that replays a script, and counts its calls. */
export interface ScriptedModel extends Model {
  /** Model calls made so far. */
  readonly calls: number;
  /** Every request it received, each a copy taken when it arrived (later turns do not show up in it). */
  readonly requests: readonly ModelRequest[];
}

/**
 * A deterministic model for tests and demos. Steps run in order; a function step can read the
 * tool messages so far and react (self-correction). With `repeatLast`, the last step repeats
 * forever, which models a model that never learns.
 * @example
 * const model = scriptedModel([
 *   { toolCalls: [{ name: 'get_weather', arguments: { city: 'Punee' } }] },
 *   (request) => ({ toolCalls: [{ name: 'get_weather', arguments: lastSuggestion(request) ?? {} }] }),
 *   { content: 'It is 31 C in Pune.' },
 * ]);
 */
export function scriptedModel(
  steps: readonly ScriptedStep[],
  options: { repeatLast?: boolean } = {},
): ScriptedModel {
  if (!Array.isArray(steps) || steps.length === 0)
    throw new TypeError('scriptedModel: steps must be a non-empty array.');
  const requests: ModelRequest[] = [];
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    requests,
    async generate(request) {
      requests.push({
        ...request,
        messages: request.messages.map((message) =>
          message.role === 'assistant'
            ? { ...message, toolCalls: message.toolCalls.map((call) => ({ ...call })) }
            : { ...message },
        ),
        tools: [...request.tools],
      });
      const index = calls++;
      const step = steps[index] ?? (options.repeatLast ? steps.at(-1) : undefined);
      if (step === undefined)
        throw new Error(
          `scriptedModel: the script has only ${steps.length} steps; call ${index + 1} has none.`,
        );
      const turn: { content?: string; toolCalls?: ScriptedToolCall[] } =
        typeof step === 'function' ? step(request) : step;
      const response: ModelResponse = {
        content: turn.content ?? '',
        toolCalls: (turn.toolCalls ?? []).map((call, position) => ({
          id: call.id ?? `call_${index + 1}_${position + 1}`,
          name: call.name,
          arguments: call.arguments,
        })),
      };
      return response;
    },
  };
}

/** The `suggestion` of the last tool message the model saw, if it carried one. */
export function lastSuggestion(request: ModelRequest): Record<string, unknown> | undefined {
  const last = request.messages.at(-1);
  if (last?.role !== 'tool') return undefined;
  try {
    const parsed = JSON.parse(last.content) as { suggestion?: unknown };
    return typeof parsed.suggestion === 'object' && parsed.suggestion !== null
      ? (parsed.suggestion as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
