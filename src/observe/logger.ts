/** A pino-shaped logger: `logger.error({ ...fields }, 'message')`. pino itself fits. */
export interface Logger {
  error(fields: Record<string, unknown>, message?: string): void;
  warn(fields: Record<string, unknown>, message?: string): void;
  info(fields: Record<string, unknown>, message?: string): void;
  debug?(fields: Record<string, unknown>, message?: string): void;
  /**
   * Whether a level would be written, as pino answers it. When a logger says no and nobody else
   * listens, toolbound does not even build the event.
   */
  isLevelEnabled?(level: LogLevel): boolean;
}

/** The levels toolbound logs at. */
export type LogLevel = 'error' | 'warn' | 'info' | 'debug';

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/** Options for {@link jsonLineLogger}. */
export interface JsonLineLoggerOptions {
  /**
   * The lowest level written.
   * @default 'info'
   */
  level?: LogLevel;
  /**
   * Where each line goes. Without it, lines are buffered and written to stderr together once
   * per event-loop turn (and at exit), so logging never blocks a tool call on the terminal.
   */
  write?: (line: string) => void;
}

/**
 * The default logger: one JSON object per line on stderr, with `time` (ISO 8601), `level` and
 * `msg`. Values go through JSON.stringify, so a hostile string cannot forge a line. Route it
 * elsewhere with `write`, or pass pino (or `silentLogger`) as the dispatcher's `logger`.
 * @example
 * createDispatcher({ tools, logger: jsonLineLogger({ level: 'warn' }) });
 */
export function jsonLineLogger(options: JsonLineLoggerOptions = {}): Logger {
  const { level: threshold = 'info', write = writeToStderr } = options;
  const log = (level: LogLevel) => (fields: Record<string, unknown>, message?: string) => {
    if (RANK[level] < RANK[threshold]) return;
    // one object for the line, with the fields after time, level and msg (a field of those names
    // replaces the value), each read once: one spread, where copying key by key costs a
    // megamorphic read and write per field
    const line: Record<string, unknown> = { time: undefined, level, msg: message, ...fields };
    // an event's own time (epoch ms from the dispatcher's clock) is written as ISO, like the rest
    const { time } = line;
    line['time'] = isoTime(typeof time === 'number' && Number.isFinite(time) ? time : Date.now());
    write(`${JSON.stringify(line)}\n`);
  };
  return {
    error: log('error'),
    warn: log('warn'),
    info: log('info'),
    debug: log('debug'),
    isLevelEnabled: (level) => RANK[level] >= RANK[threshold],
  };
}

/** The last time written, and its ISO text: events a moment apart share their millisecond. */
let lastTimeMs = Number.NaN;
let lastTimeIso = '';

/** `new Date(ms).toISOString()`, about a microsecond, made once per millisecond. */
function isoTime(ms: number): string {
  if (ms !== lastTimeMs) {
    const iso = new Date(ms).toISOString(); // a time out of Date's range throws here, as it did
    lastTimeMs = ms;
    lastTimeIso = iso;
  }
  return lastTimeIso;
}

/** A logger that drops everything; for tests and benchmarks. */
export const silentLogger: Logger = {
  error() {},
  warn() {},
  info() {},
  debug() {},
  isLevelEnabled: () => false,
};

/** True unless the logger says the level is off; a logger that cannot tell is assumed to write. */
export function isLevelEnabled(logger: Logger, level: LogLevel): boolean {
  try {
    return logger.isLevelEnabled?.(level) !== false;
  } catch {
    return true;
  }
}

/**
 * Lines waiting for the next flush; shared by every default logger in the process. They are
 * written together once per event-loop turn, at once when {@link MAX_PENDING_BYTES} wait, and
 * before the process exits.
 */
let pendingLines: string[] = [];
let flushScheduled = false;
/** Past this many waiting bytes, a flush happens at once rather than at the end of the turn. */
const MAX_PENDING_BYTES = 65_536;
let pendingBytes = 0;

function writeToStderr(line: string): void {
  pendingLines.push(line);
  pendingBytes += line.length;
  if (pendingBytes >= MAX_PENDING_BYTES) {
    flushStderr();
    return;
  }
  if (flushScheduled) return;
  flushScheduled = true;
  setImmediate(flushStderr).unref(); // a pending log line must not keep the process alive
  if (!exitHookInstalled) {
    // what is still waiting when the process ends: an unref'd immediate does not run once the
    // loop has nothing else to do, so `beforeExit` writes it while a stream can still finish an
    // asynchronous write (a pipe on macOS), and `exit` catches `process.exit()` and an uncaught
    // exception, where only synchronous work runs
    exitHookInstalled = true;
    process.on('beforeExit', flushStderr);
    process.on('exit', flushStderr);
  }
}
let exitHookInstalled = false;

function flushStderr(): void {
  flushScheduled = false;
  if (pendingLines.length === 0) return;
  const chunk = pendingLines.join('');
  pendingLines = [];
  pendingBytes = 0;
  try {
    process.stderr.write(chunk);
  } catch {
    // a closed stderr must not fail a tool call
  }
}
