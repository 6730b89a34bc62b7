import { createHmac, timingSafeEqual } from 'node:crypto';
import { canonicalArgumentsKey } from '../boundary/canonical-arguments.js';
import type { PendingApproval, ToolMessage } from '../protocol.js';
import type { Clock } from '../state/clock.js';
import type { AgentMessage, ModelResponse, Usage } from './model.js';

/**
 * What a paused run hands its caller: JSON-safe, to store anywhere (a database row, a queue
 * message, a browser). It holds no conversation: the run itself, the pending calls and their
 * arguments stay in the StateStore under `stateId` and each `approvalId`. `pendingApprovals` is a
 * copy for showing to the approver; resuming checks it against the stored one, and `signature`
 * (present when `approvals.secret` is set) proves the whole state came from this server.
 */
export interface PausedRunState {
  type: 'toolbound.paused_run';
  version: 1;
  stateId: string;
  runId: string;
  /** Milliseconds since the epoch after which the state can no longer be resumed. */
  expiresAt: number;
  pendingApprovals: PendingApproval[];
  /** HMAC-SHA256 of the other fields, base64url. */
  signature?: string;
}

/** Options for approvals in `runAgent` and `resumeAgent`. */
export interface ApprovalOptions {
  /**
   * Signs the state the caller holds (HMAC-SHA256), so that a changed state is refused before
   * the store is read. Use the same secret in every process that resumes runs.
   * @default none: the state is unsigned, and checked only against the stored copy
   */
  secret?: string | Uint8Array;
  /**
   * How long a paused run can be resumed.
   * @default 86400000 (one day)
   */
  ttlMs?: number;
  /**
   * Reads the time for `expiresAt`; inject a fake one in tests.
   * @default systemClock
   */
  clock?: Clock;
}

/** Why `resumeAgent` refused a state or its decisions. */
export type ApprovalStateErrorReason =
  | 'malformed'
  | 'tampered'
  | 'expired'
  | 'already_used'
  | 'invalid_decision'
  | 'secret_missing'
  | 'store_unavailable';

const MARKER = Symbol.for('toolbound.ApprovalStateError');

/**
 * `resumeAgent` refused to continue; `reason` says which check failed. Nothing ran. After
 * `invalid_decision`, `secret_missing` and `store_unavailable` the same state can be resumed once fixed.
 */
export class ApprovalStateError extends Error {
  readonly reason: ApprovalStateErrorReason;
  readonly [MARKER] = true;
  constructor(reason: ApprovalStateErrorReason, message: string) {
    super(message);
    this.name = 'ApprovalStateError';
    this.reason = reason;
  }
  /** True for an ApprovalStateError from any copy of toolbound. */
  static isInstance(value: unknown): value is ApprovalStateError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[MARKER] === true;
  }
}

/** What the store keeps under `paused:<stateId>`. */
export interface PausedRunSnapshot {
  runId: string;
  /** The canonical form of the state the caller was given, to check theirs against. */
  digest: string;
  /** The conversation up to and including the assistant turn whose calls wait. */
  messages: AgentMessage[];
  steps: Array<{ index: number; response: ModelResponse; toolMessages: ToolMessage[] }>;
  /** Tool messages of the turns before the paused one. */
  toolMessages: ToolMessage[];
  usage: Usage;
  /** The paused turn: its model response and every call's message in order, pending ones included. */
  turn: { index: number; response: ModelResponse; results: ToolMessage[] };
}

/** The store key of a paused run. */
export const pausedRunKey = (stateId: string) => `paused:${stateId}`;

/** The fields of a state in one fixed order; arguments by their canonical key. */
export function digestState(state: Omit<PausedRunState, 'signature'>): string {
  return JSON.stringify([
    state.type,
    state.version,
    state.stateId,
    state.runId,
    state.expiresAt,
    state.pendingApprovals.map((pending) => [
      pending.approvalId,
      pending.toolName,
      canonicalArgumentsKey(pending.arguments),
      pending.message ?? null,
    ]),
  ]);
}

/** The signature of a state's digest. */
export function signDigest(digest: string, secret: string | Uint8Array): string {
  return createHmac('sha256', secret).update(digest).digest('base64url');
}

/** Compares two signatures in constant time. */
export function sameSignature(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Reads a state a caller sent back (an object or its JSON text), or says what is wrong with it. */
export function readPausedRunState(value: unknown): PausedRunState {
  let state = value;
  if (typeof state === 'string') {
    try {
      state = JSON.parse(state);
    } catch {
      throw malformed('it is a string but not JSON');
    }
  }
  if (typeof state !== 'object' || state === null) throw malformed('it is not an object');
  const record = state as Record<string, unknown>;
  if (record['type'] !== 'toolbound.paused_run' || record['version'] !== 1)
    throw malformed('its type is not "toolbound.paused_run" version 1');
  for (const field of ['stateId', 'runId'] as const)
    if (typeof record[field] !== 'string' || record[field] === '') throw malformed(`${field} is missing`);
  if (typeof record['expiresAt'] !== 'number' || !Number.isFinite(record['expiresAt']))
    throw malformed('expiresAt is not a number');
  if (record['signature'] !== undefined && typeof record['signature'] !== 'string')
    throw malformed('signature is not a string');
  const pending = record['pendingApprovals'];
  if (!Array.isArray(pending) || pending.length === 0) throw malformed('pendingApprovals is empty');
  for (const each of pending) {
    const item = each as Record<string, unknown> | null;
    if (
      typeof item !== 'object' ||
      item === null ||
      typeof item['approvalId'] !== 'string' ||
      typeof item['toolName'] !== 'string' ||
      typeof item['arguments'] !== 'object' ||
      item['arguments'] === null ||
      (item['message'] !== undefined && typeof item['message'] !== 'string')
    )
      throw malformed('an entry of pendingApprovals is not { approvalId, toolName, arguments, message? }');
  }
  return record as unknown as PausedRunState;
}

function malformed(why: string): ApprovalStateError {
  return new ApprovalStateError(
    'malformed',
    `resumeAgent: state is not a paused run: ${why}. Pass the \`state\` a paused AgentResult returned, unchanged (JSON.parse of what you stored is fine).`,
  );
}
