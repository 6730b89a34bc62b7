import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findLeaks } from '../../src/sanitize/find-leaks.js';
import type { LeakRuleName } from '../../src/sanitize/leak-rule-name.js';
import { redactText } from '../../src/sanitize/redact-text.js';

interface LeakSample {
  family: LeakRuleName;
  text: string;
  /**
   * The part that must not survive redaction, when the sample names one: a rule that fires on
   * the host next to a password, and leaves the password, has not caught the leak.
   */
  secret?: string;
}

interface BenignSample {
  kind: string;
  text: string;
}

const CORPUS = new URL('../corpus/', import.meta.url);

/** Every sample in `<kind>.json` and `<kind>-<family>.json`, so families grow in files of their own. */
function load<T>(kind: 'leaks' | 'benign'): T[] {
  return readdirSync(CORPUS)
    .filter((file) => file === `${kind}.json` || (file.startsWith(`${kind}-`) && file.endsWith('.json')))
    .flatMap((file) => JSON.parse(readFileSync(new URL(file, CORPUS), 'utf8')) as T[]);
}

const leaks = load<LeakSample>('leaks');
const benign = load<BenignSample>('benign');

function isCaught(sample: LeakSample): boolean {
  if (sample.secret === undefined) return findLeaks(sample.text).length > 0;
  return !redactText(sample.text).text.includes(sample.secret);
}

const MINIMUM_RECALL = 0.99;
const MAXIMUM_FALSE_POSITIVE_RATE = 0.02;

describe('labelled corpus', () => {
  it('holds at least 200 leaks across every family and 200 benign strings', () => {
    expect(leaks.length).toBeGreaterThanOrEqual(200);
    expect(benign.length).toBeGreaterThanOrEqual(200);
    expect(new Set(leaks.map((sample) => sample.family)).size).toBe(7);
  });

  it('names secrets that occur in their samples', () => {
    const wrong = leaks.filter(
      (sample) => sample.secret !== undefined && !sample.text.includes(sample.secret),
    );
    expect(wrong).toEqual([]);
  });

  it(`finds leaks with recall >= ${MINIMUM_RECALL} and flags benign text at most ${MAXIMUM_FALSE_POSITIVE_RATE}`, () => {
    const missed = leaks.filter((sample) => !isCaught(sample));
    const flagged = benign.filter((sample) => findLeaks(sample.text).length > 0);
    const recall = 1 - missed.length / leaks.length;
    const falsePositiveRate = flagged.length / benign.length;
    const byFamily = new Map<string, { total: number; found: number }>();
    for (const sample of leaks) {
      const entry = byFamily.get(sample.family) ?? { total: 0, found: 0 };
      entry.total += 1;
      if (!missed.includes(sample)) entry.found += 1;
      byFamily.set(sample.family, entry);
    }
    console.log(
      `sanitiser corpus: recall ${recall.toFixed(4)} (${leaks.length - missed.length}/${leaks.length}), ` +
        `false-positive rate ${falsePositiveRate.toFixed(4)} (${flagged.length}/${benign.length})`,
    );
    for (const [family, { total, found }] of byFamily) console.log(`  ${family}: ${found}/${total}`);
    for (const sample of missed)
      console.log(`  missed [${sample.family}] ${JSON.stringify(sample.text.slice(0, 100))}`);
    for (const sample of flagged) {
      const rules = findLeaks(sample.text).map((found) => found.rule);
      console.log(
        `  flagged [${sample.kind}] ${JSON.stringify(sample.text.slice(0, 100))} by ${rules.join(', ')}`,
      );
    }
    expect(recall).toBeGreaterThanOrEqual(MINIMUM_RECALL);
    expect(falsePositiveRate).toBeLessThanOrEqual(MAXIMUM_FALSE_POSITIVE_RATE);
  });

  it('finds each leak under the family it is labelled with', () => {
    const wrongFamily = leaks.filter((sample) => {
      const rules = findLeaks(sample.text).map((found) => found.rule);
      return rules.length > 0 && !rules.includes(sample.family === 'sql' ? 'sql' : sample.family);
    });
    expect(wrongFamily.map((sample) => sample.text.slice(0, 80))).toEqual([]);
  });
});
