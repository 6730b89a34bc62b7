/**
 * The credential rule skips a pattern's search on a short text that holds none of the words
 * every match of the pattern needs (the keyword prefilter). A gate with a word missing from its
 * set would hide leaks silently, so each gate is checked against strings its own pattern
 * matches, in every case, and against every line of the corpora.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { holds, keywordsIn } from '../keyword-gate.js';
import { PLAIN_TEXT_GATES } from './credential.js';
import { mayStartTable, TABLE_LINE } from './find-table-secrets.js';

/**
 * A copy of `pattern` that fast-check can generate from: word boundaries dropped, a lookahead
 * made part of the match (so that what it asks for follows), no flags but `m`.
 */
function generatable(pattern: RegExp): RegExp {
  const source = pattern.source.replace(/\\b/g, '').replace(/\(\?=([^()]*)\)/g, '(?:$1)');
  return new RegExp(source, pattern.flags.includes('m') ? 'm' : '');
}

/** Whether `pattern` matches anywhere in `text`, without touching its `lastIndex`. */
function matches(pattern: RegExp, text: string): boolean {
  return new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, '')).test(text);
}

/** `text` with the case of each letter flipped where `flips` says so. */
function withCase(text: string, flips: readonly boolean[]): string {
  let result = '';
  for (let index = 0; index < text.length; index++) {
    const character = text.charAt(index);
    result += flips[index % flips.length] ? character.toUpperCase() : character.toLowerCase();
  }
  return result;
}

/** Every `text` field anywhere in a parsed corpus file. */
function collectTexts(value: unknown, texts: string[]): void {
  if (Array.isArray(value)) for (const item of value) collectTexts(item, texts);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, field] of Object.entries(value)) {
      if (key === 'text' && typeof field === 'string') texts.push(field);
      else collectTexts(field, texts);
    }
  }
}

function corpusTexts(): string[] {
  const texts: string[] = [];
  const directory = new URL('../../../test/corpus/', import.meta.url);
  for (const file of readdirSync(directory)) {
    collectTexts(JSON.parse(readFileSync(new URL(file, directory), 'utf8')), texts);
  }
  const shared = new URL('../../../../shared/corpora/gitleaks-derived/corpus.json', import.meta.url);
  if (existsSync(shared)) {
    collectTexts(JSON.parse(readFileSync(shared, 'utf8')), texts);
  }
  return texts;
}

describe('pattern gates', () => {
  it.each(
    PLAIN_TEXT_GATES.map(([pattern, words]) => [String(pattern).slice(0, 60), pattern, words] as const),
  )('let through every text %s matches, in any case', (_name, pattern, words) => {
    let checked = 0;
    fc.assert(
      fc.property(
        fc.stringMatching(generatable(pattern)),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 7 }),
        fc.string({ maxLength: 12 }),
        fc.string({ maxLength: 12 }),
        (match, flips, before, after) => {
          const cased = pattern.flags.includes('i') ? withCase(match, flips) : match;
          // alone, as an anchored pattern needs it, and amid other text
          for (const text of [cased, `${before} ${cased} ${after}`]) {
            if (!matches(pattern, text)) continue;
            checked++;
            expect(holds(keywordsIn(text), words)).toBe(true);
          }
        },
      ),
    );
    // most generated strings are real matches: a generator that made none would check nothing
    expect(checked).toBeGreaterThan(0);
  });

  it('let through every corpus line their patterns match', () => {
    const texts = corpusTexts();
    let checked = 0;
    for (const text of texts) {
      const held = keywordsIn(text);
      for (const [pattern, words] of PLAIN_TEXT_GATES) {
        if (!matches(pattern, text)) continue;
        checked++;
        expect(holds(held, words), `${pattern} on ${JSON.stringify(text.slice(0, 80))}`).toBe(true);
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});

describe('the table gate', () => {
  const tableLine = new RegExp(TABLE_LINE.source, 'm');

  it('lets through every short text a table line can start in', () => {
    const piece = fc.constantFrom(
      'a',
      'key',
      ' ',
      '  ',
      '\t',
      ',',
      '|',
      ' |',
      '-',
      '=',
      '+',
      ':',
      '"',
      "'",
      '│',
      '\n',
      '\r',
      '\u2028',
      'x.y',
      '9',
    );
    let checked = 0;
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 14 }), (pieces) => {
        const text = pieces.join('');
        if (!tableLine.test(text)) return;
        checked++;
        expect(mayStartTable(text), JSON.stringify(text)).toBe(true);
      }),
      // each case is a few pieces: many of them, so that every mark of a table is met alone
      { numRuns: 3_000 },
    );
    expect(checked).toBeGreaterThan(0);
  });

  it('turns down a short line that holds no mark of a table', () => {
    expect(mayStartTable('ORD-8821 shipped on 2024-05-03')).toBe(false);
    expect(mayStartTable('| a | b |')).toBe(true);
    expect(mayStartTable('name  value')).toBe(true);
  });
});
