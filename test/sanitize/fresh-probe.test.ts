import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sanitizeValue } from '../../src/sanitize/sanitize-value.js';

interface ProbeLeak {
  family: string;
  /** A line a tool returns as text, or (`value`) a result it returns as data. */
  text?: string;
  value?: unknown;
  /** What must not survive. */
  secret: string;
  /** Why a reasonable reader might let this one pass, when they might. */
  debatable?: string;
}

interface ProbeBenign {
  family: string;
  text?: string;
  value?: unknown;
}

/** What a sample hands the sanitiser: its text, or its structured value. */
function input(sample: ProbeLeak | ProbeBenign): unknown {
  return sample.text ?? sample.value;
}

/** A sanitised sample as the model reads it: a string as it is, a value as JSON. */
function asRead(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

interface Probe {
  about: string;
  leaks: ProbeLeak[];
  benign: ProbeBenign[];
}

function readProbe(file: string): Probe {
  return JSON.parse(readFileSync(new URL(`../corpus/${file}`, import.meta.url), 'utf8')) as Probe;
}

/**
 * Each probe with the levels it was brought to, so that a change that slides below them fails.
 * The first one prompted a round of rules; the second to the eighteenth were each written after
 * the rules before them, without sight of the earlier probes, and scored before any rule was
 * changed for them (0.930, 0.932, 0.936, 0.958, 0.948, 0.932, 0.931, 0.850, 0.875, 0.968, 0.932,
 * 0.929, 0.964, 0.926 and 0.873 of their firm leaks). The sixteenth, on ground as new as the
 * ninth's and tenth's (payments, identity, Windows administration, mainframes, eighteen more
 * languages), is held at 0.93: what it still misses is listed in docs/sanitiser.md. The fourteenth alters 7 of its 119 benign entries (13
 * before the round that cut it): values beside a secret's name that are no secret (a placeholder
 * in angle brackets, wp-config's placeholders, a user name), two LDAP URLs, a version after the
 * Japanese word for firmware, and an Oracle error line.
 * The sixth to the thirteenth hold structured results as well as text. The ninth, on network devices,
 * Windows and IoT, is held lower: most of what it still alters are private addresses, redacted
 * by design.
 */
const PROBES = [
  { file: 'fresh-probe.json', minimumRecall: 0.97, maximumBenignAltered: 0.05 },
  { file: 'fresh-probe-2.json', minimumRecall: 0.94, maximumBenignAltered: 0.05 },
  { file: 'fresh-probe-3.json', minimumRecall: 0.97, maximumBenignAltered: 0.06 },
  { file: 'fresh-probe-4.json', minimumRecall: 0.97, maximumBenignAltered: 0.05 },
  { file: 'fresh-probe-5.json', minimumRecall: 0.98, maximumBenignAltered: 0.05 },
  { file: 'fresh-probe-6.json', minimumRecall: 0.97, maximumBenignAltered: 0.07 },
  { file: 'fresh-probe-7.json', minimumRecall: 0.97, maximumBenignAltered: 0.07 },
  { file: 'fresh-probe-8.json', minimumRecall: 0.97, maximumBenignAltered: 0.1 },
  { file: 'fresh-probe-9.json', minimumRecall: 0.89, maximumBenignAltered: 0.19 },
  { file: 'fresh-probe-10.json', minimumRecall: 0.95, maximumBenignAltered: 0.04 },
  { file: 'fresh-probe-11.json', minimumRecall: 0.98, maximumBenignAltered: 0.05 },
  { file: 'fresh-probe-12.json', minimumRecall: 0.97, maximumBenignAltered: 0.05 },
  { file: 'fresh-probe-13.json', minimumRecall: 0.99, maximumBenignAltered: 0.05 },
  { file: 'fresh-probe-14.json', minimumRecall: 0.97, maximumBenignAltered: 0.07 },
  { file: 'fresh-probe-15.json', minimumRecall: 0.97, maximumBenignAltered: 0.07 },
  { file: 'fresh-probe-16.json', minimumRecall: 0.95, maximumBenignAltered: 0.07 },
  { file: 'fresh-probe-17.json', minimumRecall: 0.93, maximumBenignAltered: 0.22 },
  { file: 'fresh-probe-18.json', minimumRecall: 0.93, maximumBenignAltered: 0.12 },
];

function survives(sample: ProbeLeak): boolean {
  return asRead(sanitizeValue(input(sample))).includes(sample.secret);
}

describe.each(PROBES)(
  '$file, written from the docs in shapes the labelled corpus did not hold',
  ({ file, minimumRecall, maximumBenignAltered }) => {
    const probe = readProbe(file);

    it(`catches at least ${minimumRecall} of the leaks no one calls debatable, and alters at most ${maximumBenignAltered} of the benign lines`, () => {
      const firm = probe.leaks.filter((sample) => sample.debatable === undefined);
      const missed = firm.filter(survives);
      const altered = probe.benign.filter(
        (sample) => asRead(sanitizeValue(input(sample))) !== asRead(input(sample)),
      );
      const recall = 1 - missed.length / firm.length;
      console.log(
        `${file}: recall ${recall.toFixed(3)} (${firm.length - missed.length}/${firm.length}), ` +
          `all ${(1 - probe.leaks.filter(survives).length / probe.leaks.length).toFixed(3)}, ` +
          `benign altered ${altered.length}/${probe.benign.length}`,
      );
      for (const sample of missed)
        console.log(`  missed [${sample.family}] ${asRead(input(sample)).slice(0, 100)}`);
      for (const sample of altered)
        console.log(`  altered [${sample.family}] ${asRead(input(sample)).slice(0, 100)}`);
      expect(recall).toBeGreaterThanOrEqual(minimumRecall);
      expect(altered.length / probe.benign.length).toBeLessThanOrEqual(maximumBenignAltered);
    });

    it('names secrets that occur in their samples', () => {
      expect(probe.leaks.filter((sample) => !asRead(input(sample)).includes(sample.secret))).toEqual([]);
    });
  },
);
