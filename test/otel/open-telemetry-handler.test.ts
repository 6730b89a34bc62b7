import { SpanStatusCode } from '@opentelemetry/api';
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
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createOpenTelemetryHandler, OPEN_TELEMETRY_INSTRUMENTS } from '../../src/adapters/otel/index.js';
import { createDispatcher } from '../../src/boundary/create-dispatcher.js';
import { silentLogger } from '../../src/observe/logger.js';
import { correctable } from '../../src/outcome/constructors.js';
import { defineTool } from '../../src/tool/define-tool.js';

// What the OpenTelemetry handler records, read back through the SDK's in-memory exporters.
const metricExporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
const reader = new PeriodicExportingMetricReader({ exporter: metricExporter, exportIntervalMillis: 60_000 });
const meterProvider = new MeterProvider({ readers: [reader] });
const spanExporter = new InMemorySpanExporter();
const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spanExporter)] });

afterEach(() => {
  spanExporter.reset();
  metricExporter.reset();
});

let now = 1_748_850_000_000;
const clock = {
  now: () => now,
  setTimeout,
  clearTimeout: (handle: unknown) => clearTimeout(handle as NodeJS.Timeout),
};
const getWeather = defineTool({
  name: 'get_weather',
  description: 'Weather in a city.',
  input: z.object({ city: z.string() }),
  run: ({ city }) => {
    now += 250;
    if (city === 'Punee')
      return correctable({ error: 'unknown_city', message: 'Unknown city.', suggestion: { city: 'Pune' } });
    if (city === 'Leaky') return { note: 'failed: SELECT * FROM cities WHERE name = 1' };
    return { city, temperatureC: 31 };
  },
});

async function collect() {
  await reader.forceFlush();
  const metrics =
    metricExporter
      .getMetrics()
      .at(-1)
      ?.scopeMetrics.flatMap((scope) => scope.metrics) ?? [];
  return (name: string) => metrics.find((metric) => metric.descriptor.name === name)?.dataPoints ?? [];
}

describe('createOpenTelemetryHandler', () => {
  it('records calls, durations, leaks, repeats and a span per call with GenAI attribute names', async () => {
    const dispatcher = createDispatcher({
      tools: [getWeather],
      logger: silentLogger,
      clock,
      onEvent: createOpenTelemetryHandler({
        meter: meterProvider.getMeter('test'),
        tracer: tracerProvider.getTracer('test'),
      }),
    });
    const runId = 'run-1';
    await dispatcher.dispatch({ id: 'call_1', name: 'get_weather', arguments: '{"city":"Pune"}' }, { runId });
    await dispatcher.dispatch(
      { id: 'call_2', name: 'get_weather', arguments: '{"city":"Punee"}' },
      { runId },
    );
    await dispatcher.dispatch(
      { id: 'call_3', name: 'get_weather', arguments: '{"city":"Punee"}' },
      { runId },
    );
    await dispatcher.dispatch(
      { id: 'call_4', name: 'get_weather', arguments: '{"city":"Leaky"}' },
      { runId: 'run-2' },
    );

    const points = await collect();
    const calls = points(OPEN_TELEMETRY_INSTRUMENTS.calls);
    const failed = calls.find((point) => point.attributes['error.type'] === 'unknown_city');
    expect(failed?.value).toBe(2);
    expect(failed?.attributes).toMatchObject({
      'gen_ai.tool.name': 'get_weather',
      'gen_ai.operation.name': 'execute_tool',
      'toolbound.outcome.class': 'correctable',
    });
    const succeeded = calls.find((point) => point.attributes['toolbound.outcome.class'] === 'ok');
    expect(succeeded?.value).toBe(2);
    expect(succeeded?.attributes['error.type']).toBeUndefined();

    const durations = points(OPEN_TELEMETRY_INSTRUMENTS.duration);
    const okDuration = durations.find((point) => point.attributes['toolbound.outcome.class'] === 'ok')
      ?.value as {
      count: number;
      sum: number;
    };
    expect(okDuration.count).toBe(2);
    expect(okDuration.sum).toBeCloseTo(0.5); // two calls of 250 ms, in seconds

    const leaks = points(OPEN_TELEMETRY_INSTRUMENTS.leaks);
    expect(leaks.length).toBeGreaterThan(0);
    expect(leaks.every((point) => point.attributes['gen_ai.tool.name'] === 'get_weather')).toBe(true);
    expect(leaks.map((point) => point.attributes['toolbound.leak.rule'])).toContain('sql');

    const repeats = points(OPEN_TELEMETRY_INSTRUMENTS.repeatedFailures);
    expect(repeats).toHaveLength(1);
    expect(repeats[0]?.value).toBe(1);
    expect(repeats[0]?.attributes).toMatchObject({
      'gen_ai.tool.name': 'get_weather',
      'error.type': 'unknown_city',
    });
    expect(points(OPEN_TELEMETRY_INSTRUMENTS.runHalts)[0]?.attributes['toolbound.halt.reason']).toBe(
      'repeated_failure',
    );

    const spans = spanExporter.getFinishedSpans();
    expect(spans).toHaveLength(4);
    const span = spans.find((candidate) => candidate.attributes['gen_ai.tool.call.id'] === 'call_2');
    expect(span?.name).toBe('execute_tool get_weather');
    expect(span?.attributes).toMatchObject({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'get_weather',
      'error.type': 'unknown_city',
    });
    expect(span?.status.code).toBe(SpanStatusCode.ERROR);
    const millis = (time: [number, number]) => time[0] * 1000 + time[1] / 1e6;
    expect(millis(span!.endTime) - millis(span!.startTime)).toBeCloseTo(250, 0);
    const leakySpan = spans.find((candidate) => candidate.attributes['gen_ai.tool.call.id'] === 'call_4');
    expect(leakySpan?.events.map((event) => event.name)).toContain('tool.message_leaked');
  });

  it('never throws, even when the meter does', () => {
    const broken = new Proxy({} as never, {
      get: () => () => {
        throw new Error('broken');
      },
    });
    expect(() => createOpenTelemetryHandler({ tracer: broken })).not.toThrow();
    const handler = createOpenTelemetryHandler({ tracer: broken, meter: meterProvider.getMeter('x') });
    expect(() =>
      handler({
        type: 'tool.succeeded',
        time: now,
        runId: 'r',
        tool: 't',
        toolCallId: 'c',
        outcomeClass: 'ok',
        durationMs: 1,
        attempts: 1,
      }),
    ).not.toThrow();
  });
});
