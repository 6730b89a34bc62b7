import type { BreakerCommand, BreakerReply, BreakerSettings, BreakerState } from './state-store.js';

/** The probe lease of one breaker, as the store holding it provides it. */
export interface ProbeLease {
  /** Takes the lease when nobody holds it; true when `holder` now has it. */
  acquire(holder: string, ttlMs: number): boolean;
  /** Gives it back when `holder` still has it. */
  release(holder: string): void;
  /** Milliseconds until the current lease ends; 0 when nobody holds it. */
  remainingMs(): number;
}

/**
 * The breaker state machine over one record's fields, mutated in place. The memory store runs
 * it as is; the Redis store runs the same steps in Lua (keep the two in step). Closed counts
 * consecutive failures and a sliding window of calls (two fixed buckets, the older one weighted
 * by how much of it still overlaps the window); either trigger opens it. Open rejects until
 * `openMs` has passed, then half-open lets one probe through under a lease; the probe's success
 * closes it, its failure opens it again, a neutral end releases the lease for another probe.
 */
export function applyBreakerCommand(
  fields: Map<string, string>,
  command: BreakerCommand,
  settings: BreakerSettings,
  nowMs: number,
  lease: ProbeLease,
): BreakerReply {
  const number = (field: string) => Number(fields.get(field) ?? 0);
  let state = (fields.get('state') ?? 'closed') as BreakerState;
  let transition: BreakerReply['transition'] = 'none';

  const bucket = Math.floor(nowMs / settings.windowMs);
  const storedBucket = fields.has('bucket') ? number('bucket') : bucket;
  if (storedBucket !== bucket) {
    const adjacent = storedBucket === bucket - 1;
    fields.set('previousTotal', adjacent ? String(number('currentTotal')) : '0');
    fields.set('previousFailures', adjacent ? String(number('currentFailures')) : '0');
    fields.set('currentTotal', '0');
    fields.set('currentFailures', '0');
  }
  fields.set('bucket', String(bucket));

  const open = () => {
    state = 'open';
    transition = 'opened';
    fields.set('state', state);
    fields.set('openUntil', String(nowMs + settings.openMs));
    for (const field of [
      'consecutive',
      'currentTotal',
      'currentFailures',
      'previousTotal',
      'previousFailures',
    ])
      fields.set(field, '0');
  };

  if (state === 'closed' && command.successes > 0) {
    fields.set('consecutive', '0');
    fields.set('currentTotal', String(number('currentTotal') + command.successes));
  }

  if (command.kind === 'admit') {
    if (state === 'open') {
      const waitMs = number('openUntil') - nowMs;
      if (waitMs > 0) return reply(state, false, false, waitMs, transition);
      state = 'half_open';
      transition = 'half_opened';
      fields.set('state', state);
    }
    if (state === 'half_open') {
      if (lease.acquire(command.holder, command.leaseMs)) return reply(state, true, true, 0, transition);
      return reply(state, false, false, Math.max(1, lease.remainingMs()), transition);
    }
    return reply(state, true, false, 0, transition);
  }

  const recorded = () =>
    reply(state, true, false, state === 'open' ? Math.max(0, number('openUntil') - nowMs) : 0, transition);

  if (command.probe) {
    lease.release(command.holder);
    if (state === 'half_open' && command.result === 'success') {
      state = 'closed';
      transition = 'closed';
      fields.set('state', state);
      for (const field of [
        'consecutive',
        'currentTotal',
        'currentFailures',
        'previousTotal',
        'previousFailures',
      ])
        fields.set(field, '0');
    } else if (state === 'half_open' && command.result === 'failure') {
      open();
    }
    return recorded();
  }

  // a call admitted while closed that ends after the breaker moved on changes nothing
  if (state !== 'closed' || command.result === 'neutral') return recorded();
  fields.set('currentTotal', String(number('currentTotal') + 1));
  if (command.result === 'success') {
    fields.set('consecutive', '0');
    return recorded();
  }
  const consecutive = number('consecutive') + 1;
  fields.set('consecutive', String(consecutive));
  fields.set('currentFailures', String(number('currentFailures') + 1));
  const weight = 1 - (nowMs - bucket * settings.windowMs) / settings.windowMs;
  const total = number('previousTotal') * weight + number('currentTotal');
  const failures = number('previousFailures') * weight + number('currentFailures');
  if (
    consecutive >= settings.consecutiveFailures ||
    (total >= settings.minimumCalls && failures / total >= settings.failureRatio)
  ) {
    open();
  }
  return recorded();
}

function reply(
  state: BreakerState,
  admitted: boolean,
  probe: boolean,
  retryAfterMs: number,
  transition: BreakerReply['transition'],
): BreakerReply {
  return { state, admitted, probe, retryAfterMs, transition };
}
