#!/usr/bin/env node
import { packageVersion } from './package-version.js';

/** A CLI command: gets its arguments, resolves to an exit code. */
type Command = (args: string[]) => Promise<number>;

const COMMANDS: Record<string, { run: () => Promise<Command>; summary: string }> = {
  demo: {
    run: async () => (await import('./demo-command.js')).runDemoCommand,
    summary: 'print the seed scenarios, run with scripted models (no API key)',
  },
  eval: {
    run: async () => (await import('./eval-command.js')).runEvalCommand,
    summary: 'measure how a model reads each error class, before and after',
  },
  report: {
    run: async () => (await import('./report-command.js')).runReportCommand,
    summary: 'write the HTML dashboard from an events file',
  },
};

const USAGE = `usage: toolbound <command> [options]
       toolbound --version

commands:
${Object.entries(COMMANDS)
  .map(([name, command]) => `  ${name.padEnd(8)} ${command.summary}`)
  .join('\n')}
`;

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h') {
    process.stdout.write(USAGE);
    return name === undefined ? 1 : 0;
  }
  if (name === '--version' || name === '-v') {
    process.stdout.write(`${packageVersion()}\n`);
    return 0;
  }
  const command = COMMANDS[name];
  if (command === undefined) {
    process.stderr.write(`toolbound: unknown command ${JSON.stringify(name)}\n\n${USAGE}`);
    return 2;
  }
  return (await command.run())(rest);
}

// `toolbound demo | head` closes the pipe early; that is not an error worth a stack trace
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`toolbound: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
