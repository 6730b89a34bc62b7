import { dirname, resolve } from 'node:path';

/**
 * Says why a file could not be read or written, naming the file or the folder that is missing,
 * so the user can fix the path without reading a Node error code.
 */
export function describeFileError(path: string, error: unknown, action: 'read' | 'write'): string {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (code === 'ENOENT' && action === 'write')
    return `the directory ${JSON.stringify(dirname(resolve(path)))} does not exist; create it or write somewhere else.`;
  if (code === 'ENOENT') return `there is no file at ${JSON.stringify(resolve(path))}.`;
  if (code === 'EISDIR') return `${JSON.stringify(path)} is a directory; give a file name.`;
  if (code === 'ENOTDIR') return `a part of ${JSON.stringify(path)} is a file, not a directory.`;
  if (code === 'EACCES' || code === 'EPERM') return `permission denied for ${JSON.stringify(path)}.`;
  if (error instanceof SyntaxError) return `it is not valid JSON (${error.message}).`;
  return error instanceof Error ? error.message : String(error);
}
