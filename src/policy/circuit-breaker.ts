import { randomUUID } from 'node:crypto';
import type { EventHandler } from '../observe/events.js';
import type { Clock } from '../state/clock.js';
import { createMemoryStore } from '../state/memory-store.js';
import type { BreakerReply, BreakerResult, BreakerState, StateStore } from '../state/state-store.js';
import type { ResolvedBreakerOptions } from './breaker-options.js';
import { storeDegradedEvent } from './store-degraded.js';

/** Permission for one call to run, to be handed back with its result. */
export interface BreakerTicket {
  service: string;
  holder: string;
  /** True for the single half-open probe call. */
  probe: boolean;
}

/** Whether a call may run now. */
export type BreakerAdmission =
  | { admitted: true; ticket: BreakerTicket }
  | { admitted: false; state: BreakerState; retryAfterMs: number };

/** Circuit breakers for every service, over a StateStore. Never throws or rejects. */
export interface CircuitBreaker {
  /**
   * Asks to run a call; `leaseMs` bounds how long a probe may hold the half-open lease. Answers
   * at once, without a promise, while this process's view of a closed breaker is fresh. `nowMs`
   * is the clock's time when the caller has just read it (one read per call, not two).
   */
  admit(service: string, leaseMs: number, runId?: string, nowMs?: number): Maybe<BreakerAdmission>;
  /** Reports how an admitted call ended; at once, without a promise, when the store need not hear of it. */
  record(ticket: BreakerTicket, result: BreakerResult, runId?: string): Maybe<void>;
}

/** What {@link createCircuitBreaker} needs. */
export interface CircuitBreakerContext {
  store: StateStore;
  options: ResolvedBreakerOptions;
  emit: EventHandler;
  clock: Clock;
}

/** A value now, or a promise of it. */
type Maybe<T> = T | Promise<T>;

/** This process's last word from the store about one service. */
interface View {
  /** The admission a fresh, closed view gives, made once per service. */
  admitted: BreakerAdmission;
  state: BreakerState;
  checkedAt: number;
  /** Before this time a rejection can be repeated without asking the store. */
  retryAt: number;
  pendingSuccesses: number;
  pendingSince: number;
}

const TRANSITION_EVENTS = {
  opened: 'breaker.opened',
  half_opened: 'breaker.half_opened',
  closed: 'breaker.closed',
} as const;

/**
 * Builds the breakers. The state lives in the store, so processes sharing a Redis store share
 * their breakers; this process keeps a short-lived view so that a healthy service costs no
 * round trip (see `syncIntervalMs`). Store trouble fails open: the call runs.
 */
export function createCircuitBreaker(context: CircuitBreakerContext): CircuitBreaker {
  const { store, options, emit, clock } = context;
  const { settings, syncIntervalMs } = options;
  const local = store.updateBreaker === undefined ? createMemoryStore({ clock }) : undefined;
  const update = (local ?? store).updateBreaker!.bind(local ?? store);
  const processId = randomUUID();
  let sequence = 0;
  const views = new Map<string, View>();

  const takePending = (view: View | undefined, now: number): number => {
    if (view === undefined) return 0;
    const count = view.pendingSuccesses;
    view.pendingSuccesses = 0;
    // successes older than the window would only dilute a ratio they are no longer part of
    return now - view.pendingSince >= settings.windowMs ? 0 : count;
  };

  const learn = (service: string, reply: BreakerReply, now: number, runId: string): void => {
    const pending = views.get(service);
    views.set(service, {
      admitted: pending?.admitted ?? { admitted: true, ticket: { service, holder: '', probe: false } },
      state: reply.state,
      checkedAt: now,
      retryAt: now + reply.retryAfterMs,
      pendingSuccesses: pending?.pendingSuccesses ?? 0,
      pendingSince: pending?.pendingSince ?? now,
    });
    if (reply.transition !== 'none')
      emit({ type: TRANSITION_EVENTS[reply.transition], time: now, runId, service });
  };

  const report = (error: unknown, now: number, runId: string) =>
    emit(
      storeDegradedEvent({
        time: now,
        runId,
        source: 'circuit breaker',
        what: 'the store failed, so the call ran without its breaker',
        error,
      }),
    );

  return {
    admit(service, leaseMs, runId = '', nowMs) {
      const now = nowMs ?? clock.now();
      const view = views.get(service);
      if (view !== undefined && syncIntervalMs > 0) {
        const fresh = now - view.checkedAt < syncIntervalMs;
        if (view.state === 'closed' && fresh) return view.admitted;
        // an open breaker's reopening time is known; a probe in flight is re-checked each interval
        if (view.state !== 'closed' && now < view.retryAt && (view.state === 'open' || fresh))
          return { admitted: false, state: view.state, retryAfterMs: view.retryAt - now };
      }
      return ask(service, leaseMs, runId, view, now);
    },

    record(ticket, result, runId = '') {
      if (!ticket.probe && result === 'neutral') return; // nothing the store would change
      const view = views.get(ticket.service);
      if (!ticket.probe && result === 'success' && syncIntervalMs > 0 && view?.state === 'closed') {
        // the clock is read only when a batch of successes starts
        if (view.pendingSuccesses === 0) view.pendingSince = clock.now();
        view.pendingSuccesses++;
        return;
      }
      return tell(ticket, result, runId, view, clock.now());
    },
  };

  /** Asks the store: the view is missing, stale, or not closed. */
  async function ask(
    service: string,
    leaseMs: number,
    runId: string,
    view: View | undefined,
    now: number,
  ): Promise<BreakerAdmission> {
    const holder = `${processId}:${++sequence}`;
    const successes = takePending(view, now);
    try {
      const reply = await update(service, { kind: 'admit', holder, leaseMs, successes }, settings);
      learn(service, reply, now, runId);
      if (reply.admitted) return { admitted: true, ticket: { service, holder, probe: reply.probe } };
      return { admitted: false, state: reply.state, retryAfterMs: reply.retryAfterMs };
    } catch (error) {
      report(error, now, runId);
      return { admitted: true, ticket: { service, holder, probe: false } };
    }
  }

  /** Tells the store how a call ended. */
  async function tell(
    ticket: BreakerTicket,
    result: BreakerResult,
    runId: string,
    view: View | undefined,
    now: number,
  ): Promise<void> {
    const successes = takePending(view, now);
    try {
      const reply = await update(
        ticket.service,
        { kind: 'record', holder: ticket.holder, result, probe: ticket.probe, successes },
        settings,
      );
      learn(ticket.service, reply, now, runId);
    } catch (error) {
      report(error, now, runId);
    }
  }
}
