/** A place in the code as V8's call sites name it: file, line and column of one call. */
export interface CallPosition {
  file: string;
  line: number;
  column: number;
}

/** One frame of a V8 stack trace, as `Error.prepareStackTrace` receives it. */
interface CallSite {
  getFileName(): string | null | undefined;
  getLineNumber(): number | null;
  getColumnNumber(): number | null;
}

type PrepareStackTrace = (error: Error, trace: CallSite[]) => unknown;

/** While {@link readStack} reads a stack: the frame that ends it, and the formatter it was read under. */
let endingAt: CallPosition | undefined;
let formatter: PrepareStackTrace | undefined;

/** The installed formatter, given the frames down to and including the one at `endingAt`. */
const formatDownToEnd: PrepareStackTrace = (error, trace) => {
  let kept = trace;
  try {
    const end = endingAt!;
    for (let index = 0; index < trace.length; index++) {
      const site = trace[index]!;
      // the file first: it is cheap, and the line and column are computed only for its frames
      if (
        site.getFileName() === end.file &&
        site.getLineNumber() === end.line &&
        site.getColumnNumber() === end.column
      ) {
        kept = trace.slice(0, index + 1);
        break;
      }
    }
  } catch {
    kept = trace; // a frame that cannot be read: the whole stack
  }
  return formatter!(error, kept);
};

/**
 * An error's `stack`, written by the installed formatter (Node's own, or one such as
 * source-map-support or a test runner's) down to the frame at `end` and no further. The frames
 * below it are the caller's machinery (toolbound's own, for a tool's error), and formatting each
 * one costs about as much as the rest of a failed call. Each frame kept reads as it would in the
 * full stack, source-mapped where it would be; V8 keeps the text as the error's `stack` from then
 * on, as it keeps any stack once read.
 *
 * Read as usual, in full, when the stack was read before, when no formatter is installed (V8's
 * built-in one then writes it), or when the error comes from another realm. Like a plain read of
 * `stack`, it may throw: a hostile getter, a formatter that fails.
 */
export function readStack(error: Error, end: CallPosition | undefined): unknown {
  const errorClass = Error as { prepareStackTrace?: unknown };
  const installed = errorClass.prepareStackTrace;
  // a stack read while another is (a getter's) finds formatDownToEnd installed, with the same end
  if (end === undefined || typeof installed !== 'function' || installed === formatDownToEnd)
    return error.stack;
  endingAt = end;
  formatter = installed as PrepareStackTrace;
  errorClass.prepareStackTrace = formatDownToEnd;
  try {
    return error.stack;
  } finally {
    errorClass.prepareStackTrace = installed;
    endingAt = undefined;
    formatter = undefined;
  }
}

/**
 * Where `call` calls the function it is handed, found once by calling it with a probe that reads
 * its caller's frame: the position at which a stack can later be ended with {@link readStack}.
 * Undefined when the frames cannot be read (another formatter, a runtime without V8's API).
 */
export function positionOfCall(call: (callee: () => unknown) => unknown): CallPosition | undefined {
  const errorClass = Error as { prepareStackTrace?: unknown };
  const installed = errorClass.prepareStackTrace;
  let position: CallPosition | undefined;
  const probe = () => {
    errorClass.prepareStackTrace = (_error: Error, trace: CallSite[]) => {
      const caller = trace[1];
      const file = caller?.getFileName();
      const line = caller?.getLineNumber();
      const column = caller?.getColumnNumber();
      if (typeof file === 'string' && typeof line === 'number' && typeof column === 'number')
        position = { file, line, column };
      return '';
    };
    try {
      void new Error().stack;
    } finally {
      errorClass.prepareStackTrace = installed;
    }
  };
  try {
    call(probe);
  } catch {
    // no position: stacks are then read in full
  }
  return position;
}
