import type { LeakSpan } from './leak-rule.js';
import { findRevealedSecrets } from './rules/find-revealed-secrets.js';

/** Keys under which a tool's result keeps the command it ran (compared in lower case). */
const COMMAND_KEYS = new Set(['command', 'cmd', 'commandline', 'command_line', 'script']);
/** Keys of an object that holds the command in one of {@link COMMAND_KEYS}: a shell tool's `input`. */
const COMMAND_HOLDERS = new Set(['input', 'arguments', 'args', 'params', 'request']);
/** Keys under which it keeps what the command printed. */
const OUTPUT_KEYS = new Set(['output', 'stdout', 'result']);

/** The longest command read with its output; a longer one is read alone, as before. */
const COMMAND_LENGTH = 4_096;

function commandIn(key: string, field: unknown): string | undefined {
  if (COMMAND_KEYS.has(key)) return typeof field === 'string' ? field : undefined;
  if (!COMMAND_HOLDERS.has(key) || typeof field !== 'object' || field === null) return undefined;
  for (const [nestedKey, nested] of Object.entries(field))
    if (COMMAND_KEYS.has(nestedKey.toLowerCase()) && typeof nested === 'string') return nested;
  return undefined;
}

/** Whether an object's keys may keep a command beside its output: only then is it read as a transcript. */
export function mayHoldCommandOutput(keys: readonly string[]): boolean {
  let command = false;
  let output = false;
  for (const key of keys) {
    const lower = key.toLowerCase();
    if (COMMAND_KEYS.has(lower) || COMMAND_HOLDERS.has(lower)) command = true;
    else if (OUTPUT_KEYS.has(lower)) output = true;
  }
  return command && output;
}

/**
 * A shell tool's result keeps the command and what it printed apart (`{"input": {"command":
 * "argocd admin initial-password"}, "output": "X\n…"}`), so neither string alone shows that the
 * output is a secret the command revealed. Read together, as the terminal showed them, they do:
 * the spans of the output that the readers of revealed secrets find, and the output's index.
 * Undefined when the keys hold no such pair or the command reveals nothing.
 */
export function revealedOutput(
  keys: readonly string[],
  fields: readonly unknown[],
): { index: number; spans: LeakSpan[] } | undefined {
  let command: string | undefined;
  let index = -1;
  for (let position = 0; position < keys.length; position += 1) {
    const key = (keys[position] as string).toLowerCase();
    const field = fields[position];
    if (OUTPUT_KEYS.has(key)) {
      if (typeof field === 'string') index = position;
    } else command ??= commandIn(key, field);
  }
  if (command === undefined || index === -1 || command.length > COMMAND_LENGTH) return undefined;
  const offset = command.length + 1;
  const spans: LeakSpan[] = [];
  findRevealedSecrets(`${command}\n${fields[index] as string}`, (start, end) => {
    if (end > offset)
      spans.push({ rule: 'credential', start: Math.max(0, start - offset), end: end - offset });
  });
  return spans.length === 0 ? undefined : { index, spans };
}
