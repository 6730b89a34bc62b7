import {
  AggregationTemporality,
  InMemoryMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
} from '@opentelemetry/sdk-metrics';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createOpenTelemetryHandler, OPEN_TELEMETRY_INSTRUMENTS } from '../../src/adapters/otel/index.js';
import { createDispatcher } from '../../src/boundary/create-dispatcher.js';
import { resumeAgent } from '../../src/loop/resume-agent.js';
import { runAgent } from '../../src/loop/run-agent.js';
import { scriptedModel } from '../../src/loop/scripted-model.js';
import { silentLogger } from '../../src/observe/logger.js';
import { defineTool } from '../../src/tool/define-tool.js';

describe('approval events in OpenTelemetry', () => {
  it('counts approvals asked for, granted and declined, and puts each on its call span', async () => {
    const metricExporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
    const reader = new PeriodicExportingMetricReader({
      exporter: metricExporter,
      exportIntervalMillis: 60_000,
    });
    const spanExporter = new InMemorySpanExporter();
    const handler = createOpenTelemetryHandler({
      meter: new MeterProvider({ readers: [reader] }).getMeter('test'),
      tracer: new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spanExporter)] }).getTracer(
        'test',
      ),
    });
    const refund = defineTool({
      name: 'refund',
      description: 'Refunds an order.',
      input: z.object({ order: z.string() }),
      needsApproval: true,
      run: ({ order }) => ({ refunded: order }),
    });
    const dispatcher = createDispatcher({ tools: [refund], logger: silentLogger, onEvent: handler });
    for (const approve of [true, false]) {
      const paused = await runAgent({
        model: scriptedModel([
          { toolCalls: [{ name: 'refund', arguments: { order: approve ? 'A1' : 'B2' } }] },
        ]),
        dispatcher,
        messages: [{ role: 'user', content: 'refund' }],
      });
      await resumeAgent({
        model: scriptedModel([{ content: 'ok' }]),
        dispatcher,
        state: paused.state!,
        decisions: [
          approve
            ? { approvalId: paused.pendingApprovals![0]!.approvalId, approve: true }
            : { approvalId: paused.pendingApprovals![0]!.approvalId, approve: false },
        ],
      });
    }
    await reader.forceFlush();
    const points =
      metricExporter
        .getMetrics()
        .at(-1)
        ?.scopeMetrics.flatMap((scope) => scope.metrics)
        .find((metric) => metric.descriptor.name === OPEN_TELEMETRY_INSTRUMENTS.approvals)?.dataPoints ?? [];
    const count = (state: string) =>
      points.find((point) => point.attributes['toolbound.approval.state'] === state)?.value;
    expect(count('requested')).toBe(2);
    expect(count('approved')).toBe(1);
    expect(count('rejected')).toBe(1);
    const spanEvents = spanExporter
      .getFinishedSpans()
      .flatMap((span) => span.events.map((event) => event.name));
    expect(spanEvents.filter((name) => name === 'approval.requested')).toHaveLength(2);
    expect(spanEvents).toContain('approval.approved');
    expect(spanEvents).toContain('approval.rejected');
  });
});
