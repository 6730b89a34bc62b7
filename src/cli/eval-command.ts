import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { builtInCases } from '../eval/built-in-cases.js';
import { carefulModel } from '../eval/careful-model.js';
import type { EvalCase } from '../eval/eval-case.js';
import type { EvalVariant } from '../eval/eval-report.js';
import { formatEvalTable } from '../eval/format-eval-table.js';
import { naiveModel } from '../eval/naive-model.js';
import { createProgressBar } from '../eval/progress-bar.js';
import { runEval, type TrialContext } from '../eval/run-eval.js';
import { validateEvalCases } from '../eval/validate-eval-case.js';
import type { Model } from '../loop/model.js';
import { renderDashboard } from '../report/render-dashboard.js';
import { type CommandIo, processIo } from './command-io.js';
import { describeFileError } from './describe-file-error.js';

const USAGE = `usage: toolbound eval --model <name> [options]

Measures how a model reads each error class, with raw errors ("before") and with
toolbound's messages ("after").

options:
  --provider <p>      openai (any OpenAI-compatible endpoint), anthropic or scripted  [openai]
  --model <name>      the model; for scripted: naive or careful
  --base-url <url>    the endpoint, e.g. http://localhost:11434/v1 for Ollama
  --trials <n>        trials per case and variant                                   [10]
  --cases <file>      a JSON file of extra cases (an array, or {"cases": [...]})
  --only <ids>        run only these case ids, comma-separated
  --no-built-ins      run only the cases from --cases
  --variants <list>   before,after, or one of them                                  [before,after]
  --concurrency <n>   trials in flight at once                                      [4]
  --max-steps <n>     model calls per trial                                         [8]
  --max-tokens <n>    max_tokens for Anthropic                                      [1024]
  --json <file>       write the full results as JSON
  --html <file>       write an HTML report of the results
  -h, --help

API keys come from OPENAI_API_KEY and ANTHROPIC_API_KEY. Ctrl-C stops and reports the trials
that finished.
`;

/**
 * `toolbound eval`: runs the eval against a model and prints the before/after table. Exit codes:
 * 0 done, 1 model errors or unreadable input, 2 bad usage, 130 interrupted.
 */
