import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EvalCase } from '../../src/eval/eval-case.js';
import type { AgentMessage, Model } from '../../src/loop/model.js';

/** A local server that speaks the Chat Completions wire format and plays a scripted model. */
export interface ChatCompletionsServer {
  url: string;
  requests: Array<{ authorization: string | undefined; body: Record<string, unknown> }>;
  close(): Promise<void>;
}

/**
 * Starts the server on 127.0.0.1. Each request is matched to its case by the user's question;
 * the scripted model for that case answers, and the answer goes back as a non-streaming
 * `chat.completion`.
 */
export async function startChatCompletionsServer(
  cases: readonly EvalCase[],
  makeModel: (evalCase: EvalCase) => Model,
  options: { delayMs?: number; onRequest?: (count: number) => void } = {},
): Promise<ChatCompletionsServer> {
  const requests: ChatCompletionsServer['requests'] = [];
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => {
      raw += chunk.toString('utf8');
    });
    request.on('end', async () => {
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        response
          .writeHead(404, { 'content-type': 'application/json' })
          .end('{"error":{"message":"not found"}}');
        return;
      }
      const body = JSON.parse(raw) as { model: string; messages: Array<Record<string, unknown>> };
      requests.push({ authorization: request.headers.authorization, body });
      options.onRequest?.(requests.length);
      const question = body.messages.find((message) => message['role'] === 'user')?.['content'];
      const evalCase = cases.find((candidate) => candidate.question === question);
      if (evalCase === undefined) {
        response
          .writeHead(400, { 'content-type': 'application/json' })
          .end('{"error":{"message":"unknown case"}}');
        return;
      }
      const answer = await makeModel(evalCase).generate({
        messages: body.messages.map(toAgentMessage),
        tools: [],
        signal: new AbortController().signal,
      });
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      const toolCalls = answer.toolCalls.map((call) => ({
        id: call.id,
        type: 'function',
        function: {
          name: call.name,
          arguments:
            typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments ?? {}),
        },
      }));
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: `chatcmpl-${requests.length}`,
          object: 'chat.completion',
          created: 1_748_850_000,
          model: body.model,
          choices: [
            {
              index: 0,
              finish_reason: toolCalls.length > 0 ? 'tool_calls' : 'stop',
              logprobs: null,
              message: {
                role: 'assistant',
                content: answer.content === '' ? null : answer.content,
                refusal: null,
                ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
              },
            },
          ],
          usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function toAgentMessage(message: Record<string, unknown>): AgentMessage {
  const content = typeof message['content'] === 'string' ? message['content'] : '';
  switch (message['role']) {
    case 'system':
    case 'developer':
      return { role: 'system', content };
    case 'assistant': {
      const calls =
        (message['tool_calls'] as Array<{ id: string; function: { name: string; arguments: string } }>) ?? [];
      return {
        role: 'assistant',
        content,
        toolCalls: calls.map((call) => ({
          id: call.id,
          name: call.function.name,
          arguments: call.function.arguments,
        })),
      };
    }
    case 'tool':
      return {
        role: 'tool',
        toolCallId: String(message['tool_call_id']),
        toolName: '',
        content,
        // the wire format has no error flag; the scripted models read the content
        isError: /^\s*(error\b|\{"(ok":false|error"))/i.test(content),
      };
    default:
      return { role: 'user', content };
  }
}
