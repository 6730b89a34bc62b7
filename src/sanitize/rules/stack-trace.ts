import { isDigit } from '../char-codes.js';
import type { LeakRule, LeakSpan } from '../leak-rule.js';
import {
  eachMatch,
  isLineStart,
  isWordCode,
  lineBreaksBetween,
  lineEndReader,
  runStartReader,
  scanLeft,
  scanRight,
} from '../text-scan.js';

/** Where a frame may begin: the word `at`; the sticky shapes below decide what kind it is. */
const FRAME_TRIGGER = /\bat /g;

/** A V8 frame head `at fn (` or `at async Foo.bar [as baz] (`; the location is read by hand. */
const V8_FRAME_HEAD = /at (?:async )?(?:new )?[^\s()]+(?: \[as [^\s\]]+\])? \(/y;

/** A V8 frame without a function name: `at /app/x.js:1:2`, `at file:///app/x.mjs:3:4`. */
const V8_BARE_FRAME = /at (?:async )?(?:file:\/\/|node:|webpack:|\/|[A-Za-z]:\\)[^\s()]+/y;

/** A JVM or .NET frame head: `at com.acme.Orders.load(`, `at java.base/java.lang.Thread.run(`. */
const DOTTED_FRAME_HEAD = /at (?:[\w$.@-]+\/)*(?:[A-Za-z_$<][\w$<>`]*\.)+[\w$<>`]+\(/y;

/** Lines a trace announces itself with; `Caused by: ` counts only before a class name. */
const TRACE_HEADER =
  /\b(?:Traceback \(most recent call last\):|Caused by: |Exception in thread "|Stack trace:|Stacktrace:|goroutine \d+ \[)|--- End of (?:inner exception )?stack trace|\.\.\. \d+ (?:more|common frames omitted)/g;

/** A Python frame `File "/app/x.py", line 12, in handler`. */
const PYTHON_FRAME_TRIGGER = /\bFile "/g;
const PYTHON_FRAME = /File "[^"\n]+", line \d+/y;

/**
 * A source location that only a trace writes, read with the path before it: Ruby's
 * `x.rb:12:in 'method'`, Go's `/app/main.go:42 +0x1d`, Rust's `src/main.rs:10:5`, .NET's
 * `Startup.cs:line 61`, Elixir's and Erlang's `lib/x.ex:42:` and `(src/x.erl, line 42)`, Swift's `file x.swift, line 23`
 * and `x.swift:23`, Node's own `node:internal/…:289`, C, C++ and Lua's `src/x.c:88`, Perl's
 * `x.pm line 57`, a script's `x.js:1:4821` (Firefox and Safari write frames as `fn@url:1:2`),
 * Haskell's `src/X.hs:42:13`, OCaml's `file "src/x.ml", line 88, characters 4-40`, and the
 * `x.cr:104:9 in 'deliver'` of Crystal and the like, and Salesforce Apex's
 * `Class.InvoiceSync.push: line 63, column 1`.
 */
const SCRIPT_LOCATION =
  /\w\.[a-z]{1,6}:\d+:\d+ in '|\.rb:\d+:in [`']|\.go:\d+|\.rs:\d+:\d+|\.(?:cs|vb|fs|cshtml|razor):line \d+|\.(?:ex|exs|erl|hrl):\d+:|\.(?:swift|erl|hrl)(?::\d+|, line \d+)|\w\.(?:c|cc|cpp|cxx|h|hpp|mm|lua):\d+|\w\.(?:pl|pm) line \d+|\w\.(?:js|mjs|cjs|jsx|ts|tsx|hs|lhs):\d+:\d+|\w\.dart[ :]\d+:\d+|\.mli?", line \d+, characters \d+|\.[a-z_]{0,64}[A-Z]\w{0,127}: line \d+, column \d+/g;

/**
 * A JVM frame's location without the `at` before it, as a list of frames in returned data or a
 * log line writes one: `com.acme.risk.ScoreEngine.apply(ScoreEngine.java:236)`.
 */
const JVM_FRAME_LOCATION = /[\w$]\.(?:java|kt|kts|scala|groovy):\d{1,6}\)/g;

/** Node's own location, `node:internal/process/promises:289`: a pattern of its own, since recheck finds it slow beside the others. */
const NODE_INTERNAL_LOCATION = /\bnode:internal\/[\w/.-]{1,256}:\d+/g;

/** A Rust backtrace frame without a location: `  12: tokio::runtime::task::Harness<T>::poll`; it must open a line. */
const RUST_FRAME = /\b\d{1,4}: {1,4}<?[A-Za-z_]\w{0,63}::[A-Za-z_{<]/g;

/**
 * A PHP frame `#0 /var/www/x.php(12): f()` or `#1 {main}`, or a Dart frame
 * `#0      Api.fetch (package:shop/api.dart:88:7)`; it must open a line.
 */
const NUMBERED_FRAME =
  /#\d+ (?:\{main\}|\[internal function\]|\/|[A-Za-z]:\\)|#\d+ {1,12}[\w$.<>]{1,256} \((?:package:|dart:|file:\/\/)/g;

/** Android logcat's prefix before a line of a Flutter trace: `E/flutter (12044): `. */
const LOGCAT_PREFIX = /(?:^|[\r\n])[VDIWEF]\/[\w.-]{1,40} ?\( {0,6}\d{1,7}\): $/;

/** The end of a raw error name `...Error:` / `...Exception [CODE]:`; the code reads the name to its left. */
const ERROR_NAME_END = /(?:Error|Exception|Fault)(?: \[[A-Z_]+\])?:/g;

/** Raw error openings that need no name: Go and Rust panics, PHP and C fatal errors, Haskell's call stack; `Uncaught ` is checked below. */
const FATAL_LINE =
  /\b(?:panicked at |panic: |PHP (?:Fatal error|Parse error|Warning|Notice|Deprecated): |fatal error: |Uncaught |Unhandled rejection|CallStack \(from HasCallStack\):)/g;

/** Node and libc error codes that only a raw system error carries. */
const SYSTEM_ERROR_CODE =
  /\b(?:ECONNREFUSED|ECONNRESET|ECONNABORTED|ETIMEDOUT|ENOTFOUND|EHOSTUNREACH|ENETUNREACH|EADDRINUSE|EADDRNOTAVAIL|ENOENT|EACCES|EPERM|EPIPE|EISDIR|ENOTDIR|EMFILE|EAI_AGAIN|ERR_[A-Z_]+)\b/g;

/** The contents of JVM and .NET frame parentheses. */
const JVM_LOCATION =
  /^(?:Native Method|Unknown Source|Compiled Code|<generated>|[\w$-]+\.(?:java|kt|kts|scala|groovy|clj|cs|vb|fs)(?::\d+)?)$/;
const DOTNET_PARAMETERS = /^(?:[\w.`[\]<>]+ \w+(?:, [\w.`[\]<>]+ \w+)*)?$/;

/** Words just before an error name that show a raw error: `Uncaught TypeError: ...`. */
const ERROR_NAME_CONTEXT = /(?:Uncaught|Unhandled|rejected|Caused by:|thread "[^"]*") ?$/;

/** An exception's class name, simple or qualified (`java.io.IOException`, `Foo::Bar`). */
const EXCEPTION_NAME = /(?:Error|Exception|Throwable|Fault|Panic|Rejection)$/;
const QUALIFIED_NAME = /\w\.\w/;

/** The location V8 gives a frame of `Promise.all` and its kin. */
const PROMISE_INDEX = /^index \d{1,9}$/;

/** The last line of a PHP trace: `thrown in /var/www/x.php on line 12`. */
const PHP_THROWN = /\bthrown in \S{1,512} on line \d+/g;

/** The most text, and the most lines, between two pieces of one trace that still belong to it. */
const LARGEST_GAP = 600;
const LARGEST_GAP_LINES = 3;

/** The longest frame location read by hand, in characters. */
const LOCATION_LENGTH = 1024;

function span(start: number, end: number): LeakSpan {
  return { rule: 'stack-trace', start, end };
}

/** Whether a piece that starts at `start` belongs to the trace that `last` ends (see {@link joinTraceBlocks}). */
function continuesTrace(text: string, last: LeakSpan, start: number): boolean {
  return (
    start - last.end <= LARGEST_GAP &&
    lineBreaksBetween(text, last.end, Math.max(last.end, start)) <= LARGEST_GAP_LINES
  );
}

/**
 * The pieces of traces found so far. A piece that starts at or after the last one and continues
 * its trace extends it instead of making an object of its own: 1 MB of frames is a handful of
 * pieces, not one for each frame and location. The join at the end makes the same traces.
 */
class TracePieces {
  readonly found: LeakSpan[] = [];
  private last: LeakSpan | undefined;

  constructor(
    private readonly text: string,
    private readonly joinAsFound: boolean,
  ) {}

  add(start: number, end: number): void {
    const last = this.last;
    if (
      this.joinAsFound &&
      last !== undefined &&
      start >= last.start &&
      continuesTrace(this.text, last, start)
    ) {
      if (end > last.end) last.end = end;
      return;
    }
    this.last = span(start, end);
    this.found.push(this.last);
  }
}

/** Whether the text in a V8 frame's parentheses is a code location rather than prose. */
function isV8Location(location: string): boolean {
  if (location === 'native' || location.includes('<anonymous>') || location.startsWith('node:')) return true;
  if (PROMISE_INDEX.test(location)) return true; // `at async Promise.all (index 0)`
  return endsWithLineNumber(location);
}

/** `...:12` or `...:12:5` at the end, checked by hand to keep the scan linear. */
function endsWithLineNumber(location: string): boolean {
  let index = location.length;
  let groups = 0;
  while (groups < 2) {
    const digitsEnd = index;
    while (index > 0 && location.charCodeAt(index - 1) >= 48 && location.charCodeAt(index - 1) <= 57)
      index -= 1;
    if (index === digitsEnd || index === 0 || location.charCodeAt(index - 1) !== 58) return groups > 0;
    index -= 1;
    groups += 1;
  }
  return true;
}

/** Whether the text in a JVM or .NET frame's parentheses is a location or a parameter list. */
function isDottedLocation(qualifiedName: string, location: string): boolean {
  if (JVM_LOCATION.test(location)) return true;
  const dots = qualifiedName.split('.').length - 1;
  // .NET frames list typed parameters: `at Shop.Orders.Load(Int32 id, String name)`
  return dots >= 2 && location.length <= 512 && DOTNET_PARAMETERS.test(location);
}

/**
 * The text up to the closing parenthesis, or null past a newline or the cap. A location may hold
 * short parenthesised words of its own, as webpack's `webpack-internal:///(api)/./x.ts:41:15`
 * does; any other `(` ends the read.
 */
function readParenthesised(text: string, from: number): { content: string; end: number } | null {
  const limit = Math.min(text.length, from + LOCATION_LENGTH);
  let end = from;
  while (end < limit) {
    end = scanRight(text, end, (code) => code !== 41 && code !== 40 && code !== 10, limit - end);
    if (text.charCodeAt(end) !== 40) break;
    const groupEnd = scanRight(text, end + 1, (code) => isWordCode(code) || code === 45, 64);
    if (groupEnd === end + 1 || text.charCodeAt(groupEnd) !== 41) return null;
    end = groupEnd + 1;
  }
  if (text.charCodeAt(end) !== 41) return null;
  return { content: text.slice(from, end), end: end + 1 };
}

/** Whether the words after `Caused by: ` or `Uncaught ` name an exception, not a reason in prose. */
function namesException(text: string, from: number): boolean {
  if (text.startsWith('(in promise)', from) || text.startsWith('exception', from)) return true;
  const end = scanRight(text, from, isErrorNameCode, 256);
  const name = text.slice(from, end);
  return EXCEPTION_NAME.test(name) || QUALIFIED_NAME.test(name);
}

/** Characters of a path token: anything but whitespace, quotes and brackets that close around it. */
function isPathTokenCode(code: number): boolean {
  return code > 32 && code !== 34 && code !== 39 && code !== 40 && code !== 41 && code !== 96;
}

/** Characters of a JVM frame's qualified method: `com.acme.Outer$Inner.<init>`, `lambda$run$0`. */
function isFrameNameCode(code: number): boolean {
  return isWordCode(code) || code === 46 || code === 36 || code === 60 || code === 62;
}

function isErrorNameCode(code: number): boolean {
  return isWordCode(code) || code === 46 || code === 36;
}

/**
 * Whether the location that ends at `end` opens a line of code search output, `path:line:code`
 * (grep -n, ripgrep, git grep), rather than a frame: the path starts the line, a colon follows
 * the line number (and a column, if any), and source code follows that. A Ruby frame reads
 * `x.rb:12:in 'f'`, a Go frame `x.go:44 +0x1d`, and a script's `x.js:10:5` ends its line.
 */
function isSearchMatch(text: string, pathStart: number, end: number): boolean {
  const previous = text.charCodeAt(pathStart - 1);
  if (pathStart > 0 && previous !== 10 && previous !== 13) return false;
  let cursor = end;
  if (text.charCodeAt(cursor - 1) !== 58) {
    if (text.charCodeAt(cursor) !== 58) return false;
    cursor += 1;
  }
  // a column after the line, as `rg --column` and `grep -b` write one
  const columnEnd = scanRight(text, cursor, isDigit, 8);
  if (columnEnd > cursor && text.charCodeAt(columnEnd) === 58) cursor = columnEnd + 1;
  const code = text.charCodeAt(cursor);
  if (Number.isNaN(code) || code === 10 || code === 13) return false;
  return !text.startsWith('in ', cursor);
}

/** The longest path read back from a location, in characters. */
const PATH_REACH = 512;

/** Where the line holding an index ends, at most {@link LINE_REACH} on. */
type EndOfLine = (index: number) => number;
const LINE_REACH = 4096;

function findFrames(text: string, pieces: TracePieces, endOfLine: EndOfLine): void {
  eachMatch(FRAME_TRIGGER, text, (match) => {
    const start = match.index;
    V8_FRAME_HEAD.lastIndex = start;
    const head = V8_FRAME_HEAD.exec(text);
    if (head !== null) {
      const location = readParenthesised(text, start + head[0].length);
      if (location !== null && isV8Location(location.content)) {
        pieces.add(start, location.end);
        return;
      }
    }
    V8_BARE_FRAME.lastIndex = start;
    const bare = V8_BARE_FRAME.exec(text);
    if (bare !== null && endsWithLineNumber(bare[0])) {
      pieces.add(start, start + bare[0].length);
      return;
    }
    DOTTED_FRAME_HEAD.lastIndex = start;
    const dotted = DOTTED_FRAME_HEAD.exec(text);
    if (dotted !== null) {
      const location = readParenthesised(text, start + dotted[0].length);
      const path = dotted[0].slice(3, -1);
      const qualifiedName = path.slice(path.lastIndexOf('/') + 1);
      if (location !== null && isDottedLocation(qualifiedName, location.content)) {
        pieces.add(start, endOfLine(start));
      }
    }
  });
}

function findErrorLines(text: string, pieces: TracePieces, endOfLine: EndOfLine): void {
  eachMatch(ERROR_NAME_END, text, (match) => {
    const nameStart = scanLeft(text, match.index, isErrorNameCode, 256);
    const name = text.slice(nameStart, match.index);
    // "Error:" alone is how tools phrase their own messages; a raw error carries a class name
    const simpleName = name.slice(name.lastIndexOf('.') + 1);
    if (simpleName.length === 0 || simpleName.charCodeAt(0) < 65 || simpleName.charCodeAt(0) > 90) return;
    // a validation error's message is written for the caller: `ValidationError: "email" is required`
    if (simpleName.endsWith('Validation')) return;
    const before = text.slice(Math.max(0, nameStart - 16), nameStart);
    if (isLineStart(text, nameStart) || ERROR_NAME_CONTEXT.test(before)) {
      pieces.add(nameStart, endOfLine(nameStart));
    }
  });
  eachMatch(FATAL_LINE, text, (match) => {
    if (match[0] === 'panic: ' && !isLineStart(text, match.index)) return;
    if (match[0] === 'Uncaught ' && !namesException(text, match.index + match[0].length)) return;
    pieces.add(match.index, endOfLine(match.index));
  });
}

/**
 * Joins the pieces of one multi-line trace into one span, so that the lines between its frames
 * go too: a Go function line, a Python code line, a .NET frame without a location. Neighbours at
 * most three lines and 600 characters apart are one trace; each gap is read once.
 */
function joinTraceBlocks(text: string, spans: LeakSpan[]): LeakSpan[] {
  if (spans.length < 2) return spans;
  spans.sort((left, right) => left.start - right.start);
  const joined: LeakSpan[] = [];
  for (const piece of spans) {
    const last = joined[joined.length - 1];
    if (last !== undefined && continuesTrace(text, last, piece.start)) {
      last.end = Math.max(last.end, piece.end);
    } else joined.push(piece);
  }
  return joined;
}

/**
 * Something every pattern above needs: a colon or a `#`, `at `, ` line `, `File "`, a header's
 * words, `Uncaught`, `Unhandled`, or the capitals that open a system error's code
 * (`ECONNREFUSED`, `ERR_…`). Text without one holds no trace; with one, the rule reads it all.
 */
const TRACE_MARK =
  /[:#]|at | line |File "|Exception in thread|goroutine|--- End|\.\.\. |Uncaught|Unhandled|E[A-Z]/;

/** Stack traces from Node/V8, Python, JVM, .NET, Go, Ruby and PHP, and raw exception lines. */
export const stackTraceRule: LeakRule = {
  name: 'stack-trace',
  description:
    'Stack frames and trace headers of Node/V8, Python, Java/Kotlin, .NET, Go, Ruby, PHP, Rust, Elixir/Erlang, Swift and Dart, raw exception lines such as "TypeError: ..." at the start of a line, and system error codes such as ECONNREFUSED.',
  patterns: [
    FRAME_TRIGGER,
    V8_FRAME_HEAD,
    V8_BARE_FRAME,
    DOTTED_FRAME_HEAD,
    TRACE_HEADER,
    PYTHON_FRAME_TRIGGER,
    PYTHON_FRAME,
    SCRIPT_LOCATION,
    NODE_INTERNAL_LOCATION,
    RUST_FRAME,
    NUMBERED_FRAME,
    LOGCAT_PREFIX,
    ERROR_NAME_END,
    FATAL_LINE,
    SYSTEM_ERROR_CODE,
    PHP_THROWN,
    PROMISE_INDEX,
    EXCEPTION_NAME,
    QUALIFIED_NAME,
    JVM_LOCATION,
    JVM_FRAME_LOCATION,
    DOTNET_PARAMETERS,
    ERROR_NAME_CONTEXT,
    TRACE_MARK,
  ],
  find(text) {
    // one search answers the usual value (`shipped`, `SKU-4411`, an id), which holds no trace
    // mark, for the fifteen the rule makes on text that does
    return TRACE_MARK.test(text) ? findTraces(text) : [];
  },
};

/**
 * The stack-trace rule without {@link TRACE_MARK}'s shortcut, for the test that checks the shortcut
 * changes nothing; `joinAsFound: false` keeps every piece apart until the end, for the test that
 * checks that joining pieces as they are found changes nothing either.
 */
export function findTraces(text: string, joinAsFound = true): LeakSpan[] {
  const pieces = new TracePieces(text, joinAsFound);
  // each span runs to its line's end: a line of many frames or locations is read once, not
  // once per location (1 MB of `a/b.go:1:` on one line read 4 KiB at each of its 116,000)
  const lineEndAt = lineEndReader(text);
  const endOfLine: EndOfLine = (index) => lineEndAt(index, LINE_REACH);
  findFrames(text, pieces, endOfLine);
  eachMatch(TRACE_HEADER, text, (match) => {
    if (match[0] === 'Caused by: ' && !namesException(text, match.index + match[0].length)) return;
    pieces.add(match.index, endOfLine(match.index));
  });
  eachMatch(PYTHON_FRAME_TRIGGER, text, (match) => {
    PYTHON_FRAME.lastIndex = match.index;
    if (PYTHON_FRAME.exec(text) !== null) pieces.add(match.index, endOfLine(match.index));
  });
  for (const location of [SCRIPT_LOCATION, NODE_INTERNAL_LOCATION]) {
    // a line of glued locations (`a/b.go:1:a/b.go:1:…`) is read once, not 512 characters a location
    let pathStartAt: ReturnType<typeof runStartReader> | undefined; // made at the first location
    eachMatch(location, text, (match) => {
      pathStartAt ??= runStartReader(text, isPathTokenCode, PATH_REACH);
      // the path before the location goes too: `/srv/app/main.go:42`, `in /src/Web/Startup.cs:line 61`
      const end = match.index + match[0].length;
      const pathStart = pathStartAt(match.index, end);
      if (!isSearchMatch(text, pathStart, end)) pieces.add(pathStart, endOfLine(match.index));
    });
  }
  if (text.indexOf(':') !== -1)
    eachMatch(JVM_FRAME_LOCATION, text, (match) => {
      // back over the file's name and `(` to the qualified method: the frame goes whole
      let start = scanLeft(text, match.index + 1, isErrorNameCode, 256);
      if (text.charCodeAt(start - 1) === 40) start = scanLeft(text, start - 1, isFrameNameCode, 512);
      pieces.add(start, match.index + match[0].length);
    });
  eachMatch(RUST_FRAME, text, (match) => {
    if (isLineStart(text, match.index)) pieces.add(match.index, endOfLine(match.index));
  });
  eachMatch(NUMBERED_FRAME, text, (match) => {
    const opensLine =
      isLineStart(text, match.index) ||
      LOGCAT_PREFIX.test(text.slice(Math.max(0, match.index - 64), match.index));
    if (opensLine) pieces.add(match.index, endOfLine(match.index));
  });
  findErrorLines(text, pieces, endOfLine);
  eachMatch(SYSTEM_ERROR_CODE, text, (match) => {
    pieces.add(match.index, match.index + match[0].length);
  });
  if (text.indexOf('thrown in ') !== -1)
    eachMatch(PHP_THROWN, text, (match) => {
      pieces.add(match.index, match.index + match[0].length);
    });
  return joinTraceBlocks(text, pieces.found);
}
