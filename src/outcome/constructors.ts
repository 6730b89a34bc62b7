import type { BuiltInErrorCode } from './error-code.js';
import type {
  Candidate,
  ClarifyingOutcome,
  CorrectableOutcome,
  EmptyOutcome,
  FatalOutcome,
  OkOutcome,
  PartialOutcome,
  RefusedOutcome,
  ToolRequest,
  UnavailableOutcome,
} from './outcome.js';

/**
 * A successful result. Pass `note` when the data is not what was literally asked for.
 * @example ok(rows, { note: 'limit was reduced from 10000 to the maximum of 200.' })
 */
export function ok(data: unknown, options: { note?: string } = {}): OkOutcome {
  return options.note === undefined
    ? { ok: true, class: 'ok', data }
    : { ok: true, class: 'ok', data, note: options.note };
}

/** Part of the request succeeded; `missing` names what did not come back. */
export function partial(
  data: unknown,
  options: { message: string; missing: string[]; note?: string },
): PartialOutcome {
  const outcome: PartialOutcome = {
    ok: true,
    class: 'partial',
    data,
    message: options.message,
    missing: options.missing,
  };
  if (options.note !== undefined) outcome.note = options.note;
  return outcome;
}

/**
 * A successful answer that found nothing. `searched` states the scope of the search.
 * @example empty({ message: 'No open tickets for Acme in the last 90 days.', searched: 'open tickets, Acme, last 90 days' })
 */
export function empty(options: { message: string; searched: string; data?: unknown }): EmptyOutcome {
  return {
    ok: true,
    class: 'empty',
    data: options.data ?? [],
    message: options.message,
    searched: options.searched,
  };
}

/**
 * A failure the model can fix. Give `suggestion` only when exactly one correction exists.
 * @example correctable({ error: 'invalid_sku', message: 'SKU 4411 is missing its prefix.', suggestion: { sku: 'SKU-4411' } })
 */
export function correctable(options: {
  error: string;
  message: string;
  hint?: string;
  suggestion?: Record<string, unknown>;
}): CorrectableOutcome {
  const outcome: CorrectableOutcome = {
    ok: false,
    class: 'correctable',
    error: options.error,
    message: options.message,
  };
  if (options.hint !== undefined) outcome.hint = options.hint;
  if (options.suggestion !== undefined) outcome.suggestion = options.suggestion;
  return outcome;
}

/** An ambiguous request: the model should ask the user to pick one of `candidates`. */
export function clarifying(options: {
  error: string;
  message: string;
  candidates: Candidate[];
  hint?: string;
}): ClarifyingOutcome {
  const outcome: ClarifyingOutcome = {
    ok: false,
    class: 'clarifying',
    error: options.error,
    message: options.message,
    candidates: options.candidates,
  };
  if (options.hint !== undefined) outcome.hint = options.hint;
  return outcome;
}

/**
 * The old name of {@link clarifying}, kept for one minor version.
 * @deprecated Use `clarifying()`, which is named after the class it builds.
 */
export const clarify = clarifying;

/**
 * A source that could not be reached. Write `message` as the sentence the user should read,
 * saying that this is a gap in the answer.
 */
export function unavailable(options: {
  error: string;
  message: string;
  retryable: boolean;
  hint?: string;
  retryAfterMs?: number;
}): UnavailableOutcome {
  const outcome: UnavailableOutcome = {
    ok: false,
    class: 'unavailable',
    error: options.error,
    message: options.message,
    retryable: options.retryable,
  };
  if (options.hint !== undefined) outcome.hint = options.hint;
  if (options.retryAfterMs !== undefined) outcome.retryAfterMs = options.retryAfterMs;
  return outcome;
}

/**
 * A deliberate refusal. Name the route forward in `offer` when one exists.
 * @example refused({ error: 'limit_exceeded', message: 'That credit is $4,200 and your limit is $2,500.', offer: { tool: 'request_approval', arguments: { amount: 4200 } } })
 */
export function refused(options: {
  error: string;
  message: string;
  hint?: string;
  offer?: ToolRequest;
}): RefusedOutcome {
  const outcome: RefusedOutcome = {
    ok: false,
    class: 'refused',
    error: options.error,
    message: options.message,
  };
  if (options.hint !== undefined) outcome.hint = options.hint;
  if (options.offer !== undefined) outcome.offer = options.offer;
  return outcome;
}

/** The sentence every not-found and every permission refusal shares. */
export const NOT_FOUND_MESSAGE = 'No matching record is available to you.';

/**
 * A record that does not exist, or one the caller may not see: the two are byte-identical on
 * purpose, so a refusal discloses nothing. It takes no detail and no offer.
 */
export function notFound(): RefusedOutcome {
  return {
    ok: false,
    class: 'refused',
    error: 'not_found' satisfies BuiltInErrorCode,
    message: NOT_FOUND_MESSAGE,
  };
}

/** An operator problem (bad credentials, misconfiguration): the run halts. */
export function fatal(options: { error: string; message: string }): FatalOutcome {
  return { ok: false, class: 'fatal', error: options.error, message: options.message };
}
