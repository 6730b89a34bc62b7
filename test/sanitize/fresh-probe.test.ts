import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sanitizeValue } from '../../src/sanitize/sanitize-value.js';

interface ProbeLeak {
  family: string;
  text: string;
  /** What must not survive. */
  secret: string;
  /** Why a reasonable reader might let this one pass, when they might. */
  debatable?: string;
}

interface ProbeBenign {
  family: string;
  text: string;
}

const probe = JSON.parse(readFileSync(new URL('../corpus/fresh-probe.json', import.meta.url), 'utf8')) as {
  leaks: ProbeLeak[];
  benign: ProbeBenign[];
};

/** The levels this probe was brought to; a change that slides below them fails here. */
const MINIMUM_RECALL = 0.97;
const MAXIMUM_BENIGN_ALTERED = 0.05;

function survives(sample: ProbeLeak): boolean {
  return String(sanitizeValue(sample.text)).includes(sample.secret);
}

describe('a probe written from the docs, in shapes the labelled corpus did not hold', () => {
  it(`catches at least ${MINIMUM_RECALL} of the leaks no one calls debatable, and alters at most ${MAXIMUM_BENIGN_ALTERED} of the benign lines`, () => {
    const firm = probe.leaks.filter((sample) => sample.debatable === undefined);
    const missed = firm.filter(survives);
    const altered = probe.benign.filter((sample) => sanitizeValue(sample.text) !== sample.text);
    const recall = 1 - missed.length / firm.length;
    console.log(
      `fresh probe: recall ${recall.toFixed(3)} (${firm.length - missed.length}/${firm.length}), ` +
        `all ${(1 - probe.leaks.filter(survives).length / probe.leaks.length).toFixed(3)}, ` +
        `benign altered ${altered.length}/${probe.benign.length}`,
    );
    for (const sample of missed)
      console.log(`  missed [${sample.family}] ${JSON.stringify(sample.text.slice(0, 100))}`);
    for (const sample of altered)
      console.log(`  altered [${sample.family}] ${JSON.stringify(sample.text.slice(0, 100))}`);
    expect(recall).toBeGreaterThanOrEqual(MINIMUM_RECALL);
    expect(altered.length / probe.benign.length).toBeLessThanOrEqual(MAXIMUM_BENIGN_ALTERED);
  });

  it('names secrets that occur in their samples', () => {
    expect(probe.leaks.filter((sample) => !sample.text.includes(sample.secret))).toEqual([]);
  });
});
