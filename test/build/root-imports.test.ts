import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Packages only a subpath export may import; each is an optional peer dependency. */
const PROVIDER_PACKAGES = [
  'openai',
  '@anthropic-ai/sdk',
  'ai',
  '@modelcontextprotocol/sdk',
  'redis',
  '@langchain/core',
  '@openai/agents',
];
const isForbiddenAtRoot = (specifier: string) =>
  PROVIDER_PACKAGES.some((name) => specifier === name || specifier.startsWith(`${name}/`)) ||
  specifier.startsWith('@opentelemetry/') ||
  specifier.startsWith('@ai-sdk/');

const IMPORT_SPECIFIERS = [
  /^\s*import\s+(?:[\w*{}\s,]+?\s+from\s+)?["']([^"']+)["']/gm,
  /^\s*export\s+(?:\*(?:\s+as\s+\w+)?|\{[^}]*\})\s+from\s+["']([^"']+)["']/gm,
  /\bimport\(\s*["']([^"']+)["']\s*\)/g,
];

/** Comments keep `@example` imports that never run, so they are dropped before scanning. */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

/** Every bare package a built module pulls in, following its relative imports. */
async function packagesImportedBy(entry: string): Promise<Map<string, string>> {
  const packages = new Map<string, string>(); // package specifier -> the file that imports it
  const visited = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (visited.has(file)) continue;
    visited.add(file);
    const source = withoutComments(await readFile(file, 'utf8'));
    for (const pattern of IMPORT_SPECIFIERS) {
      for (const match of source.matchAll(pattern)) {
        const specifier = match[1]!;
        if (specifier.startsWith('.')) pending.push(resolve(dirname(file), specifier));
        else if (!packages.has(specifier)) packages.set(specifier, file);
      }
    }
  }
  return packages;
}

let outDir = '';
beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'toolbound-build-'));
  const tsc = join(projectRoot, 'node_modules', 'typescript', 'bin', 'tsc');
  await promisify(execFile)(
    process.execPath,
    [
      tsc,
      '-p',
      'tsconfig.build.json',
      '--outDir',
      outDir,
      '--declaration',
      'false',
      '--declarationMap',
      'false',
      '--sourceMap',
      'false',
    ],
    { cwd: projectRoot, maxBuffer: 16 * 1024 * 1024 },
  );
}, 300_000);
afterAll(async () => {
  if (outDir !== '') await rm(outDir, { recursive: true, force: true });
});

describe('the built package', () => {
  it('has a root entry that imports no provider SDK, Redis or OpenTelemetry', async () => {
    const packages = await packagesImportedBy(join(outDir, 'index.js'));
    const forbidden = [...packages].filter(([specifier]) => isForbiddenAtRoot(specifier));
    expect(forbidden).toEqual([]);
  });

  it('keeps the testing entry free of provider SDKs too', async () => {
    const packages = await packagesImportedBy(join(outDir, 'testing.js'));
    expect([...packages.keys()].filter(isForbiddenAtRoot)).toEqual([]);
  });

  // openai and anthropic need only their SDK's types, which the build erases
  it.each<[string, string[]]>([
    ['openai', []],
    ['anthropic', []],
    ['ai-sdk', ['ai']],
    ['mcp', ['@modelcontextprotocol/sdk']],
    ['langchain', ['@langchain/core']],
    ['openai-agents', ['@openai/agents']],
  ])('has the %s adapter import at run time exactly %j of the optional SDKs', async (adapter, expected) => {
    const entry = join(outDir, 'adapters', adapter, 'index.js');
    expect(existsSync(entry)).toBe(true);
    const packages = [...(await packagesImportedBy(entry)).keys()];
    const providers = packages
      .filter(isForbiddenAtRoot)
      .map((specifier) =>
        specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!,
      );
    expect(new Set(providers)).toEqual(new Set(expected));
  });
});
