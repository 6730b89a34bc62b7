#!/usr/bin/env node
// Writes (or, with --check, compares) api-report.md: every entry point in package.json's
// exports with each symbol it exports and that symbol's declared shape. A public change then
// shows up as a diff in review, and CI fails when the committed report is stale. It also fails
// when a public signature names a type that no entry point exports, since users could not name it.
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import ts from 'typescript';

const root = new URL('..', import.meta.url).pathname;
const REPORT = `${root}api-report.md`;
const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));

const entries = Object.entries(pkg.exports)
  .filter(([, target]) => typeof target === 'object' && typeof target.import === 'string')
  .map(([subpath, target]) => ({
    name: subpath === '.' ? 'toolbound' : `toolbound/${subpath.slice(2)}`,
    file: `${root}${target.import.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts')}`,
  }));

const config = ts.getParsedCommandLineOfConfigFile(
  `${root}tsconfig.json`,
  {},
  { ...ts.sys, onUnRecoverableConfigFileDiagnostic() {} },
);
const program = ts.createProgram(
  entries.map((entry) => entry.file),
  config.options,
);
const checker = program.getTypeChecker();

const resolve = (symbol) => (symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol);
const publicSymbols = new Set();
const sections = [];
const exportsOf = new Map();
for (const entry of entries) {
  const source = program.getSourceFile(entry.file);
  if (source === undefined)
    throw new Error(`api-report: ${entry.file} (from package.json exports) does not exist.`);
  const symbols = checker.getExportsOfModule(checker.getSymbolAtLocation(source));
  exportsOf.set(entry, symbols);
  for (const symbol of symbols) publicSymbols.add(resolve(symbol));
}

const printer = ts.createPrinter({ removeComments: true });
const problems = [];
for (const entry of entries) {
  const lines = [`## ${entry.name}`, '', '```ts'];
  const symbols = [...exportsOf.get(entry)].sort((a, b) => a.name.localeCompare(b.name));
  for (const exported of symbols) {
    const symbol = resolve(exported);
    for (const declaration of symbol.declarations ?? []) {
      lines.push(describe(exported.name, symbol, declaration));
      checkNamedTypes(entry.name, exported.name, declaration);
    }
  }
  lines.push('```', '');
  sections.push(lines.join('\n'));
}

function describe(name, symbol, declaration) {
  if (
    ts.isInterfaceDeclaration(declaration) ||
    ts.isTypeAliasDeclaration(declaration) ||
    ts.isEnumDeclaration(declaration)
  ) {
    return printer
      .printNode(ts.EmitHint.Unspecified, declaration, declaration.getSourceFile())
      .replace(/^export (declare )?/, '');
  }
  const type = checker.getTypeOfSymbolAtLocation(symbol, declaration);
  const flags = ts.TypeFormatFlags.NoTruncation;
  if (ts.isClassDeclaration(declaration)) {
    const members = checker
      .getPropertiesOfType(checker.getDeclaredTypeOfSymbol(symbol))
      .filter(
        (member) =>
          !(ts.getCombinedModifierFlags(member.valueDeclaration ?? declaration) & ts.ModifierFlags.Private),
      )
      .map(
        (member) =>
          `  ${member.name}: ${checker.typeToString(checker.getTypeOfSymbolAtLocation(member, declaration), undefined, flags)};`,
      );
    return `class ${name} {\n${members.join('\n')}\n}`;
  }
  if (ts.isFunctionDeclaration(declaration)) {
    return checker
      .getSignaturesOfType(type, ts.SignatureKind.Call)
      .map(
        (signature) =>
          `function ${name}${checker.signatureToString(signature, undefined, flags).replace(/ => /, ': ')};`,
      )
      .join('\n');
  }
  return `const ${name}: ${checker.typeToString(type, undefined, flags)};`;
}

/** A public declaration may only name types that users can import too. */
function checkNamedTypes(entryName, exportedName, declaration) {
  const visit = (node) => {
    // a base interface is not named by users: its members arrive through the public one
    if (ts.isHeritageClause(node)) return;
    if (ts.isTypeReferenceNode(node)) {
      const target = checker.getSymbolAtLocation(node.typeName);
      const symbol = target && resolve(target);
      const file = symbol?.declarations?.[0]?.getSourceFile().fileName ?? '';
      if (
        symbol &&
        file.startsWith(`${root}src/`) &&
        !publicSymbols.has(symbol) &&
        !isTypeParameter(symbol)
      ) {
        problems.push(
          `${entryName}: ${exportedName} names ${symbol.name} (${relative(root, file)}), which no entry point exports`,
        );
      }
    }
    ts.forEachChild(node, visit);
  };
  // a function's body is not its signature
  if (ts.isFunctionDeclaration(declaration)) {
    for (const part of [...declaration.parameters, declaration.type, ...(declaration.typeParameters ?? [])])
      if (part) visit(part);
  } else if (ts.isVariableDeclaration(declaration)) {
    if (declaration.type) visit(declaration.type);
  } else if (!ts.isClassDeclaration(declaration)) visit(declaration);
}

function isTypeParameter(symbol) {
  return (symbol.flags & ts.SymbolFlags.TypeParameter) !== 0;
}

const report =
  `# toolbound API report\n\nGenerated by \`npm run api:update\` from the entry points in package.json; CI runs \`npm run api:check\`. Every public change shows up here as a diff.\n\n${sections.join('\n')}`.replaceAll(
    root,
    '',
  );
if (problems.length > 0) {
  console.error(
    `api-report: ${problems.length} public signature(s) name types users cannot import:\n${[...new Set(problems)].map((p) => `- ${p}`).join('\n')}\nExport those types from an entry point, or stop naming them in public signatures.`,
  );
  process.exit(1);
}
if (process.argv.includes('--check')) {
  let committed = '';
  try {
    committed = readFileSync(REPORT, 'utf8');
  } catch {}
  if (committed !== report) {
    console.error(
      'api-report: the public API differs from api-report.md. Review the change, then run `npm run api:update` and commit api-report.md.',
    );
    process.exit(1);
  }
  console.log(`api-report: ${entries.length} entry points match api-report.md`);
} else {
  writeFileSync(REPORT, report);
  console.log(`api-report: wrote ${relative(root, REPORT)} (${entries.length} entry points)`);
}
