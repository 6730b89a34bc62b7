import type { Response, ResponseStreamEvent } from 'openai/resources/responses/responses';
import type { ModelStreamHandlers } from '../../loop/model.js';

/**
 * Reads a streamed Responses API call: `response.output_text.delta` events go to `onText`, and
 * the whole response comes from `response.completed` (or `response.incomplete`), which carries
 * every output item, function calls with their full arguments included. A failed response or an
 * `error` event rejects.
 */
export async function readResponsesStream(
  events: AsyncIterable<ResponseStreamEvent>,
  handlers: ModelStreamHandlers,
): Promise<Response> {
  let final: Response | undefined;
  for await (const event of events) {
    switch (event.type) {
      case 'response.output_text.delta':
        if (event.delta !== '') handlers.onText(event.delta);
        break;
      case 'response.completed':
      case 'response.incomplete':
        final = event.response;
        break;
      case 'response.failed':
        throw new Error(
          `The Responses API call failed: ${event.response.error?.message ?? 'no reason given'}`,
        );
      case 'error':
        throw new Error(`The Responses API stream reported an error: ${event.message}`);
      default:
        break;
    }
  }
  if (final === undefined) throw new Error('The Responses API stream ended without a final response.');
  return final;
}
