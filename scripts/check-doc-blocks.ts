/**
 * Type-checks every ```ts block in README.md and docs/*.md against the package's sources: an
 * import of 'toolbound' or 'toolbound/<subpath>' resolves to src/ through the package's exports,
 * so a snippet that drifts from the API fails CI. Each block is its own module, so it must
 * import what it uses. Run with `npm run docs:check`.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** One code block, where it sits in its document. */
export interface DocBlock {
  document: string;
  line: number;
  code: string;
}

/** A type error in a block, with the document line it points at. */
export interface DocBlockProblem {
  document: string;
  line: number;
  message: string;
}

const projectRoot = fileURLToPath(new URL('..', import.meta.url));

/** README.md and every markdown file under docs/, relative to the project root. */
export function documentsToCheck(root = projectRoot): string[] {
  const docs = readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => join('docs', file))
    .sort();
  return ['README.md', ...docs];
}

/** The ```ts and ```typescript blocks of a markdown text. */
export function extractBlocks(document: string, text: string): DocBlock[] {
  const blocks: DocBlock[] = [];
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const open = /^(\s*)```(ts|typescript)\b/.exec(lines[index]!);
    if (open === null) continue;
    const start = index + 1;
    let end = start;
    while (end < lines.length && !/^\s*```\s*$/.test(lines[end]!)) end++;
    blocks.push({ document, line: start + 1, code: lines.slice(start, end).join('\n') });
    index = end;
  }
  return blocks;
}

/** Maps 'toolbound' and each 'toolbound/<subpath>' of package.json's exports to its source file. */
function sourcePaths(root: string): Record<string, string[]> {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    exports: Record<string, string | { import?: string }>;
  };
  const paths: Record<string, string[]> = {};
  for (const [subpath, target] of Object.entries(manifest.exports)) {
    const built = typeof target === 'string' ? target : target.import;
    if (built === undefined || !built.endsWith('.js')) continue;
    const source = join(root, built.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts'));
    paths[subpath === '.' ? 'toolbound' : `toolbound/${subpath.slice(2)}`] = [source];
  }
  return paths;
}

/** Type-checks the blocks of the given documents; an empty list means every block compiles. */
export function checkDocBlocks(documents = documentsToCheck(), root = projectRoot): DocBlockProblem[] {
  const blocks = documents.flatMap((document) =>
    extractBlocks(document, readFileSync(join(root, document), 'utf8')),
  );
  // inside the project, so 'zod', 'openai' and the rest resolve from its node_modules
  const folder = join(root, 'node_modules', '.cache', 'doc-blocks');
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'package.json'), '{"type":"module"}\n');
  const files = new Map<string, DocBlock>();
  blocks.forEach((block, index) => {
    const name = `${block.document.replace(/[^A-Za-z0-9]+/g, '-')}-${block.line}-${index}.ts`;
    const file = join(folder, name);
    // `export {}` keeps a block without imports a module, so top-level await works everywhere
    writeFileSync(file, `${block.code}\nexport {};\n`);
    files.set(file, block);
  });
  if (files.size === 0) return [];

  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (config === undefined) throw new Error('check-doc-blocks: cannot read tsconfig.json');
  const program = ts.createProgram([...files.keys()], {
    ...config.options,
    noEmit: true,
    paths: sourcePaths(root),
  });
  const problems: DocBlockProblem[] = [];
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const file = diagnostic.file?.fileName;
    const block = file === undefined ? undefined : files.get(file);
    if (block === undefined) {
      // an error outside the blocks (in src/) is the typecheck's business, not the docs'
      if (diagnostic.file === undefined)
        problems.push({ document: '(program)', line: 0, message: flatten(diagnostic) });
      continue;
    }
    const { line } = diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
    problems.push({ document: block.document, line: block.line + line, message: flatten(diagnostic) });
  }
  rmSync(folder, { recursive: true, force: true });
  return problems;
}

function flatten(diagnostic: ts.Diagnostic): string {
  return ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
}

if (process.argv[1] !== undefined && relative(process.argv[1], fileURLToPath(import.meta.url)) === '') {
  const documents = documentsToCheck();
  const problems = checkDocBlocks(documents);
  for (const problem of problems) console.error(`${problem.document}:${problem.line}: ${problem.message}`);
  const count = documents.reduce(
    (total, document) =>
      total + extractBlocks(document, readFileSync(join(projectRoot, document), 'utf8')).length,
    0,
  );
  console.log(
    `check-doc-blocks: ${count} blocks in ${documents.length} documents, ${problems.length} errors`,
  );
  process.exitCode = problems.length === 0 ? 0 : 1;
}
