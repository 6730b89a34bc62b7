import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { EvalReport } from '../eval/eval-report.js';
import { readEventsFile } from '../report/read-events-file.js';
import { type DashboardInput, renderDashboard } from '../report/render-dashboard.js';
import { summarizeEvents } from '../report/summarize-events.js';
import { type CommandIo, processIo } from './command-io.js';
import { describeFileError } from './describe-file-error.js';

const USAGE = `usage: toolbound report <events.jsonl> [-o report.html] [--eval results.json]

Writes one self-contained HTML page (no network) with failures by tool and class, repeated
failures, leaks, breaker openings and, with --eval, the before/after pass rates.

options:
  -o, --output <file>   where to write the page                 [report.html]
  --eval <file>         results written by toolbound eval --json
  --title <text>        the page title                          [toolbound report]
  -h, --help
`;

/**
 * `toolbound report`: reads an events file (and optionally eval results) and writes the
 * dashboard. Unreadable lines are skipped and counted. Exit codes: 0 written, 1 unreadable
 * input or output, 2 bad usage.
 */
export async function runReportCommand(args: string[], io: CommandIo = processIo()): Promise<number> {
  const say = (text: string) => io.stderr.write(`${text}\n`);
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(args);
  } catch (error) {
    say(`toolbound report: ${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout.write(USAGE);
    return 0;
  }
  if (positionals.length > 1) {
    say(`toolbound report: give one events file; got ${positionals.length}.\n\n${USAGE}`);
    return 2;
  }
  const eventsPath = positionals[0];
  if (eventsPath === undefined && values.eval === undefined) {
    say(`toolbound report: give an events file, --eval results, or both.\n\n${USAGE}`);
    return 2;
  }
  const output = values.output ?? 'report.html';
  const input: DashboardInput = { title: values.title ?? 'toolbound report' };

  if (eventsPath !== undefined) {
    try {
      const file = await readEventsFile(eventsPath);
      input.events = summarizeEvents(file.events);
      input.eventsSource = eventsPath;
      input.skippedLines = file.skippedLines;
      if (file.skippedLines > 0)
        say(
          `toolbound report: skipped ${file.skippedLines} line(s) that are not events (line ${file.skippedLineNumbers.join(', ')}${file.skippedLines > file.skippedLineNumbers.length ? ', …' : ''}).`,
        );
      if (file.events.length === 0)
        say(`toolbound report: ${eventsPath} has no events; the page will be empty.`);
    } catch (error) {
      say(`toolbound report: cannot read ${eventsPath}: ${describeFileError(eventsPath, error, 'read')}`);
      return 1;
    }
  }
  if (values.eval !== undefined) {
    try {
      const text = await readFile(values.eval, 'utf8');
      let report: Partial<EvalReport> | null;
      try {
        report = JSON.parse(text) as Partial<EvalReport> | null;
      } catch {
        throw new Error(notResults(values.eval, text));
      }
      if (report?.kind !== 'toolbound.eval' || !Array.isArray(report.summaries))
        throw new Error(notResults(values.eval, text));
      input.eval = report as EvalReport;
    } catch (error) {
      say(`toolbound report: cannot use ${values.eval}: ${describeFileError(values.eval, error, 'read')}`);
      return 1;
    }
  }
  try {
    await writeFile(output, renderDashboard(input));
  } catch (error) {
    say(`toolbound report: cannot write ${output}: ${describeFileError(output, error, 'write')}`);
    return 1;
  }
  const totals = input.events?.totals;
  say(
    `wrote ${output}${totals === undefined ? '' : ` (${totals.events} events: ${totals.failures} failed calls, ${totals.repeatedFailures} repeated failures, ${totals.leaks} leaks)`}`,
  );
  return 0;
}

function parse(args: string[]) {
  return parseArgs({
    args,
    strict: true,
    allowPositionals: true,
    options: {
      output: { type: 'string', short: 'o' },
      eval: { type: 'string' },
      title: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

/** --eval wants eval results; an events file there is the likely mix-up, so say so. */
function notResults(path: string, text: string): string {
  const looksLikeEvents = /\.jsonl$/i.test(path) || /^\s*\{[^\n]*\}\s*\n\s*\{/.test(text);
  return looksLikeEvents
    ? 'it looks like an events file; give it as the first argument (toolbound report events.jsonl), and to --eval the file written by toolbound eval --json.'
    : 'it is not a results file written by toolbound eval --json.';
}
