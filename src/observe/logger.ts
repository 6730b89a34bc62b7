/** A pino-shaped logger: `logger.error({ ...fields }, 'message')`. pino itself fits. */
export interface Logger {
  error(fields: Record<string, unknown>, message?: string): void;
  warn(fields: Record<string, unknown>, message?: string): void;
  info(fields: Record<string, unknown>, message?: string): void;
  debug?(fields: Record<string, unknown>, message?: string): void;
}

/** The levels toolbound logs at. */
export type LogLevel = 'error' | 'warn' | 'info' | 'debug';

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/**
 * The default logger: one JSON object per line on stderr, with `time`, `level` and `msg`.
 * Values go through JSON.stringify, so a hostile string cannot forge a line.
 */
export function jsonLineLogger(options: { level?: LogLevel; write?: (line: string) => void } = {}): Logger {
  const { level: threshold = 'info', write = (line: string) => process.stderr.write(line) } = options;
  const log = (level: LogLevel) => (fields: Record<string, unknown>, message?: string) => {
    if (RANK[level] < RANK[threshold]) return;
    // an event's own time (epoch ms from the dispatcher's clock) is written as ISO, like the rest
    const { time, ...rest } = fields;
    const at = typeof time === 'number' && Number.isFinite(time) ? new Date(time) : new Date();
    write(`${JSON.stringify({ time: at.toISOString(), level, msg: message, ...rest })}\n`);
  };
  return { error: log('error'), warn: log('warn'), info: log('info'), debug: log('debug') };
}

/** A logger that drops everything; for tests and benchmarks. */
export const silentLogger: Logger = { error() {}, warn() {}, info() {}, debug() {} };
