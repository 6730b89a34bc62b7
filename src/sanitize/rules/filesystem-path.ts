import type { LeakRule, LeakSpan } from '../leak-rule.js';
import { eachMatch, isSpaceCode, scanRight } from '../text-scan.js';

/** A POSIX path under a server or home root; the code checks what precedes it. */
const POSIX_ROOT =
  /\/(?:home|Users|root|var|srv|app|apps|opt|etc|usr|tmp|private|mnt|media|proc|sys|run|data|workspace|workspaces|builds|code|lib|lib64|bin|sbin|nix|snap|Library|Applications|Volumes|System|boot|dev)\/[^\s/]/g;

/** A home-relative dot path such as `~/.ssh/id_rsa` or `~/.aws/credentials`. */
const HOME_DOT_PATH = /~\/\.[\w-]/g;

/** A Windows drive path `C:\...` (also JSON-escaped `C:\\...`) or a UNC share `\\server\share`. */
const WINDOWS_PATH = /\b[A-Za-z]:\\\\?[\w$.~-]|\\\\[\w.-]+\\[\w$.-]/g;

/** File names of source files from a build tree, which name the server's layout. */
const SOURCE_FILE_IN_TREE =
  /\b(?:node_modules|site-packages|dist-packages|vendor\/bundle|\.venv|__pycache__)[\\/]/g;

function span(start: number, end: number): LeakSpan {
  return { rule: 'filesystem-path', start, end };
}

/** Characters a POSIX path runs over: not blanks, quotes, brackets or list punctuation. */
function isPathCode(code: number): boolean {
  return (
    !isSpaceCode(code) &&
    code !== 34 &&
    code !== 39 &&
    code !== 96 &&
    code !== 60 &&
    code !== 62 &&
    code !== 44 &&
    code !== 59 &&
    code !== 40 &&
    code !== 41 &&
    code !== 91 &&
    code !== 93 &&
    code !== 123 &&
    code !== 125 &&
    code !== 124
  );
}

/** A path starts after a blank, a quote, an opening bracket, `=`, `:` or `file://`, not inside a URL. */
function startsPath(text: string, index: number): boolean {
  if (index === 0) return true;
  const previous = text.charCodeAt(index - 1);
  if (previous === 47) return text.slice(Math.max(0, index - 7), index) === 'file://';
  if (previous === 110 && text.charCodeAt(index - 2) === 92) return true; // after a JSON-escaped newline
  return !(
    (previous >= 48 && previous <= 57) ||
    (previous >= 65 && previous <= 90) ||
    (previous >= 97 && previous <= 122) ||
    previous === 95 ||
    previous === 45 ||
    previous === 46 ||
    previous === 126 ||
    previous === 37 ||
    previous === 92
  );
}

function trimPathEnd(text: string, start: number, end: number): number {
  let cursor = end;
  while (cursor > start + 1) {
    const code = text.charCodeAt(cursor - 1);
    if (code !== 46 && code !== 58 && code !== 33 && code !== 63) break;
    cursor -= 1;
  }
  return cursor;
}

/** Windows paths may hold single spaces ("Program Files"); go on while the next word has a backslash. */
function windowsPathEnd(text: string, start: number): number {
  let cursor = start;
  const limit = Math.min(text.length, start + 1024);
  while (cursor < limit) {
    cursor = scanRight(
      text,
      cursor,
      (code) => isPathCode(code) || code === 40 || code === 41,
      limit - cursor,
    );
    if (text.charCodeAt(cursor) !== 32) break;
    const wordEnd = scanRight(text, cursor + 1, isPathCode, Math.min(128, limit - cursor - 1));
    const word = text.slice(cursor + 1, wordEnd);
    if (!word.includes('\\') || text.slice(start, cursor).lastIndexOf('\\') < 0) break;
    cursor = wordEnd;
  }
  return cursor;
}

/** Server and home filesystem paths, POSIX and Windows. */
export const filesystemPathRule: LeakRule = {
  name: 'filesystem-path',
  description:
    'Absolute POSIX paths under server and home roots (/home, /Users, /root, /var, /srv, /app, /opt, /etc, /usr, /tmp, ...), ~/.dotfile paths, Windows drive and UNC paths, and dependency trees such as node_modules/ or site-packages/. A path inside a URL (https://host/var/x) passes.',
  patterns: [POSIX_ROOT, HOME_DOT_PATH, WINDOWS_PATH, SOURCE_FILE_IN_TREE],
  find(text) {
    const spans: LeakSpan[] = [];
    // every pattern needs a slash or a backslash; most short strings have neither
    if (text.indexOf('/') === -1 && text.indexOf('\\') === -1) return spans;
    let coveredUntil = 0;
    eachMatch(POSIX_ROOT, text, (match) => {
      if (match.index < coveredUntil || !startsPath(text, match.index)) return;
      const end = trimPathEnd(text, match.index, scanRight(text, match.index, isPathCode, 2048));
      spans.push(span(match.index, end));
      coveredUntil = end;
    });
    eachMatch(HOME_DOT_PATH, text, (match) => {
      spans.push(
        span(match.index, trimPathEnd(text, match.index, scanRight(text, match.index, isPathCode, 1024))),
      );
    });
    eachMatch(WINDOWS_PATH, text, (match) => {
      if (match.index < coveredUntil) return;
      const end = trimPathEnd(text, match.index, windowsPathEnd(text, match.index));
      spans.push(span(match.index, end));
      coveredUntil = end;
    });
    eachMatch(SOURCE_FILE_IN_TREE, text, (match) => {
      const start = scanLeftPath(text, match.index);
      spans.push(span(start, trimPathEnd(text, start, scanRight(text, match.index, isPathCode, 1024))));
    });
    return spans;
  },
};

function scanLeftPath(text: string, index: number): number {
  let cursor = index;
  const limit = Math.max(0, index - 512);
  while (cursor > limit && isPathCode(text.charCodeAt(cursor - 1))) cursor -= 1;
  return cursor;
}
