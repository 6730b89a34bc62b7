import { EventEmitter } from 'node:events';
import type { CommandIo } from '../../src/cli/command-io.js';

/** A CommandIo that keeps what a command writes, with its own SIGINT emitter. */
export function memoryIo(env: Record<string, string | undefined> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const signals = new EventEmitter();
  const io: CommandIo = {
    stdout: { write: (text: string) => out.push(text) },
    stderr: { write: (text: string) => err.push(text) },
    env,
    signals: signals as unknown as NonNullable<CommandIo['signals']>,
  };
  return { io, signals, stdout: () => out.join(''), stderr: () => err.join('') };
}
