import { readFileSync } from 'node:fs';

/** The version in toolbound's package.json, which sits two folders above the built CLI. */
export function packageVersion(): string {
  const text = readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
  const { version } = JSON.parse(text) as { version?: unknown };
  if (typeof version !== 'string') throw new Error('package.json has no version.');
  return version;
}
