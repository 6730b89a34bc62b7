import type { OutcomeClass } from './outcome.js';

/**
 * How each field of an outcome is read, written for the model and sanitised: the one table the
 * reader, the renderer and the sanitiser share, so a new field cannot reach one and miss another.
 *
 * - `sentence`: text for the model; a leak replaces the whole sentence.
 * - `hint`: an optional sentence; a leak drops it.
 * - `code`: a machine code in snake_case.
 * - `data`: any JSON; a leak redacts only the matching span.
 * - `texts`: a list of short texts.
 * - `flag`, `number`: scalars that cannot carry text.
 * - `reference`: a server-log id made by toolbound.
 */
export type FieldKind = 'sentence' | 'hint' | 'code' | 'data' | 'texts' | 'flag' | 'number' | 'reference';

/** Every field an outcome may carry besides `class` and `ok`, and its kind. */
export const OUTCOME_FIELD_KINDS = {
  data: 'data',
  note: 'sentence',
  message: 'sentence',
  missing: 'texts',
  searched: 'sentence',
  error: 'code',
  hint: 'hint',
  suggestion: 'data',
  candidates: 'data',
  retryable: 'flag',
  retryAfterMs: 'number',
  reference: 'reference',
  offer: 'data',
} as const satisfies Record<string, FieldKind>;

/** A field name of some outcome class. */
export type OutcomeField = keyof typeof OUTCOME_FIELD_KINDS;

/** The fields each class carries, besides `class` and `ok`. */
export const OUTCOME_CLASS_FIELDS = {
  ok: ['data', 'note'],
  partial: ['data', 'message', 'missing', 'note'],
  empty: ['data', 'message', 'searched', 'note'],
  correctable: ['error', 'message', 'hint', 'suggestion'],
  clarifying: ['error', 'message', 'candidates', 'hint'],
  unavailable: ['error', 'message', 'retryable', 'hint', 'retryAfterMs', 'reference'],
  refused: ['error', 'message', 'hint', 'offer'],
  fatal: ['error', 'message'],
} as const satisfies Record<OutcomeClass, readonly OutcomeField[]>;

/** Every outcome class, in the order the docs list them. */
export const OUTCOME_CLASSES = Object.keys(OUTCOME_CLASS_FIELDS) as OutcomeClass[];

/** `class`, `ok` and every field of any class: what an outcome may hold at its top level. */
export const KNOWN_OUTCOME_KEYS: ReadonlySet<string> = new Set([
  'class',
  'ok',
  ...Object.keys(OUTCOME_FIELD_KINDS),
]);
