import { describe, expect, it } from 'vitest';
import { findLeaks } from '../../src/sanitize/find-leaks.js';
import { repeatTo } from '../helpers/crafted-inputs.js';

/**
 * The hand-made crafted units (crafted-input.test.ts) hold the shapes someone thought of. This
 * audit draws more from a fixed seed: two to four fragments that some rule reacts to (a secret's
 * name, an operator, a scheme, a path root, a trace line's opening, an escape), glued into a unit
 * and repeated to 1 MB, which no rule meets in real text but a rule that reads a window at every
 * trigger, or back to the text's start, turns into seconds. Such a search found five shapes that
 * the units had missed, the worst quadratic (1 MB of `http://sk-é` took over 40 s).
 */
const FRAGMENTS = [
  'password',
  'token',
  'secret',
  'api_key',
  'auth',
  'login',
  'user',
  'pwd=',
  'host=',
  'port=',
  '=',
  ':',
  ': ',
  ' ',
  '"',
  "'",
  '`',
  '(',
  ')',
  '[',
  '{',
  '<',
  '>',
  '/',
  '\\',
  '@',
  ',',
  ';',
  '|',
  '#1 ',
  '\\n',
  '\n',
  '\t',
  '-',
  '_',
  '.',
  '*',
  '%2F',
  '&',
  '?',
  '$ ',
  'é',
  'пароль',
  '密码',
  '10.0.0.1',
  '192.168.1.1',
  'fd00::1',
  ':5432',
  'localhost',
  'http://',
  'postgres://',
  'jdbc:',
  'Server=',
  '.internal',
  '.local',
  'at ',
  '    at ',
  'Error: ',
  'Caused by: ',
  'File "',
  '.go:1',
  '.java:1)',
  'node:internal/',
  'Traceback',
  'goroutine 1 [',
  'SELECT ',
  'FROM ',
  'VALUES (',
  '/etc/',
  '/home/a/',
  '~/.ssh/',
  'C:\\Users\\',
  'node_modules/',
  'echo ',
  'sudo ',
  '--password ',
  '-p',
  'mysql ',
  'curl -u ',
  'IDENTIFIED BY ',
  'Bearer ',
  'Authorization',
  'Set-Cookie: ',
  'export ',
  'KEY=',
  'machine ',
  '::add-mask::',
  'BEGIN ',
  '-----',
  'ghp_',
  'sk-',
  'AKIA',
  'eyJ',
  'xoxb-',
  'QUFBQUFB',
  'A1b2C3d4',
  'x',
  '0',
  'a'.repeat(40),
];
const SHAPES = 80;
const MEGABYTE = 1024 * 1024;
/** As in crafted-input.test.ts: a bound that a rule with quadratic cost cannot meet on any machine. */
const GENEROUS_BOUND_MS = 3_000;

/** A fixed-seed generator (a 32-bit LCG), so that the same shapes are drawn on every run. */
function drawShapes(seed: number): string[] {
  let state = seed;
  const next = () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 2 ** 32;
  };
  return Array.from({ length: SHAPES }, () => {
    const count = 2 + Math.floor(next() * 3);
    return Array.from({ length: count }, () => FRAGMENTS[Math.floor(next() * FRAGMENTS.length)]).join('');
  });
}

describe('random shapes of trigger fragments', () => {
  for (const shape of drawShapes(20_261_202)) {
    it(`scans 1 MB of ${JSON.stringify(shape)} in bounded time`, () => {
      const text = repeatTo(shape, MEGABYTE);
      const started = performance.now();
      const spans = findLeaks(text);
      expect(performance.now() - started).toBeLessThan(GENEROUS_BOUND_MS);
      expect(
        spans.filter((span) => span.start < 0 || span.end > text.length || span.end <= span.start),
      ).toEqual([]);
    });
  }
});
