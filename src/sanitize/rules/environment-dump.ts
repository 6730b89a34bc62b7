import type { LeakRule, LeakSpan } from '../leak-rule.js';
import { eachMatch, lineEnd, scanRight } from '../text-scan.js';

/** An upper-case variable name followed by `=` or (quoted, as in a JSON dump) `:`. */
const VARIABLE_ASSIGNMENT = /\b[A-Z][A-Z0-9_]+["']?[ \t]*[:=]/g;

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
    'Three or more environment variables close together (NAME=value lines, `export NAME=...`, or a JSON dump of process.env), which expose configuration even when no single value is a secret.',
  patterns: [VARIABLE_ASSIGNMENT, CONFIG_NAME],
  find(text) {
    const spans: LeakSpan[] = [];
    if (text.indexOf('=') === -1 && text.indexOf(':') === -1) return spans; // no assignment at all
    let runStart = -1;
    let lastAssignmentEnd = -1;
    let count = 0;
    const flush = () => {
      if (count >= NEEDED_VARIABLES) spans.push(span(runStart, lineEnd(text, lastAssignmentEnd, 512)));
      runStart = -1;
      count = 0;
    };
    eachMatch(VARIABLE_ASSIGNMENT, text, (match) => {
      const separator = match[0].charAt(match[0].length - 1);
      const name = match[0].slice(
        0,
        scanRight(
          match[0],
          0,
          (code) => code === 95 || (code >= 48 && code <= 57) || (code >= 65 && code <= 90),
          64,
        ),
      );
      // a `:` pair only counts when the name was quoted, as JSON quotes process.env keys
      const quoted = match[0].includes('"') || match[0].includes("'");
      if (separator === ':' && !quoted && !WELL_KNOWN_NAMES.has(name)) return;
      if (!isVariableName(name, separator)) return;
      if (runStart >= 0 && match.index - lastAssignmentEnd > LARGEST_GAP) flush();
      if (runStart < 0) runStart = match.index;
      lastAssignmentEnd = match.index + match[0].length;
      count += 1;
    });
    flush();
    return spans;
  },
};
