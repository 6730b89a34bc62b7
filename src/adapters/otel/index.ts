/**
 * `toolbound/otel`: OpenTelemetry metrics and spans from toolbound's events. Needs
 * `@opentelemetry/api` (an optional peer dependency); the root `toolbound` entry never imports it.
 */

export {
  createOpenTelemetryHandler,
  OPEN_TELEMETRY_INSTRUMENTS,
  type OpenTelemetryHandlerOptions,
} from './create-open-telemetry-handler.js';
