import { describe, expect, it } from 'vitest';
import { findLeaks } from '../../src/sanitize/find-leaks.js';
import { repeatTo } from '../helpers/crafted-inputs.js';

// Crafted units for the readers of name/value entries, plain secrets under explicit names and
// table rows, in the manner of crafted-input.test.ts: each opens what a reader reacts to (a name
// key, a value key, a secret-named cell) over and over. Only a bound that a reader with quadratic
// cost cannot meet on any machine; the speed itself is measured by `npm run bench`.
const MEGABYTE = 1024 * 1024;
const GENEROUS_BOUND_MS = 3_000;

const UNITS: Readonly<Record<string, string>> = {
  'a name, then its value': '- name: A_PASSWORD\n  value: ',
  'a name with no value': '- name: API_TOKEN\n',
  'a value, then a name': '{"value": "abc123x", "name": ',
  'value keys alone': 'value: ',
  'name keys alone': 'name: ',
  'a phrase key': 'API key: ',
  'a plain secret': 'APP_SECRET=hunter2 ',
  'quoted words and commas': '"password", "x", ',
  'a table row': '| DB_PASSWORD | x |\n',
  'an open table row': '| API_TOKEN | ',
  'a table rule': '|---|---|\n',
  'a box rule': '+----+----+\n',
  'a listing line': 'API_TOKEN    abc\n',
  'a listing header': 'KEY    VALUE\n',
  pipes: '|',
  'CSV rows': 'a,b\n',
  'a CSV header over rows': 'user,password\nx,y\n',
  'CSV headers': 'user,password\n',
};

describe('crafted input for credential entries, plain values and tables', () => {
  for (const [name, unit] of Object.entries(UNITS)) {
    it(`scans 1 MB of ${name} in bounded time, without throwing`, () => {
      const text = repeatTo(unit, MEGABYTE);
      const started = performance.now();
      const spans = findLeaks(text);
      const elapsedMs = performance.now() - started;
      expect(elapsedMs).toBeLessThan(GENEROUS_BOUND_MS);
      const outside = spans.filter(
        (span) => span.start < 0 || span.end > text.length || span.end <= span.start,
      );
      expect(outside).toEqual([]);
    });
  }
});
