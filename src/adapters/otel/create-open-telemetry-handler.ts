import {
  type Attributes,
  type Meter,
  metrics,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import type { ApprovalEvent, EventHandler, ToolboundEvent } from '../../observe/events.js';

/** Options for {@link createOpenTelemetryHandler}. */
export interface OpenTelemetryHandlerOptions {
  /**
   * Where the counters and the histogram are created.
   * @default metrics.getMeter('toolbound') (the global meter provider; a no-op until one is registered)
   */
  meter?: Meter;
  /**
   * Where a span per tool call is started.
   * @default trace.getTracer('toolbound') (the global tracer provider)
   */
  tracer?: Tracer;
  /**
   * Tool calls whose earlier events (leaks, retries, internal errors) wait for the call's last
   * event to become span events. The oldest are dropped past this bound.
   * @default 1000
   */
  maxPendingCalls?: number;
}

/** The instrument names, for dashboards and alerts. */
export const OPEN_TELEMETRY_INSTRUMENTS = {
  calls: 'toolbound.tool.calls',
  duration: 'toolbound.tool.duration',
  leaks: 'toolbound.tool.leaks',
  repeatedFailures: 'toolbound.tool.repeated_failures',
  runHalts: 'toolbound.run.halts',
  breakerTransitions: 'toolbound.breaker.transitions',
  approvals: 'toolbound.approvals',
} as const;

type PendingEvent =
  | Extract<ToolboundEvent, { type: 'tool.message_leaked' | 'tool.retried' | 'tool.internal_error' }>
  | ApprovalEvent;

/**
 * Turns toolbound's events into OpenTelemetry metrics and spans, with the GenAI semantic
 * conventions' attribute names (`gen_ai.tool.name`, `gen_ai.tool.call.id`,
 * `gen_ai.operation.name` = `execute_tool`, `error.type`). Each tool call becomes one span whose
 * start and end come from the event's time and duration. It never throws.
 * @example
 * const dispatcher = createDispatcher({ tools, onEvent: createOpenTelemetryHandler() });
 */
export function createOpenTelemetryHandler(options: OpenTelemetryHandlerOptions = {}): EventHandler {
  const { maxPendingCalls = 1000 } = options;
  const meter = options.meter ?? metrics.getMeter('toolbound');
  const tracer = options.tracer ?? trace.getTracer('toolbound');
  const calls = meter.createCounter(OPEN_TELEMETRY_INSTRUMENTS.calls, {
    description: 'Tool calls through the boundary, by tool, outcome class and error code.',
    unit: '{call}',
  });
  const duration = meter.createHistogram(OPEN_TELEMETRY_INSTRUMENTS.duration, {
    description: 'Time from receiving a tool call to returning its message.',
    unit: 's',
  });
  const leaks = meter.createCounter(OPEN_TELEMETRY_INSTRUMENTS.leaks, {
    description: 'Internal details the sanitiser removed before the model could read them.',
    unit: '{leak}',
  });
  const repeatedFailures = meter.createCounter(OPEN_TELEMETRY_INSTRUMENTS.repeatedFailures, {
    description: 'Calls that failed again with the same arguments or the same error in one run.',
    unit: '{failure}',
  });
  const runHalts = meter.createCounter(OPEN_TELEMETRY_INSTRUMENTS.runHalts, {
    description: 'Runs stopped by a fatal outcome or by repeated failures.',
    unit: '{run}',
  });
  const breakerTransitions = meter.createCounter(OPEN_TELEMETRY_INSTRUMENTS.breakerTransitions, {
    description: 'Circuit-breaker state changes, by service and new state.',
    unit: '{transition}',
  });
  const approvals = meter.createCounter(OPEN_TELEMETRY_INSTRUMENTS.approvals, {
    description: 'Approvals asked for, granted, declined and expired, by tool.',
    unit: '{approval}',
  });
  const pending = new Map<string, PendingEvent[]>();

  const hold = (event: PendingEvent) => {
    const key = `${event.runId}\u0000${event.toolCallId}`;
    const list = pending.get(key) ?? [];
    list.push(event);
    pending.delete(key);
    pending.set(key, list);
    if (pending.size > maxPendingCalls) pending.delete(pending.keys().next().value as string);
  };

  const endCall = (event: Extract<ToolboundEvent, { type: 'tool.succeeded' | 'tool.failed' }>) => {
    const failed = event.type === 'tool.failed';
    const attributes: Attributes = {
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': event.tool,
      'toolbound.outcome.class': event.outcomeClass,
      ...(failed ? { 'error.type': event.error } : {}),
    };
    calls.add(1, attributes);
    duration.record(event.durationMs / 1000, attributes);
    const key = `${event.runId}\u0000${event.toolCallId}`;
    const earlier = pending.get(key) ?? [];
    pending.delete(key);
    const span = tracer.startSpan(`execute_tool ${event.tool}`, {
      kind: SpanKind.INTERNAL,
      startTime: event.time - event.durationMs,
      attributes: {
        ...attributes,
        'gen_ai.tool.call.id': event.toolCallId,
        'toolbound.run.id': event.runId,
        'toolbound.attempts': event.attempts,
        ...(failed && event.reference !== undefined ? { 'toolbound.reference': event.reference } : {}),
      },
    });
    for (const item of earlier) span.addEvent(item.type, spanEventAttributes(item), item.time);
    if (failed) span.setStatus({ code: SpanStatusCode.ERROR, message: event.error });
    span.end(event.time);
  };

  const handle = (event: ToolboundEvent) => {
    switch (event.type) {
      case 'tool.succeeded':
      case 'tool.failed':
        endCall(event);
        return;
      case 'tool.message_leaked':
        leaks.add(1, { 'gen_ai.tool.name': event.tool, 'toolbound.leak.rule': event.rule });
        hold(event);
        return;
      case 'tool.retried':
      case 'tool.internal_error':
        hold(event);
        return;
      case 'tool.repeated_failure':
        repeatedFailures.add(1, {
          'gen_ai.tool.name': event.tool,
          'error.type': event.error,
          'toolbound.repeat.scope': event.scope,
        });
        return;
      case 'run.halted':
        runHalts.add(1, {
          'gen_ai.tool.name': event.tool,
          'toolbound.halt.reason': event.reason,
          'error.type': event.error,
        });
        return;
      case 'breaker.opened':
      case 'breaker.half_opened':
      case 'breaker.closed':
        breakerTransitions.add(1, {
          'toolbound.breaker.service': event.service,
          'toolbound.breaker.state': event.type.slice('breaker.'.length),
        });
        return;
      case 'approval.requested':
      case 'approval.approved':
      case 'approval.rejected':
      case 'approval.expired':
        approvals.add(1, {
          'gen_ai.tool.name': event.tool,
          'toolbound.approval.state': event.type.slice('approval.'.length),
        });
        // the call's span ends with its message; the approval step becomes an event on it
        if (event.type !== 'approval.expired') hold(event);
        return;
      default:
        return;
    }
  };

  return (event) => {
    try {
      handle(event);
    } catch {
      // telemetry must never break a tool call
    }
  };
}

// The thrown error's message stays in the server log: a trace backend is a wider audience.
function spanEventAttributes(event: PendingEvent): Attributes {
  switch (event.type) {
    case 'tool.message_leaked':
      return { 'toolbound.leak.rule': event.rule, 'toolbound.leak.field': event.field };
    case 'tool.retried':
      return {
        'toolbound.retry.attempt': event.attempt,
        'toolbound.retry.delay_ms': event.delayMs,
        'toolbound.retry.reason': event.reason,
      };
    case 'tool.internal_error':
      return { 'exception.type': event.thrown.name, 'toolbound.reference': event.reference };
    case 'approval.requested':
    case 'approval.approved':
    case 'approval.rejected':
    case 'approval.expired':
      return {
        'toolbound.approval.id': event.approvalId,
        ...(event.edited === undefined ? {} : { 'toolbound.approval.edited': event.edited }),
      };
  }
}
