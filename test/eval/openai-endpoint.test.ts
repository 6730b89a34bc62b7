import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runEvalCommand } from '../../src/cli/eval-command.js';
import { builtInCases } from '../../src/eval/built-in-cases.js';
import { carefulModel } from '../../src/eval/careful-model.js';
import type { EvalReport } from '../../src/eval/eval-report.js';
import { runEval } from '../../src/eval/run-eval.js';
import { type ChatCompletionsServer, startChatCompletionsServer } from './chat-completions-server.js';
import { memoryIo } from './memory-io.js';

// End to end: `toolbound eval` with the real `openai` client against a local server that speaks
// the Chat Completions wire format and plays the careful scripted model.
let server: ChatCompletionsServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('toolbound eval against an OpenAI-compatible endpoint', () => {
  it('gives the same figures over HTTP as the same model in process', async () => {
    server = await startChatCompletionsServer(builtInCases, carefulModel);
    const json = join(mkdtempSync(join(tmpdir(), 'toolbound-eval-')), 'results.json');
    const { io, stdout } = memoryIo({ OPENAI_API_KEY: 'sk-test-local' });
    const code = await runEvalCommand(
      ['--base-url', server.url, '--model', 'careful-sim', '--trials', '3', '--json', json],
      io,
    );
    expect(code).toBe(0);
    const overHttp = JSON.parse(readFileSync(json, 'utf8')) as EvalReport;
    const inProcess = await runEval({ model: ({ evalCase }) => carefulModel(evalCase), trials: 3 });
    const rates = (report: EvalReport) =>
      report.summaries.map((summary) => [summary.caseId, summary.variant, summary.rate]);
    expect(rates(overHttp)).toEqual(rates(inProcess));
    expect(overHttp.model).toBe('openai:careful-sim');
    expect(stdout()).toContain('Correctable retried with the fix');

    const first = server.requests[0];
    expect(first?.authorization).toBe('Bearer sk-test-local');
    expect(first?.body['model']).toBe('careful-sim');
    expect(Array.isArray(first?.body['tools'])).toBe(true);
    // the "after" variant sent toolbound's structured message back over the wire
    const toolContents = server.requests.flatMap((request) =>
      (request.body['messages'] as Array<Record<string, unknown>>)
        .filter((message) => message['role'] === 'tool')
        .map((message) => String(message['content'])),
    );
    expect(toolContents.some((content) => content.includes('"class":"correctable"'))).toBe(true);
    expect(toolContents.some((content) => content.startsWith('Error: '))).toBe(true);
  });

  it('on Ctrl-C prints what finished and exits 130', async () => {
    const { io, signals, stdout, stderr } = memoryIo({});
    server = await startChatCompletionsServer(builtInCases, carefulModel, {
      delayMs: 15,
      onRequest: (count) => {
        if (count === 12) signals.emit('SIGINT');
      },
    });
    const json = join(mkdtempSync(join(tmpdir(), 'toolbound-eval-')), 'partial.json');
    const code = await runEvalCommand(
      [
        '--base-url',
        server.url,
        '--model',
        'careful-sim',
        '--trials',
        '10',
        '--concurrency',
        '2',
        '--json',
        json,
      ],
      io,
    );
    expect(code).toBe(130);
    expect(stderr()).toContain('stopping');
    expect(stdout()).toContain('interrupted');
    const report = JSON.parse(readFileSync(json, 'utf8')) as EvalReport;
    expect(report.interrupted).toBe(true);
    expect(report.trials.length).toBeGreaterThan(0);
    expect(report.trials.length).toBeLessThan(builtInCases.length * 2 * 10);
    expect(report.trials.every((trial) => trial.error === undefined)).toBe(true);
  });

  it('stops early with the first error when every model call fails', async () => {
    const { io, stderr } = memoryIo({ OPENAI_API_KEY: 'sk-test' });
    const code = await runEvalCommand(
      ['--base-url', 'http://127.0.0.1:9/v1', '--model', 'x', '--trials', '5'],
      io,
    );
    expect(code).toBe(1);
    expect(stderr()).toContain('every model call to openai at http://127.0.0.1:9/v1 failed');
  });
});
