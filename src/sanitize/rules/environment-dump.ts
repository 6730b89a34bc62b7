import { CODE, isQuote } from '../char-codes.js';
import type { LeakRule, LeakSpan } from '../leak-rule.js';
import { closeScan, openScan } from '../scan-memory.js';
import { eachMatch, isBlank, isSpaceCode, lineEnd, nextLineStart, scanRight } from '../text-scan.js';
import { cachedKeyStrength, isCredentialValue } from './find-secret-assignments.js';
import { isTemplateFiller } from './placeholders.js';

/** An upper-case variable name followed by `=` or (quoted, as in a JSON dump) `:`, also as an array key (`env['DB_HOST'] =`). */
const VARIABLE_ASSIGNMENT = /\b[A-Z][A-Z0-9_]+["']?\]?[ \t]*[:=]/g;

/**
 * A variable in a shape that says it is environment whatever the name: `export NAME=`, fish's
 * `set -gx NAME`, csh's `setenv NAME`, PowerShell's `$env:NAME =`, PHP's `$_SERVER['NAME']` and
 * `$_ENV['NAME']`, a Kubernetes `- name: NAME` with `value:` on the next line, ECS's
 * `{"name": "NAME", "value":` and .NET's `Key: NAME, Value:`. In the last three the name must read
 * as a variable (upper case, or .NET's `Section__Key`), since product attributes come in the same
 * shapes. A regular expression of its own, so that the plain one keeps its fast scan.
 */
const SHAPED_VARIABLE =
  /\b(?:export[ \t]{1,4}(?:[A-Za-z_]\w{0,63})=|set -gx[ \t]{1,4}(?:[A-Za-z_]\w{0,63})[ \t]|setenv[ \t]{1,4}(?:[A-Za-z_]\w{0,63})[ \t]|Key: (?:[A-Z][A-Z0-9_]{1,63}|[A-Za-z]\w{0,30}(?:__|:)[\w:]{1,63}), Value:)|\$(?:env:(?:[A-Za-z_]\w{0,63})[ \t]{0,4}=|_(?:SERVER|ENV)\[["'](?:[A-Za-z_]\w{0,63})["']\])|- name:[ \t]{0,4}["']?(?:[A-Z][A-Z0-9_]{1,63})["']?[ \t]{0,4}\r?\n[ \t]{0,16}value:|"name"[ \t]{0,4}:[ \t]{0,4}"(?:[A-Z][A-Z0-9_]{1,63})"[ \t]{0,4},[ \t]{0,4}"value"/g;

/** Literals one of which every {@link SHAPED_VARIABLE} holds: text without any skips that scan. */
const SHAPED_ANCHORS = ['export', 'set', 'Key: ', '$', 'name'];

/** PowerShell's `Get-ChildItem Env:` table: a `Name  Value` header over dashes. */
const VARIABLE_TABLE_HEADER = /\bName[ \t]{2,64}Value[ \t]*\r?\n-{4}[ \t]{2,64}-{5}/g;

/** Names every process has; with one of these a `NAME: value` pair counts as environment. */
const WELL_KNOWN_NAMES = new Set([
  'PATH',
  'HOME',
  'USER',
  'SHELL',
  'PWD',
  'LANG',
  'TERM',
  'HOSTNAME',
  'TZ',
  'TMPDIR',
  'LOGNAME',
  'PORT',
  'HOST',
  'DEBUG',
  'NODE_ENV',
  'PYTHONPATH',
  'GOPATH',
  'JAVA_HOME',
  'PGHOST',
  'PGPORT',
  'PGUSER',
  'PGPASSWORD',
  'PGDATABASE',
  // Windows
  'COMPUTERNAME',
  'USERDOMAIN',
  'USERDNSDOMAIN',
  'USERNAME',
  'USERPROFILE',
  'LOGONSERVER',
  'APPDATA',
  'LOCALAPPDATA',
  'PROGRAMDATA',
  'PROGRAMFILES',
  'SYSTEMROOT',
  'SYSTEMDRIVE',
  'WINDIR',
  'COMSPEC',
  'PATHEXT',
  'TEMP',
  'TMP',
  'HOMEDRIVE',
  'HOMEPATH',
]);

/** Prefixes and suffixes of configuration variables. */
const CONFIG_NAME =
  /^(?:AWS|AZURE|GCP|GOOGLE|NODE|NPM|DB|DATABASE|PG|POSTGRES|MYSQL|MONGO|MONGODB|REDIS|RABBITMQ|KAFKA|GITHUB|GITLAB|OPENAI|ANTHROPIC|STRIPE|SENTRY|DOCKER|KUBERNETES|K8S|SSH|XDG|LC|HTTP|HTTPS|NO|SMTP|MAIL|JWT|OAUTH|AUTH|SECRET|API|APP|SERVICE|VAULT|CI|RAILS|DJANGO|FLASK|SPRING|NEXT|VITE|REACT)_|_(?:URL|URI|HOST|HOSTNAME|PORT|KEY|SECRET|TOKEN|PASSWORD|PASS|PWD|ENV|PATH|DIR|HOME|USER|USERNAME|REGION|DSN|ENDPOINT|BUCKET|PROXY|ID|ARN|PROFILE|LEVEL|MODE|NAME|VERSION)$/;

const NEEDED_VARIABLES = 3;
const LARGEST_GAP = 600;

function span(start: number, end: number): LeakSpan {
  return { rule: 'environment-dump', start, end };
}

/** Whether `name` looks like an environment variable rather than an upper-case label ("NOTE:"). */
function isVariableName(name: string, separator: string): boolean {
  if (WELL_KNOWN_NAMES.has(name)) return true;
  if (separator === '=') return name.includes('_') || CONFIG_NAME.test(name);
  return CONFIG_NAME.test(name);
}

/** Several environment variables together: `.env` files, `env` output, `process.env` dumps. */
export const environmentDumpRule: LeakRule = {
  name: 'environment-dump',
  description:
    'Three or more environment variables close together (NAME=value lines, `export NAME=...`, a JSON dump of process.env, Kubernetes and ECS env lists, PHP $_SERVER, .NET Key/Value lines), and PowerShell Env: tables, which expose configuration even when no single value is a secret.',
  patterns: [VARIABLE_ASSIGNMENT, SHAPED_VARIABLE, CONFIG_NAME, VARIABLE_TABLE_HEADER],
  find(text) {
    const spans: LeakSpan[] = [];
    // no assignment, no fish or csh `set`, no table: nothing to read
    if (
      text.indexOf('=') === -1 &&
      text.indexOf(':') === -1 &&
      text.indexOf('set') === -1 &&
      text.indexOf('----') === -1
    ) {
      return spans;
    }
    // a dump repeats its values (`true`, `production`): each is asked about once
    openScan();
    try {
      findVariableRuns(text, spans);
    } finally {
      closeScan();
    }
    findVariableTables(text, spans);
    return spans;
  },
};

/** Runs of at least {@link NEEDED_VARIABLES} variables close together, each run as one span. */
function findVariableRuns(text: string, spans: LeakSpan[]): void {
  // where the value read last ends, so that each character is read for a value once
  const read: ValueRead = { until: 0 };
  let runStart = -1;
  let lastAssignmentEnd = -1;
  let variables = 0;
  const flush = () => {
    if (variables >= NEEDED_VARIABLES) spans.push(span(runStart, lineEnd(text, lastAssignmentEnd, 512)));
    runStart = -1;
    variables = 0;
  };
  const count = (start: number, end: number) => {
    if (start < lastAssignmentEnd) return; // read already, as part of a shaped variable
    if (runStart >= 0 && start - lastAssignmentEnd > LARGEST_GAP) flush();
    if (runStart < 0) runStart = start;
    lastAssignmentEnd = end;
    variables += 1;
  };
  const shaped = findShapedVariables(text);
  let nextShaped = 0;
  eachMatch(VARIABLE_ASSIGNMENT, text, (match) => {
    // the shaped variables before this one count first, so the run is read in order
    while (nextShaped < shaped.length && (shaped[nextShaped] as number) < match.index) {
      count(shaped[nextShaped] as number, shaped[nextShaped + 1] as number);
      nextShaped += 2;
    }
    // `postgres://USER:PASSWORD@HOST:5432`: a URL's parts, not variables
    const before = text.charCodeAt(match.index - 1);
    if (before === CODE.SLASH || before === CODE.AT || before === CODE.COLON) return;
    const end = match.index + match[0].length;
    if (isPlainVariable(match) && holdsValue(text, end, read)) count(match.index, end);
  });
  for (; nextShaped < shaped.length; nextShaped += 2) {
    count(shaped[nextShaped] as number, shaped[nextShaped + 1] as number);
  }
  flush();
}

/** Where each shaped variable starts and ends, as a flat list of pairs in text order. */
function findShapedVariables(text: string): number[] {
  const found: number[] = [];
  if (!SHAPED_ANCHORS.some((anchor) => text.includes(anchor))) return found;
  eachMatch(SHAPED_VARIABLE, text, (match) => {
    found.push(match.index, match.index + match[0].length);
  });
  return found;
}

/** `NAME=value` or a quoted `"NAME": value`, when the name reads as a variable. */
function isPlainVariable(match: RegExpExecArray): boolean {
  const nameEnd = scanRight(match[0], 0, isVariableNameCode, 64);
  const separator = match[0].charAt(match[0].length - 1);
  // the usual case, told before the name is cut out: `NAME_WITH_UNDERSCORE=` is a variable
  if (separator === '=' && match[0].lastIndexOf('_', nameEnd - 1) !== -1) return true;
  const name = match[0].slice(0, nameEnd);
  // a `:` pair only counts when the name was quoted, as JSON quotes process.env keys
  const quoted = match[0].includes('"') || match[0].includes("'");
  if (separator === ':' && !quoted && !WELL_KNOWN_NAMES.has(name)) return false;
  return isVariableName(name, separator);
}

/**
 * Whether a value follows an assignment on its line: a template's `DATABASE_URL=`, `KEY=""` or
 * `API_TOKEN=<your-token>`, as a `.env.example` lists what to set, exposes nothing.
 */
function holdsValue(text: string, from: number, read: ValueRead): boolean {
  let index = from;
  while (isBlank(text.charCodeAt(index))) index += 1;
  if (endsLine(text, index)) return false;
  const code = text.charCodeAt(index);
  // an empty quoted value, with nothing after it on the line
  if (isQuote(code) && text.charCodeAt(index + 1) === code) return !endsLine(text, index + 2);
  // a variable inside the value read last (`A=B=C`) belongs to that value, which held one
  if (index < read.until) return true;
  const end = scanRight(text, index, isValueCode, FILLER_LENGTH);
  read.until = end;
  if (end - index === FILLER_LENGTH) return true;
  // as a JSON dump writes it: `"<your-token>",`
  let value = text.charCodeAt(end - 1) === CODE.COMMA ? text.slice(index, end - 1) : text.slice(index, end);
  if (value.length > 1 && isQuote(code) && value.charCodeAt(value.length - 1) === code)
    value = value.slice(1, -1);
  return !isTemplateFiller(value);
}

/** Where the value {@link holdsValue} read last ends. */
interface ValueRead {
  until: number;
}

/** The longest value asked whether it is a template's filler: `<your-token>`, `sk_live_xxxx`. */
const FILLER_LENGTH = 64;

function isValueCode(code: number): boolean {
  return !Number.isNaN(code) && !isSpaceCode(code);
}

/** Whether the value ends at `index`: the text's end, a break (real or JSON-escaped), or a blank. */
function endsLine(text: string, index: number): boolean {
  return lineEnd(text, index, 1) === index || isSpaceCode(text.charCodeAt(index));
}

function isVariableNameCode(code: number): boolean {
  return code === 95 || (code >= 48 && code <= 57) || (code >= 65 && code <= 90);
}

/**
 * The body of each PowerShell `Name  Value` table, from its header to the first blank line, when
 * at least {@link NEEDED_VARIABLES} of its rows name environment variables; other tables stay.
 */
function findVariableTables(text: string, spans: LeakSpan[]): void {
  if (text.indexOf('----') === -1) return;
  eachMatch(VARIABLE_TABLE_HEADER, text, (match) => {
    let end = match.index + match[0].length;
    const limit = Math.min(text.length, end + 65_536);
    let variables = 0;
    while (end < limit) {
      const next = lineEnd(text, end, limit - end);
      const name = firstWord(text, end, next);
      if (isVariableName(name, '=')) variables += 1;
      // one row is enough when it holds a secret: `DB_PASSWORD    s3cr3t`
      if (variables > 0 && isSecretRow(text, name, end, next)) variables = NEEDED_VARIABLES;
      const lineStart = nextLineStart(text, next);
      if (next >= limit || lineStart >= text.length || isBlankLine(text, lineStart)) {
        end = next;
        break;
      }
      end = lineStart;
    }
    if (variables >= NEEDED_VARIABLES) spans.push(span(match.index, end));
    return end;
  });
}

/** Whether a table row `NAME   value` names a secret and its value can be one. */
function isSecretRow(text: string, name: string, from: number, to: number): boolean {
  const strength = cachedKeyStrength(name);
  if (strength === 'none') return false;
  return isCredentialValue(text.slice(text.indexOf(name, from) + name.length, to).trim(), strength);
}

/** The first run of non-blank characters in `text[from, to)`. */
function firstWord(text: string, from: number, to: number): string {
  let start = from;
  while (start < to && (text.charCodeAt(start) === 32 || text.charCodeAt(start) === 9)) start += 1;
  let end = start;
  while (end < to && text.charCodeAt(end) !== 32 && text.charCodeAt(end) !== 9) end += 1;
  return text.slice(start, end);
}

function isBlankLine(text: string, start: number): boolean {
  const code = text.charCodeAt(start);
  return code === 10 || code === 13;
}
