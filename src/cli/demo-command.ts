import { type CommandIo, processIo } from './command-io.js';

const USAGE = `usage: toolbound demo

Runs the seed scenarios with scripted models (no API key, no network) and prints each
transcript: the calls the model makes, the tool messages it reads, and what only the server log
sees. The scenarios define their tools with zod, so zod must be installed.
`;

/** `toolbound demo`: prints the seed transcripts. Exit codes: 0 done, 1 zod missing, 2 bad usage. */
export async function runDemoCommand(args: string[], io: CommandIo = processIo()): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    io.stdout.write(USAGE);
    return 0;
  }
  if (args.length > 0) {
    io.stderr.write(`toolbound demo: takes no arguments; got ${JSON.stringify(args.join(' '))}.\n\n${USAGE}`);
    return 2;
  }
  let runDemo: (print: (line: string) => void) => Promise<void>;
  try {
    ({ runDemo } = await import('./demo/run-demo.js'));
  } catch (error) {
    if (isMissingZod(error)) {
      io.stderr.write('toolbound demo: the demo defines its tools with zod; run npm install zod first.\n');
      return 1;
    }
    throw error;
  }
  await runDemo((line) => io.stdout.write(`${line}\n`));
  return 0;
}

function isMissingZod(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === 'ERR_MODULE_NOT_FOUND' && typeof message === 'string' && message.includes("'zod'");
}