export async function runEvalCommand(args: string[], io: CommandIo = processIo()): Promise<number> {
  const say = (text: string) => io.stderr.write(`${text}\n`);
  let values: ReturnType<typeof parse>['values'];
  try {
    values = parse(args).values;
  } catch (error) {
    say(`toolbound eval: ${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    io.stdout.write(USAGE);
    return 0;
  }
  const usage = (problem: string) => {
    say(`toolbound eval: ${problem}\n\n${USAGE}`);
    return 2;
  };
  const provider = values.provider ?? 'openai';
  if (!['openai', 'anthropic', 'scripted'].includes(provider))
    return usage(`--provider must be openai, anthropic or scripted; got ${JSON.stringify(provider)}.`);
  if (values.model === undefined) return usage('--model is required.');
  const numbers: Record<string, number> = {};
  for (const [name, fallback] of [
    ['trials', 10],
    ['concurrency', 4],
    ['max-steps', 8],
    ['max-tokens', 1024],
  ] as const) {
    const raw = values[name];
    const value = raw === undefined ? fallback : Number(raw);
    if (!Number.isInteger(value) || value < 1)
      return usage(`--${name} must be a positive integer; got ${JSON.stringify(raw)}.`);
    numbers[name] = value;
  }
  const variants = (values.variants ?? 'before,after').split(',').map((variant) => variant.trim());
  if (variants.length === 0 || variants.some((variant) => variant !== 'before' && variant !== 'after'))
    return usage(`--variants must be before, after or both; got ${JSON.stringify(values.variants)}.`);

  let cases: EvalCase[] = values['no-built-ins'] ? [] : [...builtInCases];
  if (values.cases !== undefined) {
    try {
      const parsed: unknown = JSON.parse(await readFile(values.cases, 'utf8'));
      const list = Array.isArray(parsed) ? parsed : (parsed as { cases?: unknown } | null)?.cases;
      cases = [...cases, ...validateEvalCases(list)];
    } catch (error) {
      say(`toolbound eval: cannot use ${values.cases}: ${describeFileError(values.cases, error, 'read')}`);
      return 1;
    }
  }
  if (values.only !== undefined) {
    const wanted = values.only.split(',').map((id) => id.trim());
    const unknown = wanted.filter((id) => !cases.some((evalCase) => evalCase.id === id));
    if (unknown.length > 0)
      return usage(
        `unknown case ids: ${unknown.join(', ')}. Known: ${cases.map((evalCase) => evalCase.id).join(', ')}.`,
      );
    cases = cases.filter((evalCase) => wanted.includes(evalCase.id));
  }
  if (cases.length === 0) return usage('no cases to run.');

  let model: (context: TrialContext) => Model;
  try {
    model = await createModel(
      provider,
      values.model,
      values['base-url'],
      numbers['max-tokens'] ?? 1024,
      io.env,
    );
  } catch (error) {
    say(`toolbound eval: ${error instanceof Error ? error.message : String(error)}`);
    return error instanceof UsageError ? 2 : 1;
  }

  const controller = new AbortController();
  const signals = io.signals ?? process;
  const onInterrupt = () => {
    say('\ntoolbound eval: stopping; the trials that finished will be reported.');
    controller.abort();
  };
  signals.once('SIGINT', onInterrupt);
  const progress = createProgressBar(io.stderr, cases.length * variants.length * (numbers['trials'] ?? 10));
  let scored = 0;
  let firstError: string | undefined;
  let report: Awaited<ReturnType<typeof runEval>>;
  try {
    report = await runEval({
      model,
      modelName: `${provider}:${values.model}`,
      cases,
      trials: numbers['trials'] ?? 10,
      variants: variants as EvalVariant[],
      concurrency: numbers['concurrency'] ?? 4,
      maxSteps: numbers['max-steps'] ?? 8,
      signal: controller.signal,
      onTrial(result, { completed }) {
        progress.update(completed, `${result.caseId} (${result.variant})`);
        if (result.error === undefined) scored++;
        else firstError ??= result.error;
        // a wrong key or model name fails every call: stop early instead of paying for all of them
        if (scored === 0 && completed >= 3 && !controller.signal.aborted) controller.abort();
      },
    });
  } finally {
    signals.off('SIGINT', onInterrupt);
    progress.done();
  }
  if (scored === 0 && firstError !== undefined) {
    say(
      `toolbound eval: every model call to ${describeEndpoint(provider, values['base-url'])} failed; the first error was: ${firstError}`,
    );
    return 1;
  }
  io.stdout.write(formatEvalTable(report));
  const outputs: [string | undefined, () => string][] = [
    [values.json, () => `${JSON.stringify(report, null, 2)}\n`],
    [values.html, () => renderDashboard({ eval: report, title: `toolbound eval: ${report.model}` })],
  ];
  for (const [path, content] of outputs) {
    if (path === undefined) continue;
    try {
      await writeFile(path, content());
      say(`wrote ${path}`);
    } catch (error) {
      say(`toolbound eval: cannot write ${path}: ${describeFileError(path, error, 'write')}`);
      return 1;
    }
  }
  if (report.interrupted) return 130;
  return report.summaries.some((summary) => summary.errors > 0) ? 1 : 0;
}

/** The endpoint the eval called, so a failure says where: the URL given, or the provider's default. */
function describeEndpoint(provider: string, baseUrl: string | undefined): string {
  if (provider === 'scripted') return 'the scripted model';
  const url =
    baseUrl ?? (provider === 'anthropic' ? 'https://api.anthropic.com' : 'https://api.openai.com/v1');
  return `${provider} at ${url}`;
}

function parse(args: string[]) {
  return parseArgs({
    args,
    strict: true,
    allowPositionals: false,
    options: {
      provider: { type: 'string' },
      model: { type: 'string' },
      'base-url': { type: 'string' },
      trials: { type: 'string' },
      cases: { type: 'string' },
      only: { type: 'string' },
      'no-built-ins': { type: 'boolean' },
      variants: { type: 'string' },
      concurrency: { type: 'string' },
      'max-steps': { type: 'string' },
      'max-tokens': { type: 'string' },
      json: { type: 'string' },
      html: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

class UsageError extends Error {}

async function createModel(
  provider: string,
  name: string,
  baseUrl: string | undefined,
  maxTokens: number,
  env: Record<string, string | undefined>,
): Promise<(context: TrialContext) => Model> {
  if (provider === 'scripted') {
    if (name === 'naive') return ({ evalCase }) => naiveModel(evalCase);
    if (name === 'careful') return ({ evalCase }) => carefulModel(evalCase);
    throw new UsageError(`the scripted models are naive and careful; got ${JSON.stringify(name)}.`);
  }
  if (provider === 'openai') {
    const apiKey = env['OPENAI_API_KEY'] ?? (baseUrl === undefined ? undefined : 'not-needed');
    if (apiKey === undefined)
      throw new UsageError('set OPENAI_API_KEY, or pass --base-url for a local endpoint.');
    const [{ default: OpenAI }, { openaiChatModel }] = await Promise.all([
      importPeer(() => import('openai'), 'openai'),
      import('../adapters/openai/index.js'),
    ]);
    const client = new OpenAI({
      apiKey,
      maxRetries: 2,
      ...(baseUrl === undefined ? {} : { baseURL: baseUrl }),
    });
    const model = openaiChatModel({ client, model: name });
    return () => model;
  }
  const apiKey = env['ANTHROPIC_API_KEY'];
  if (apiKey === undefined) throw new UsageError('set ANTHROPIC_API_KEY.');
  const [{ default: Anthropic }, { anthropicModel }] = await Promise.all([
    importPeer(() => import('@anthropic-ai/sdk'), '@anthropic-ai/sdk'),
    import('../adapters/anthropic/index.js'),
  ]);
  const client = new Anthropic({
    apiKey,
    maxRetries: 2,
    ...(baseUrl === undefined ? {} : { baseURL: baseUrl }),
  });
  return () => anthropicModel({ client, model: name, maxTokens });
}

async function importPeer<T>(load: () => Promise<T>, name: string): Promise<T> {
  try {
    return await load();
  } catch {
    throw new Error(`this provider needs the ${name} package: npm install ${name}`);
  }
}
