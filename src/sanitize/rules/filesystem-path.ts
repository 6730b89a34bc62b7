import type { LeakRule, LeakSpan } from '../leak-rule.js';
import {
  eachMatch,
  isSpaceCode,
  lastIndexBetween,
  runStartReader,
  scanLeft,
  scanRight,
  standsAlone,
} from '../text-scan.js';

/**
 * Roots that only a machine's filesystem has: an absolute path of two or more names under one of
 * them is a path wherever it stands. Compound roots (`github/workspace`) are checked by the code.
 */
const MACHINE_ROOTS = new Set([
  'etc',
  'usr',
  'var',
  'opt',
  'srv',
  'root',
  'tmp',
  'mnt',
  'proc',
  'sys',
  'run',
  'lib',
  'lib64',
  'bin',
  'sbin',
  'nix',
  'snap',
  'boot',
  'dev',
  'Users',
  'Library',
  'Applications',
  'Volumes',
  'System',
  'workspace',
  'workspaces',
  'builds',
  '__w',
  'nfs',
  'efs',
  'scratch',
  'cores',
  'cygdrive',
  'secrets',
  'certs',
  'workdir',
  'sdcard',
  'kaniko',
  'buildkite',
]);

/** Roots made of two names, of which the first alone is also a common web route. */
const MACHINE_ROOT_PAIRS = new Set([
  'github/workspace',
  'github/home',
  'export/home',
  'storage/emulated',
  'private/var',
  'private/tmp',
  'private/etc',
]);

/**
 * Roots that servers and containers use (`/app`, `/src`, `/config`) and web apps use as routes
 * (`/app/settings`, `/home/dashboard`): a path under one counts when it names a file (an
 * extension that is not a web asset's, or a dot file), has a line number, runs four names deep,
 * or stands where a file operation or a trace puts a path.
 */
const SHARED_ROOTS = new Set([
  'home',
  'app',
  'apps',
  'data',
  'media',
  'code',
  'src',
  'build',
  'config',
  'configs',
  'project',
  'projects',
  'repo',
  'repos',
  'work',
  'private',
  'storage',
  'github',
  'export',
  'www',
  'logs',
  'backup',
  'backups',
  'deploy',
]);

/** A u01-style Oracle mount point. */
const NUMBERED_MOUNT = /^u\d{2}$/;

/** Extensions of files a browser fetches, which name routes as often as files. */
const WEB_ASSET_EXTENSIONS = new Set([
  'png',
  'jpg',
  'jpeg',
  'gif',
  'svg',
  'webp',
  'ico',
  'css',
  'html',
  'htm',
  'woff',
  'woff2',
  'ttf',
  'mp4',
  'webm',
  'mp3',
  'avif',
]);

/** A file extension at the end of a name: `.yml`, `.rs`, `.8812`. */
const EXTENSION = /[^.]\.([A-Za-z0-9]{1,10})$/;

