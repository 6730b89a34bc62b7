import type { ProgressStream } from '../eval/progress-bar.js';

/** Where a command reads its environment and writes its output; the process by default. */
export interface CommandIo {
  stdout: ProgressStream;
  stderr: ProgressStream;
  env: Record<string, string | undefined>;
  /** Receives SIGINT; a test can pass its own emitter. */
  signals?: {
    once(event: 'SIGINT', listener: () => void): unknown;
    off(event: 'SIGINT', listener: () => void): unknown;
  };
}

/** The real process: its output streams and environment (signals default to the process too). */
export function processIo(): CommandIo {
  return { stdout: process.stdout, stderr: process.stderr, env: process.env };
}
