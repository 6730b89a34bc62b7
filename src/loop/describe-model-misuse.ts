/**
 * When `model` is not a toolbound Model, says what it is and how to wrap it: a raw OpenAI,
 * Anthropic or AI SDK client is the usual mistake, and each has an adapter that takes it.
 */
export function describeModelMisuse(model: unknown): string {
  const has = (path: readonly string[]) => {
    let node: unknown = model;
    for (const key of path) {
      if ((typeof node !== 'object' && typeof node !== 'function') || node === null) return false;
      node = (node as Record<string, unknown>)[key];
    }
    return node !== undefined;
  };
  if (has(['chat', 'completions', 'create']) || has(['responses', 'create']))
    return (
      'runAgent: model is an OpenAI client; wrap it with openaiChatModel from toolbound/openai: ' +
      "model: openaiChatModel({ client, model: 'gpt-5.4-mini' }) (or openaiResponsesModel for the Responses API)."
    );
  if (has(['messages', 'create']))
    return (
      'runAgent: model is an Anthropic client; wrap it with anthropicModel from toolbound/anthropic: ' +
      "model: anthropicModel({ client, model: 'claude-sonnet-5-5' })."
    );
  if (has(['doGenerate']) || has(['specificationVersion']))
    return 'runAgent: model is an AI SDK language model; wrap it with aiSdkModel({ model }) from toolbound/ai-sdk.';
  return (
    'runAgent: model must have a generate(request) method; for a provider SDK use openaiChatModel ' +
    '(toolbound/openai), anthropicModel (toolbound/anthropic) or aiSdkModel (toolbound/ai-sdk).'
  );
}
