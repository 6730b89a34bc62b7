import type { BuiltInErrorCode } from './error-code.js';
import type { Candidate, Outcome, OutcomeClass, ToolRequest } from './outcome.js';
import { OUTCOME_CLASSES } from './outcome-fields.js';

const CLASSES: ReadonlySet<string> = new Set(OUTCOME_CLASSES);
const SUCCESS = new Set<OutcomeClass>(['ok', 'partial', 'empty']);

/** True when a value is shaped like an Outcome (a known `class` and a boolean `ok` that agrees). */
export function isOutcome(value: unknown): value is Outcome {
  if (typeof value !== 'object' || value === null) return false;
  const { class: outcomeClass, ok } = value as { class?: unknown; ok?: unknown };
  return (
    typeof outcomeClass === 'string' &&
    CLASSES.has(outcomeClass) &&
    ok === SUCCESS.has(outcomeClass as OutcomeClass)
  );
}

/**
 * Rebuilds an outcome written by a tool author into a well-typed one: texts become strings,
 * missing codes get a default, unknown fields are dropped. `copyData` turns data into plain JSON
 * and bounds texts too: it cuts a long string only where no leak straddles the cut, so the
 * sanitiser, which runs next, sees every secret whole. Returns undefined for a value that is not
 * an outcome.
 */
export function readOutcome(value: unknown, copyData: (data: unknown) => unknown): Outcome | undefined {
  if (!isOutcome(value)) return undefined;
  const source = value as unknown as Record<string, unknown>;
  const message = text(source['message'], copyData) ?? '';
  const error = code(source['error']);
  const hint = text(source['hint'], copyData);
  const note = text(source['note'], copyData);
  // optional texts are spread in only when present, as exactOptionalPropertyTypes requires
  const withHint = hint === undefined ? {} : { hint };
  const withNote = note === undefined ? {} : { note };
  switch (value.class) {
    case 'ok':
      return { ok: true, class: 'ok', data: copyData(source['data']), ...withNote };
    case 'partial':
      return {
        ok: true,
        class: 'partial',
        data: copyData(source['data']),
        message,
        missing: texts(source['missing'], copyData),
        ...withNote,
      };
    case 'empty':
      return {
        ok: true,
        class: 'empty',
        data: copyData(source['data'] ?? []),
        message,
        searched: text(source['searched'], copyData) ?? '',
        ...withNote,
      };
    case 'correctable': {
      const suggestion = record(source['suggestion'], copyData);
      return {
        ok: false,
        class: 'correctable',
        error,
        message,
        ...(suggestion ? { suggestion } : {}),
        ...withHint,
      };
    }
    case 'clarifying':
      return {
        ok: false,
        class: 'clarifying',
        error,
        message,
        candidates: candidates(source['candidates'], copyData),
        ...withHint,
      };
    case 'unavailable': {
      const retryAfterMs = source['retryAfterMs'];
      return {
        ok: false,
        class: 'unavailable',
        error,
        message,
        retryable: source['retryable'] === true,
        ...(typeof retryAfterMs === 'number' && Number.isFinite(retryAfterMs) && retryAfterMs >= 0
          ? { retryAfterMs }
          : {}),
        ...withHint,
      };
    }
    case 'refused': {
      const offer = request(source['offer'], copyData);
      return { ok: false, class: 'refused', error, message, ...(offer ? { offer } : {}), ...withHint };
    }
    case 'fatal':
      return { ok: false, class: 'fatal', error, message };
  }
}

function text(value: unknown, copyData: (data: unknown) => unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  const copied = copyData(typeof value === 'string' ? value : String(value));
  return typeof copied === 'string' ? copied : '';
}

function code(value: unknown): string {
  return typeof value === 'string' && /^[A-Za-z0-9_.-]{1,64}$/.test(value)
    ? value
    : ('tool_error' satisfies BuiltInErrorCode);
}

function texts(value: unknown, copyData: (data: unknown) => unknown): string[] {
  return Array.isArray(value) ? value.slice(0, 100).map((item) => text(item, copyData) ?? '') : [];
}

function record(value: unknown, copyData: (data: unknown) => unknown): Record<string, unknown> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const copied = copyData(value);
  return typeof copied === 'object' && copied !== null ? (copied as Record<string, unknown>) : undefined;
}

function candidates(value: unknown, copyData: (data: unknown) => unknown): Candidate[] {
  if (!Array.isArray(value)) return [];
  return value.slice(0, 50).map((item) => {
    const source: Record<string, unknown> =
      typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : { label: item };
    const args = record(source['arguments'], copyData);
    return { label: text(source['label'], copyData) ?? '', ...(args ? { arguments: args } : {}) };
  });
}

function request(value: unknown, copyData: (data: unknown) => unknown): ToolRequest | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const source = value as Record<string, unknown>;
  const tool = text(source['tool'], copyData);
  if (tool === undefined) return undefined;
  return { tool, arguments: record(source['arguments'], copyData) ?? {} };
}
