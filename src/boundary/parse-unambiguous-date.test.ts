import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseUnambiguousDate } from './parse-unambiguous-date.js';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const validDate = fc
  .date({ min: new Date(Date.UTC(1000, 0, 1)), max: new Date(Date.UTC(9999, 11, 31)), noInvalidDate: true })
  .map((date) => ({
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    iso: date.toISOString().slice(0, 10),
  }));

describe('parseUnambiguousDate', () => {
  it.each([
    ['Aug 1, 2026', '2026-08-01'],
    ['August 1st, 2026', '2026-08-01'],
    ['1 August 2026', '2026-08-01'],
    ['1st of Aug 2026', '2026-08-01'],
    ['Sept 3, 2026', '2026-09-03'],
    ['13/08/2026', '2026-08-13'],
    ['08/13/2026', '2026-08-13'],
    ['2026/08/01', '2026-08-01'],
    ['2026.8.1', '2026-08-01'],
    ['20260801', '2026-08-01'],
    ['05/05/2026', '2026-05-05'],
    ['2026-08-01T09:30:00Z', '2026-08-01'],
  ])('reads %j as %s', (text, expected) => {
    expect(parseUnambiguousDate(text)).toBe(expected);
  });

  it.each([
    '08/01/2026', // August 1st or January 8th
    '01/02/2026',
    'next tuesday',
    'yesterday',
    'Aug 32, 2026',
    '2026/02/30',
    '31/02/2026',
    'Augustus 1, 2026',
    'Sep 1',
    '',
    '2026-13-01',
    `${'1'.repeat(100)}/01/2026`,
  ])('gives nothing for the ambiguous or nonsensical %j', (text) => {
    expect(parseUnambiguousDate(text)).toBeUndefined();
  });

  it('reads every unambiguous form of any real date back to that date', () => {
    fc.assert(
      fc.property(validDate, ({ year, month, day, iso }) => {
        const name = MONTHS[month - 1]!;
        expect(parseUnambiguousDate(`${name.slice(0, 3)} ${day}, ${year}`)).toBe(iso);
        expect(parseUnambiguousDate(`${day} ${name} ${year}`)).toBe(iso);
        expect(parseUnambiguousDate(`${year}/${month}/${day}`)).toBe(iso);
        const dayFirst = `${day}/${month}/${year}`;
        const monthFirst = `${month}/${day}/${year}`;
        if (day > 12 || day === month) {
          expect(parseUnambiguousDate(dayFirst)).toBe(iso);
          expect(parseUnambiguousDate(monthFirst)).toBe(iso);
        } else {
          expect(parseUnambiguousDate(dayFirst)).toBeUndefined();
          expect(parseUnambiguousDate(monthFirst)).toBeUndefined();
        }
      }),
    );
  });

  it('never throws, and anything it returns is a real ISO calendar date', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}$/)), (text) => {
        const result = parseUnambiguousDate(text);
        if (result === undefined) return;
        expect(result).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(new Date(`${result}T00:00:00Z`).toISOString().slice(0, 10)).toBe(result);
      }),
    );
  });
});
