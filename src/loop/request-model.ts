import type { Model, ModelRequest, ModelResponse } from './model.js';

/**
 * One model call of the loop. With `onText`, a model that can stream streams, and its text
 * deltas go to `onText` as they arrive; a model that cannot gets one `onText` with the whole
 * text once it has answered. Either way the full response, tool calls assembled, comes back.
 */
export async function requestModel(
  model: Model,
  request: ModelRequest,
  onText: ((delta: string) => void) | undefined,
): Promise<ModelResponse> {
  if (onText === undefined) return model.generate(request);
  if (typeof model.stream === 'function') return model.stream(request, { onText });
  const response = await model.generate(request);
  if (typeof response.content === 'string' && response.content !== '') onText(response.content);
  return response;
}
