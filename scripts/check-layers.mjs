#!/usr/bin/env node
// Fails when an import in src/ climbs a layer or closes a cycle between folders. The layers come
// from DESIGN.md: imports only go down, so each folder can be read knowing only those below it.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

const SRC = new URL('../src/', import.meta.url).pathname;

/** Lower numbers sit lower; a module may import its own folder and any folder with a lower rank. */
const RANKS = [
  ['util'],
  ['outcome'],
  ['protocol.ts', 'state'],
  ['sanitize', 'observe', 'tool'],
  ['policy'],
  ['boundary'],
  ['loop'],
  ['adapters', 'eval'],
  ['report', 'cli'],
  ['index.ts', 'testing.ts'],
];
const rankOf = new Map(RANKS.flatMap((names, rank) => names.map((name) => [name, rank])));

/** The folder a source file belongs to: `adapters/<name>` for adapters, else its first segment. */
function unitOf(file) {
  const parts = relative(SRC, file.replace(/\.js$/, '.ts')).split('/');
  return parts[0] === 'adapters' && parts.length > 2 ? `adapters/${parts[1]}` : parts[0];
}

function rankOfUnit(unit) {
  const rank = rankOf.get(unit.split('/')[0]);
  if (rank === undefined) throw new Error(`check-layers: ${unit} has no layer; add it to RANKS.`);
  return rank;
}

function* sourceFiles(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (entry.name.endsWith('.ts') && !/\.test(-d)?\.ts$/.test(entry.name)) yield path;
  }
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*'(\.[^']+)'/g;
const problems = [];
const edges = new Map();
for (const file of sourceFiles(SRC)) {
  const from = unitOf(file);
  for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const target = normalize(join(dirname(file), match[1]));
    const to = unitOf(target);
    if (to === from) continue;
    if (rankOfUnit(to) > rankOfUnit(from))
      problems.push(`${relative(SRC, file)} imports ${match[1]}: ${to} sits above ${from}`);
    if (!edges.has(from)) edges.set(from, new Set());
    edges.get(from).add(to);
  }
}

// a cycle between folders of the same rank is still a cycle
const state = new Map();
const visit = (unit, path) => {
  if (state.get(unit) === 'done') return;
  if (state.get(unit) === 'open') {
    problems.push(`folder cycle: ${[...path.slice(path.indexOf(unit)), unit].join(' -> ')}`);
    return;
  }
  state.set(unit, 'open');
  for (const next of edges.get(unit) ?? []) visit(next, [...path, unit]);
  state.set(unit, 'done');
};
for (const unit of edges.keys()) visit(unit, []);

if (problems.length > 0) {
  console.error(`check-layers: ${problems.length} problem(s)\n${problems.map((p) => `- ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(`check-layers: ${edges.size} folders, imports only go down, no cycles`);
