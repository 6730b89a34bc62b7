import type { Model, ModelResponse } from '../loop/model.js';
import type { EvalCase } from './eval-case.js';
import { firstCall } from './naive-model.js';
import { lastToolCalls, readToolReply } from './read-tool-reply.js';
import { parseCallArguments } from './trial-transcript.js';

/**
 * A scripted model that does what each class asks when the message lets it: it retries once with
 * a suggestion, asks the user to choose between candidates, reports gaps and never guesses, and
 * does not repeat raw error text. With raw errors it can only say that something failed.
 */
export function carefulModel(evalCase: EvalCase): Model {
  return {
    async generate({ messages }): Promise<ModelResponse> {
      const last = messages.filter((message) => message.role === 'tool').at(-1);
      if (last === undefined) return firstCall(evalCase);
      const reply = readToolReply(last.content);
      if (reply.kind === 'success') {
        if (reply.empty) return answer(reply.message ?? 'I found no results for that search.');
        return answer(`Here is what I found: ${JSON.stringify(reply.data)}`);
      }
      if (!reply.structured)
        return answer("I couldn't complete that: the tool reported a problem, and I won't guess the answer.");
      const previous = lastToolCalls(messages)[0];
      if (reply.outcomeClass === 'correctable' && reply.suggestion !== undefined && previous !== undefined) {
        const args = { ...parseCallArguments(previous.arguments), ...reply.suggestion };
        const alreadyTried = JSON.stringify(parseCallArguments(previous.arguments)) === JSON.stringify(args);
        if (!alreadyTried)
          return { content: '', toolCalls: [{ id: 'careful_retry', name: previous.name, arguments: args }] };
      }
      if (reply.outcomeClass === 'clarifying' && reply.candidates.length > 0)
        return answer(`${reply.message} Which one did you mean: ${reply.candidates.join(' or ')}?`);
      return answer(`I couldn't complete that. ${reply.message}`);
    },
  };
}

function answer(content: string): ModelResponse {
  return { content, toolCalls: [] };
}
