import type { AgentMessage } from '../loop/model.js';
import type { ToolCall } from '../protocol.js';

/** A tool message as a scripted eval model understands it. */
export type ToolReply =
  | { kind: 'success'; data: unknown; empty: boolean; message?: string }
  | {
      kind: 'failure';
      /** True when the content was toolbound's structured outcome, false for a raw error. */
      structured: boolean;
      outcomeClass?: string;
      /** The outcome's message, or the raw content as it came. */
      message: string;
      suggestion?: Record<string, unknown>;
      candidates: string[];
    };

/**
 * Reads a tool message's content: toolbound's wire JSON (`ok`, `class`), or what frameworks send
 * today (bare data, `Error: …`, `{"error": …}`).
 */
export function readToolReply(content: string): ToolReply {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return /^\s*error\b/i.test(content)
      ? { kind: 'failure', structured: false, message: content, candidates: [] }
      : { kind: 'success', data: content, empty: content.trim() === '' };
  }
  if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
    const record = parsed as Record<string, unknown>;
    if (typeof record['ok'] === 'boolean' && typeof record['class'] === 'string') {
      const message = typeof record['message'] === 'string' ? record['message'] : '';
      if (record['ok']) {
        return {
          kind: 'success',
          data: record['data'],
          empty: record['class'] === 'empty' || isEmpty(record['data']),
          ...(message === '' ? {} : { message }),
        };
      }
      const suggestion = record['suggestion'];
      const candidates = Array.isArray(record['candidates']) ? record['candidates'] : [];
      return {
        kind: 'failure',
        structured: true,
        outcomeClass: record['class'],
        message,
        ...(typeof suggestion === 'object' && suggestion !== null
          ? { suggestion: suggestion as Record<string, unknown> }
          : {}),
        candidates: candidates
          .map((candidate) => (candidate as { label?: unknown } | null)?.label)
          .filter((label): label is string => typeof label === 'string'),
      };
    }
    if ('error' in record)
      return { kind: 'failure', structured: false, message: String(record['error']), candidates: [] };
  }
  return { kind: 'success', data: parsed, empty: isEmpty(parsed) };
}

/** The tool calls of the model's last turn, so a scripted model can repeat or amend them. */
export function lastToolCalls(messages: readonly AgentMessage[]): ToolCall[] {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index];
    if (message?.role === 'assistant') return message.toolCalls;
  }
  return [];
}

function isEmpty(data: unknown): boolean {
  return (
    data === null ||
    data === undefined ||
    (Array.isArray(data) && data.length === 0) ||
    (typeof data === 'object' && Object.keys(data).length === 0)
  );
}
