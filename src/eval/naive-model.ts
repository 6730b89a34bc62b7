import type { Model, ModelResponse } from '../loop/model.js';
import type { EvalCase } from './eval-case.js';
import { lastToolCalls, readToolReply } from './read-tool-reply.js';

/**
 * A scripted model with the habits that make agents fail: it retries a failed call unchanged,
 * ignores suggestions and candidates, relays raw errors word for word, and fills a gap with a
 * plausible answer (the case's `wouldBeAnswer`). The eval must score it below {@link carefulModel}.
 */
export function naiveModel(evalCase: EvalCase): Model {
  return {
    async generate({ messages }): Promise<ModelResponse> {
      const toolMessages = messages.filter((message) => message.role === 'tool');
      const last = toolMessages.at(-1);
      if (last === undefined) return firstCall(evalCase);
      const reply = readToolReply(last.content);
      if (reply.kind === 'success') {
        if (!reply.empty) return answer(`Here is what I found: ${JSON.stringify(reply.data)}`);
        return answer(reply.message ?? 'Sorry, there was an error: the search returned no results.');
      }
      const failures = toolMessages.filter((message) => message.isError).length;
      const previous = lastToolCalls(messages);
      if (failures < 3 && previous.length > 0)
        return {
          content: '',
          toolCalls: previous.map((call, index) => ({ ...call, id: `naive_${failures}_${index}` })),
        };
      const guess = evalCase.wouldBeAnswer === undefined ? '' : ` ${evalCase.wouldBeAnswer}.`;
      return answer(`The tool said: ${reply.message}${guess}`);
    },
  };
}

/** The case's scripted first call, shared by both scripted models. */
export function firstCall(evalCase: EvalCase): ModelResponse {
  const call = evalCase.scriptedCall ?? { name: evalCase.tools[0]?.name ?? 'unknown_tool', arguments: {} };
  return { content: '', toolCalls: [{ id: 'scripted_1', name: call.name, arguments: call.arguments }] };
}

function answer(content: string): ModelResponse {
  return { content, toolCalls: [] };
}