/** A line number after a path: `:41`, `:line 61`, `, line 23`, ` on line 7`, `(12,5)`, `", line 3`. */
const LINE_NUMBER_AFTER = /^(?::\d|:line \d|["']?, line \d| on line \d|\(\d{1,7}[,)])/;

/**
 * A file operation or loader just before a quoted path: Node's `ENOENT: ..., open '/x'`, `rename
 * '/a' -> '/b'` and `Cannot find module '/x'`, Python's `PosixPath('/x')` and `File "/x"`.
 */
const FILE_CALL_BEFORE =
  /(?:\b(?:open|openat|opendir|scandir|readdir|stat|lstat|fstat|statfs|mkdir|mkdtemp|rmdir|unlink|rename|access|readlink|realpath|chmod|chown|lchown|copyfile|symlink|link|utime|utimes|watch|chdir|remove|truncate|spawn|module|file|path|posixpath|windowspath|pureposixpath|fopen|require|readfile|readfilesync|writefile|writefilesync|createreadstream|createwritestream|load|loading|read|reading|write|writing)[ \t(]|->[ \t])['"`]$/i;

/**
 * A file error just before a path, quoted or not: Python's `[Errno 2] No such file or directory:
 * '/x'`, Java's `FileNotFoundException: /x`, `AccessDeniedException: /x`.
 */
const FILE_ERROR_BEFORE =
  /(?:(?:FileNotFound|NoSuchFile|AccessDenied|FileSystem|FileAlreadyExists|NotDirectory|DirectoryNotEmpty|IO|UncheckedIO)Exception|no such file or directory|permission denied|is a directory|not a directory|file exists|read-only file system|directory not empty|operation not permitted|file name too long):[ \t]?['"`]?$/i;

/** A file operation Go writes before an unquoted path and a colon: `open /x: permission denied`. */
const GO_FILE_OPERATION =
  /\b(?:open|openat|opendir|scandir|readdir|stat|lstat|fstatat|mkdir|mkdirat|rmdir|remove|unlink|unlinkat|rename|chdir|readlink|access|chmod|chown|lchown|truncate|utimes|symlink|link|write|read)[ \t]$/;

/** Java's reason after a path: `/x (No such file or directory)`, `(Permission denied)`. */
const FILE_REASON_AFTER =
  /^ \((?:No such file or directory|Permission denied|Is a directory|Not a directory|Read-only file system)\)/i;

/** A shell command whose argument is a file or a folder: `ls -la /home/backup/keys/`, `cd /app/data`. */
const SHELL_FILE_COMMAND =
  /(?:^|[\s$#>;&|])(?:ls|ll|cd|cat|cp|mv|rm|mkdir|rmdir|chmod|chown|touch|tail|head|less|find|du|tar|stat|scp|rsync|ln|source)(?:[ \t]{1,4}-{1,2}[\w=-]{1,20}){0,4}[ \t]{1,4}$/;

/** A home-relative dot path such as `~/.ssh/id_rsa`, `~/.aws/credentials` or `$HOME/.config/x`. */
const HOME_DOT_PATH = /(?:~|\$HOME|\$\{HOME\})\/\.[\w-]/g;

/** A path under a Windows profile or system folder named by its variable: `%APPDATA%\Acme\x.json`. */
const WINDOWS_FOLDER_VARIABLE =
  /%(?:APPDATA|LOCALAPPDATA|USERPROFILE|PROGRAMDATA|ProgramFiles|HOMEPATH|TEMP|TMP|SystemRoot|windir)%[\\/][\w$.~-]/gi;

/**
 * A Windows drive path `C:\...` (also JSON-escaped `C:\\...`, or written with forward slashes,
 * `C:/ProgramData/...`) or a UNC share `\\server\share`.
 */
const WINDOWS_PATH = /\b[A-Za-z]:(?:\\\\?|\/)[\w$.~-]|\\\\[\w.-]+\\[\w$.-]/g;

/** File names of source files from a build tree, which name the server's layout. */
const SOURCE_FILE_IN_TREE =
  /\b(?:node_modules|site-packages|dist-packages|vendor\/bundle|\.venv|__pycache__)[\\/]/g;

function isLetterCode(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/** Characters that may begin a path's first name: letters, digits and `_ . ~ @ $ + -`. */
function isNameStartCode(code: number): boolean {
  return (
    (code >= 48 && code <= 57) ||
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122) ||
    code === 95 ||
    code === 46 ||
    code === 126 ||
    code === 64 ||
    code === 36 ||
    code === 43 ||
    code === 45
  );
}

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

/**
 * A path starts after a blank, a quote, an opening bracket, `=`, `:` or a URL with no host
 * (`file:///x`, `unix:///var/run/docker.sock`), not inside a URL's path.
 */
function startsPath(text: string, index: number): boolean {
  if (index === 0) return true;
  const previous = text.charCodeAt(index - 1);
  if (previous === 47) {
    if (text.charCodeAt(index - 2) !== 47 || text.charCodeAt(index - 3) !== 58) return false;
    const schemeStart = scanLeft(text, index - 3, (code) => (code >= 97 && code <= 122) || code === 43, 16);
    return schemeStart < index - 3;
  }
  if (previous === 110 && text.charCodeAt(index - 2) === 92) return true; // after a JSON-escaped newline
  // `C:/x` is read whole as a Windows path
  if (
    previous === 58 &&
    isLetterCode(text.charCodeAt(index - 2)) &&
    !isNameStartCode(text.charCodeAt(index - 3))
  ) {
    return false;
  }
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
    // the separator the path uses: `\` or, in `C:/Program Files/...`, `/`
    const separator = text.slice(start, cursor).includes('\\') ? '\\' : '/';
    if (!word.includes(separator) || text.slice(start, cursor).lastIndexOf(separator) < 0) break;
    cursor = wordEnd;
  }
  return cursor;
}

/** Whether a file operation, a file error or Go's `op /x: reason` puts the path at `start` there. */
function inFileContext(text: string, start: number, pathEnd: number): boolean {
  const previous = text.charCodeAt(start - 1);
  const quoted = previous === 34 || previous === 39 || previous === 96;
  const colonBefore =
    previous === 58 || text.charCodeAt(start - 2) === 58 || text.charCodeAt(start - 3) === 58;
  const after = text.charCodeAt(pathEnd);
  const blankBefore = previous === 32 || previous === 9;
  // each shape needs a quote, a blank or a colon next to the path, or a bracket after it
  if (!quoted && !colonBefore && !blankBefore && after !== 58 && after !== 32) return false;
  const before = text.slice(Math.max(0, start - 48), start);
  if (blankBefore && SHELL_FILE_COMMAND.test(before)) return true;
  if (quoted && FILE_CALL_BEFORE.test(before)) return true;
  if (colonBefore && FILE_ERROR_BEFORE.test(before)) return true;
  if (!quoted && after === 58 && GO_FILE_OPERATION.test(before)) return true;
  return (
    after === 32 &&
    text.charCodeAt(pathEnd + 1) === 40 &&
    FILE_REASON_AFTER.test(text.slice(pathEnd, pathEnd + 32))
  );
}

/**
 * Whether the absolute POSIX path `text[start, coreEnd)` (its line number, if any, follows) names
 * a place on a machine rather than a web route. Under a machine root (`/etc`, `/var`, `/secrets`,
 * `/github/workspace`) it always does. Under a root that web apps share (`/app`, `/home`, `/src`,
 * `/config`) it does when it names a file (an extension other than a web asset's, or a dot file),
 * runs four names deep, or has a line number. Under any root it does when it names a source file
 * with a line number (`/x/y.rb:12`), or stands where a file operation or a trace puts a path.
 */
function isMachinePath(text: string, start: number, coreEnd: number, pathEnd: number): boolean {
  const names = text
    .slice(start + 1, coreEnd)
    .split('/')
    .filter((name) => name !== '');
  const root = names[0];
  if (root !== undefined && names.length >= 2) {
    if (
      MACHINE_ROOTS.has(root) ||
      NUMBERED_MOUNT.test(root) ||
      MACHINE_ROOT_PAIRS.has(`${root}/${names[1]}`)
    ) {
      return true;
    }
    const extension = EXTENSION.exec(names[names.length - 1] ?? '')?.[1]?.toLowerCase();
    const lineNumber = extension !== undefined && LINE_NUMBER_AFTER.test(text.slice(coreEnd, coreEnd + 16));
    if (lineNumber) return true;
    if (SHARED_ROOTS.has(root)) {
      const namesFile =
        (extension !== undefined && !WEB_ASSET_EXTENSIONS.has(extension)) ||
        names.some((name) => name.length > 1 && name.charCodeAt(0) === 46 && name !== '..');
      if (namesFile || names.length >= 4) return true;
    }
  }
  return root !== undefined && inFileContext(text, start, pathEnd);
}

/** Where a path's name part ends: before a `:line`/`:12` suffix after its last slash. */
function pathCoreEnd(text: string, start: number, pathEnd: number): number {
  // read up to the path's end only: an indexOf over the rest of the text, in text with no colon
  // after it, made each path cost the length of the text (1 MB of `curl /token` took 0.6 s)
  for (let index = Math.max(start, lastIndexBetween(text, 47, start, pathEnd)); index < pathEnd; index++)
    if (text.charCodeAt(index) === 58) return index; // ':'
  return pathEnd;
}

/** Server and home filesystem paths, POSIX and Windows. */
export const filesystemPathRule: LeakRule = {
  name: 'filesystem-path',
  description:
    "Absolute POSIX paths under machine roots (/etc, /var, /usr, /opt, /srv, /root, /tmp, /Users, /secrets, /certs, /github/workspace, /__w, /u01, ...), under roots web apps share (/app, /home, /src, /config, /data, ...) when they name a file, run four names deep or carry a line number,, and under any root in a file error, a trace or a shell command (open '/x', ENOENT, FileNotFoundException, /x/y.rb:12, ls -la /x/y/); ~/.dotfile and %APPDATA% paths, Windows drive paths with either slash, UNC paths, and dependency trees such as node_modules/ or site-packages/. A path inside a URL (https://host/var/x) and a web route (/app/settings) pass.",
  patterns: [
    NUMBERED_MOUNT,
    EXTENSION,
    LINE_NUMBER_AFTER,
    FILE_CALL_BEFORE,
    FILE_ERROR_BEFORE,
    GO_FILE_OPERATION,
    FILE_REASON_AFTER,
    SHELL_FILE_COMMAND,
    HOME_DOT_PATH,
    WINDOWS_FOLDER_VARIABLE,
    WINDOWS_PATH,
    SOURCE_FILE_IN_TREE,
  ],
  find(text) {
    const spans: LeakSpan[] = [];
    // every pattern needs a slash or a backslash; most short strings have neither
    if (text.indexOf('/') === -1 && text.indexOf('\\') === -1) return spans;
    // every slash that starts a path, found with indexOf: a regex run per slash costs more than
    // the checks, and text full of URLs has many slashes
    for (let start = text.indexOf('/'); start !== -1; start = text.indexOf('/', start + 1)) {
      if (!isNameStartCode(text.charCodeAt(start + 1)) || !startsPath(text, start)) continue;
      const end = trimPathEnd(text, start, scanRight(text, start, isPathCode, 2048));
      // after `file://` or `unix://` it is a local path whatever its root
      const inFileUrl = text.charCodeAt(start - 1) === 47;
      if (inFileUrl || isMachinePath(text, start, pathCoreEnd(text, start, end), end)) {
        spans.push(span(start, end));
      }
      start = Math.max(start, end - 1);
    }
    eachMatch(HOME_DOT_PATH, text, (match) => {
      const end = trimPathEnd(text, match.index, scanRight(text, match.index, isPathCode, 1024));
      spans.push(span(match.index, end));
      return end; // a path inside it is part of it: `~/.ssh/~/.ssh/…` is read once, not 1 KiB a match
    });
    eachMatch(WINDOWS_FOLDER_VARIABLE, text, (match) => {
      spans.push(span(match.index, trimPathEnd(text, match.index, windowsPathEnd(text, match.index))));
    });
    let coveredUntil = 0;
    eachMatch(WINDOWS_PATH, text, (match) => {
      if (match.index < coveredUntil) return;
      const end = trimPathEnd(text, match.index, windowsPathEnd(text, match.index));
      spans.push(span(match.index, end));
      coveredUntil = end;
    });
    let pathStartAt: ReturnType<typeof runStartReader> | undefined;
    eachMatch(SOURCE_FILE_IN_TREE, text, (match) => {
      // the path before each tree is read once, however many trees a run of path characters holds
      pathStartAt ??= runStartReader(text, isPathCode, 512);
      const start = pathStartAt(match.index, match.index + match[0].length);
      const end = trimPathEnd(text, start, scanRight(text, match.index, isPathCode, 1024));
      // `"node_modules/axios"` as a whole string, as a lockfile keys its packages: a package's
      // place in the project, with no directory of the machine before it
      if (start === match.index && standsAlone(text, start, end)) return;
      spans.push(span(start, end));
      return end; // a tree inside the path is part of it
    });
    return spans;
  },
};
