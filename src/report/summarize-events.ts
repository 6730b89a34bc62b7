import type { ToolboundEvent } from '../observe/events.js';

/** Counts of one tool, split by a key such as the outcome class or the leak rule. */
export interface ToolBreakdown {
  tool: string;
  total: number;
  byKey: Record<string, number>;
}

/** What the dashboard shows, computed from the events alone. */
export interface EventsSummary {
  totals: {
    events: number;
    calls: number;
    failures: number;
    leaks: number;
    repeatedFailures: number;
    breakerOpenings: number;
    runHalts: number;
    internalErrors: number;
  };
  /** Calls per tool (succeeded and failed), for failure rates. */
  callsByTool: Record<string, number>;
  /** Failed calls per tool, split by outcome class; most failures first. */
  failuresByTool: ToolBreakdown[];
  /** Repeated-failure events per tool, split by error code; most first. */
  repeatedByTool: ToolBreakdown[];
  /** The (tool, error) pairs behind repeated failures; most first, at most 10. */
  topRepeatedPairs: Array<{ tool: string; error: string; count: number }>;
  /** Leaks per tool, split by rule; most first. */
  leaksByTool: ToolBreakdown[];
  /** Approvals by what happened to them: asked for, granted, declined, expired. */
  approvals: { requested: number; approved: number; rejected: number; expired: number };
  /** Every breaker opening, oldest first. */
  breakerOpenings: Array<{ time: number; service: string }>;
  /** The time span of the events, in milliseconds since the epoch, when any carry a time. */
  firstTime?: number;
  lastTime?: number;
}

/** Counts what the dashboard charts: failures, repeated failures, leaks and breaker openings. */
export function summarizeEvents(events: readonly ToolboundEvent[]): EventsSummary {
  const calls: Record<string, number> = {};
  const failures = new Map<string, ToolBreakdown>();
  const repeated = new Map<string, ToolBreakdown>();
  const pairs = new Map<string, { tool: string; error: string; count: number }>();
  const leaks = new Map<string, ToolBreakdown>();
  const breakerOpenings: EventsSummary['breakerOpenings'] = [];
  const totals = { ...ZERO_TOTALS, events: events.length };
  const approvals = { requested: 0, approved: 0, rejected: 0, expired: 0 };
  let firstTime: number | undefined;
  let lastTime: number | undefined;

  for (const event of events) {
    if (typeof event.time === 'number' && Number.isFinite(event.time)) {
      firstTime = Math.min(firstTime ?? event.time, event.time);
      lastTime = Math.max(lastTime ?? event.time, event.time);
    }
    switch (event.type) {
      case 'tool.succeeded':
        totals.calls++;
        calls[event.tool] = (calls[event.tool] ?? 0) + 1;
        break;
      case 'tool.failed':
        totals.calls++;
        totals.failures++;
        calls[event.tool] = (calls[event.tool] ?? 0) + 1;
        add(failures, event.tool, String(event.outcomeClass));
        break;
      case 'tool.repeated_failure': {
        totals.repeatedFailures++;
        add(repeated, event.tool, String(event.error));
        const key = JSON.stringify([event.tool, event.error]);
        const pair = pairs.get(key) ?? { tool: event.tool, error: String(event.error), count: 0 };
        pair.count++;
        pairs.set(key, pair);
        break;
      }
      case 'tool.message_leaked':
        totals.leaks++;
        add(leaks, event.tool, String(event.rule));
        break;
      case 'tool.internal_error':
        totals.internalErrors++;
        break;
      case 'run.halted':
        totals.runHalts++;
        break;
      case 'breaker.opened':
        totals.breakerOpenings++;
        breakerOpenings.push({ time: event.time, service: String(event.service) });
        break;
      case 'approval.requested':
      case 'approval.approved':
      case 'approval.rejected':
      case 'approval.expired':
        approvals[event.type.slice('approval.'.length) as keyof typeof approvals]++;
        break;
      default:
        break;
    }
  }
  breakerOpenings.sort((left, right) => left.time - right.time);
  const summary: EventsSummary = {
    totals,
    callsByTool: calls,
    failuresByTool: sorted(failures),
    repeatedByTool: sorted(repeated),
    topRepeatedPairs: [...pairs.values()]
      .sort((left, right) => right.count - left.count || left.tool.localeCompare(right.tool))
      .slice(0, 10),
    leaksByTool: sorted(leaks),
    approvals,
    breakerOpenings,
  };
  if (firstTime !== undefined) summary.firstTime = firstTime;
  if (lastTime !== undefined) summary.lastTime = lastTime;
  return summary;
}

const ZERO_TOTALS = {
  calls: 0,
  failures: 0,
  leaks: 0,
  repeatedFailures: 0,
  breakerOpenings: 0,
  runHalts: 0,
  internalErrors: 0,
};

function add(map: Map<string, ToolBreakdown>, tool: unknown, key: string): void {
  const name = String(tool);
  const entry = map.get(name) ?? { tool: name, total: 0, byKey: {} };
  entry.total++;
  entry.byKey[key] = (entry.byKey[key] ?? 0) + 1;
  map.set(name, entry);
}

function sorted(map: Map<string, ToolBreakdown>): ToolBreakdown[] {
  return [...map.values()].sort(
    (left, right) => right.total - left.total || left.tool.localeCompare(right.tool),
  );
}
