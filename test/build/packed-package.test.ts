import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// What a new user gets from npm: the packed tarball, installed into a fresh ESM project and a
// fresh CommonJS one, with its peers from the registry at the versions this repository tests.
const run = promisify(execFile);
const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const manifest = JSON.parse(await readFile(join(projectRoot, 'package.json'), 'utf8')) as {
  version: string;
  devDependencies: Record<string, string>;
};
const peers = ['zod', 'valibot', '@valibot/to-json-schema'].map(
  (name) => `${name}@${manifest.devDependencies[name]}`,
);

let workspace = '';
let tarball = '';

/** Builds into a staging folder (never the repository's dist) and packs from there. */
async function pack(): Promise<string> {
  const staging = join(workspace, 'staging');
  await mkdir(staging);
  const tsc = join(projectRoot, 'node_modules', 'typescript', 'bin', 'tsc');
  await run(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--outDir', join(staging, 'dist')], {
    cwd: projectRoot,
  });
  for (const file of ['package.json', 'README.md', 'LICENSE', 'CHANGELOG.md', 'docs'])
    await cp(join(projectRoot, file), join(staging, file), { recursive: true });
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', workspace], {
    cwd: staging,
    maxBuffer: 16 * 1024 * 1024,
  });
  const [packed] = JSON.parse(stdout) as { filename: string; files: { path: string }[] }[];
  return join(workspace, packed!.filename);
}

async function project(name: string, type: 'module' | 'commonjs'): Promise<string> {
  const directory = join(workspace, name);
  await mkdir(directory);
  await writeFile(join(directory, 'package.json'), JSON.stringify({ name, private: true, type }));
  await run(
    'npm',
    ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', tarball, ...peers],
    { cwd: directory, maxBuffer: 16 * 1024 * 1024 },
  );
  return directory;
}

/** The same checks in both module systems; only how toolbound is loaded differs. */
const CHECKS = `
const valibotSchema = v.object({ city: v.picklist(['Pune', 'Mumbai']), days: v.number() });
const tools = [
  defineTool({ name: 'with_valibot', description: 'v', input: valibotSchema, run: () => 1 }),
  defineTool({
    name: 'with_zod_date',
    description: 'z',
    input: z.object({ city: z.string(), when: z.date(), days: z.number() }),
    run: ({ when }) => when.toISOString(),
  }),
];
let zod3Error = '';
try {
  defineTool({ name: 'with_zod3', description: 'z3', input: z3.object({ city: z3.string() }), run: () => 1 });
} catch (error) {
  zod3Error = error.message;
}
const dispatcher = createDispatcher({ tools, logger: { error() {}, warn() {}, info() {} } });
const reply = await dispatcher.dispatch(
  { id: 'c1', name: 'with_zod_date', arguments: { city: 'Pune', when: '2026-08-01', days: 2 } },
  { runId: 'r1' },
);
console.log(JSON.stringify({
  openai: toOpenAITools(dispatcher).map((tool) => tool.function),
  anthropic: toAnthropicTools(dispatcher),
  zod3Error,
  dateReply: reply.content,
}));
`;

const ESM = `import * as v from 'valibot';
import { z } from 'zod';
import * as z3 from 'zod/v3';
import { createDispatcher, defineTool } from 'toolbound';
import { toOpenAITools } from 'toolbound/openai';
import { toAnthropicTools } from 'toolbound/anthropic';
${CHECKS}`;

const COMMONJS = `const v = require('valibot');
const { z } = require('zod');
const z3 = require('zod/v3');
const { createDispatcher, defineTool } = require('toolbound');
const { toOpenAITools } = require('toolbound/openai');
const { toAnthropicTools } = require('toolbound/anthropic');
(async () => {
${CHECKS}
})();`;

interface Printed {
  openai: { name: string; parameters: { properties: Record<string, unknown> } }[];
  anthropic: { name: string; input_schema: { properties: Record<string, unknown> } }[];
  zod3Error: string;
  dateReply: string;
}

const printed = new Map<string, Printed>();
let esmDirectory = '';

beforeAll(async () => {
  workspace = await mkdtemp(join(tmpdir(), 'toolbound-pack-'));
  tarball = await pack();
  const [esm, commonjs] = await Promise.all([project('esm-app', 'module'), project('cjs-app', 'commonjs')]);
  esmDirectory = esm;
  await writeFile(join(esm, 'check.js'), ESM);
  await writeFile(join(commonjs, 'check.js'), COMMONJS);
  for (const [name, directory] of [
    ['esm', esm],
    ['commonjs', commonjs],
  ] as const) {
    const { stdout } = await run(process.execPath, ['check.js'], { cwd: directory });
    printed.set(name, JSON.parse(stdout) as Printed);
  }
}, 170_000);

afterAll(async () => {
  if (workspace !== '') await rm(workspace, { recursive: true, force: true });
});

describe.each(['esm', 'commonjs'])('the packed tarball in a fresh %s project', (kind) => {
  it('gives valibot and zod 4 with a date tool specs that list every property', () => {
    const result = printed.get(kind)!;
    const properties = (name: string) =>
      Object.keys(result.openai.find((tool) => tool.name === name)!.parameters.properties).sort();
    expect(properties('with_valibot')).toEqual(['city', 'days']);
    expect(properties('with_zod_date')).toEqual(['city', 'days', 'when']);
    const anthropicDate = result.anthropic.find((tool) => tool.name === 'with_zod_date')!;
    expect(anthropicDate.input_schema.properties['when']).toEqual({ type: 'string', format: 'date-time' });
  });

  it('refuses zod 3 at start-up with the fix, and turns an ISO date string into a Date', () => {
    const result = printed.get(kind)!;
    expect(result.zod3Error).toMatch(/zod 3.*Upgrade to zod 4.*pass jsonSchema/);
    expect(result.dateReply).toContain('2026-08-01T00:00:00.000Z');
  });
});

describe('the packed CLI', () => {
  it('prints the seed transcripts with npx toolbound demo', async () => {
    const { stdout } = await run('npx', ['--no-install', 'toolbound', 'demo'], { cwd: esmDirectory });
    expect(stdout).toContain('step 1: model asks get_weather {"city":"Punee"}');
    expect(stdout).toContain('step 3: model answers: It is 31 C in Pune.');
    expect(stdout).toContain('  the same call failed 2 times: giving up');
  });

  it('prints the version with npx toolbound --version', async () => {
    const { stdout } = await run('npx', ['--no-install', 'toolbound', '--version'], { cwd: esmDirectory });
    expect(stdout.trim()).toBe(manifest.version);
  });

  it('ships no source maps and no examples folder the README would send users to', async () => {
    const { stdout } = await run('tar', ['-tzf', tarball]);
    expect(stdout).not.toMatch(/\.map$/m);
    expect(stdout).toMatch(/^package\/dist\/cli\/demo\/run-demo\.js$/m);
    expect(stdout).toMatch(/^package\/README\.md$/m);
  });
});
