import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkDocBlocks, documentsToCheck, extractBlocks } from '../../scripts/check-doc-blocks.js';
import { renderOptionsReference } from '../../scripts/options-reference.js';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const readme = readFileSync(join(projectRoot, 'README.md'), 'utf8');

describe('the README', () => {
  it('starts with the install line, names both commands early, and stays under 15 KB', () => {
    expect(readme.split('\n').slice(0, 4).join('\n')).toContain('npm install toolbound zod');
    const head = readme.split('\n').slice(0, 60).join('\n');
    expect(head).toContain('npm start');
    expect(head).toContain('npm test');
    expect(Buffer.byteLength(readme)).toBeLessThan(15 * 1024);
  });

  it('links only to docs that exist or that their owners are writing', () => {
    const links = [...readme.matchAll(/\]\((docs\/[^)#]+)\)/g)].map((match) => match[1]!);
    expect(links.length).toBeGreaterThan(5);
    // written by the helpers of issues 10, 11, 15 and 16, who move those README sections there
    for (const link of links) expect(documentsToCheck()).toContain(link);
  });
});

describe('code blocks in the docs', () => {
  it('extracts blocks with the line they start on', () => {
    const blocks = extractBlocks('x.md', 'text\n```ts\nconst a = 1;\n```\n```sh\nls\n```\n');
    expect(blocks).toEqual([{ document: 'x.md', line: 3, code: 'const a = 1;' }]);
  });

  it('type-checks every ts block of the README and these docs against the sources', () => {
    const problems = checkDocBlocks(documentsToCheck());
    expect(problems.map((problem) => `${problem.document}:${problem.line}: ${problem.message}`)).toEqual([]);
  }, 120_000);
});

describe('docs/options.md', () => {
  it('matches the option types, so the reference cannot drift', () => {
    const current = readFileSync(join(projectRoot, 'docs', 'options.md'), 'utf8');
    expect(current).toBe(renderOptionsReference());
  }, 120_000);
});
