#!/usr/bin/env node
/** A CLI command: gets its arguments, resolves to an exit code. */
type Command = (args: string[]) => Promise<number>;

const COMMANDS: Record<string, { run: () => Promise<Command>; summary: string }> = {
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
  const command = COMMANDS[name];
  if (command === undefined) {
    process.stderr.write(`toolbound: unknown command ${JSON.stringify(name)}\n\n${USAGE}`);
    return 2;
  }
  return (await command.run())(rest);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`toolbound: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
