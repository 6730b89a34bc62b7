import { describe, expect, it } from 'vitest';
import { runDemo } from '../../src/cli/demo/run-demo.js';

// The "Expected output" blocks of seed 000, which the demo must reproduce line for line.
const WEATHER = `step 1: model asks get_weather {"city":"Punee"}
step 1: tool message {"error":"unknown city: Punee. Known cities: Pune, Mumbai, Delhi"}
step 2: model asks get_weather {"city":"Pune"}
step 2: tool message {"city":"Pune","temp_c":31}
step 3: model answers: It is 31 C in Pune.`;

const ORDER = `step 1: lookup_order {"order_id":"A17"}
  log (server only): connection to db.internal:5432 refused
  tool message: {"error":"the tool failed unexpectedly"}
step 2: lookup_order {"order_id":"A17"}
  log (server only): connection to db.internal:5432 refused
  tool message: {"error":"the tool failed unexpectedly"}
  the same call failed 2 times: giving up
final: Sorry, I could not look up that order.`;

async function transcript(): Promise<string[]> {
  const lines: string[] = [];
  await runDemo((line) => lines.push(...line.split('\n')));
  return lines;
}

function section(lines: string[], headingPart: string): string {
  const start = lines.findIndex((line) => line.startsWith('== ') && line.includes(headingPart));
  expect(start, `no section with ${headingPart}`).toBeGreaterThanOrEqual(0);
  const end = lines.findIndex((line, index) => index > start && (line.startsWith('== ') || line === ''));
  return lines.slice(start + 1, end === -1 ? undefined : end).join('\n');
}

describe('npm start (the demo)', () => {
  it('reproduces both expected-output blocks of seed 000 exactly', async () => {
    const lines = await transcript();
    expect(section(lines, 'corrects itself')).toBe(WEATHER);
    expect(section(lines, 'stay private')).toBe(ORDER);
  });

  it('shows every other class with the structured renderer, never leaking the internal host', async () => {
    const lines = await transcript();
    const toolMessages = lines.filter((line) => line.includes('tool message {"ok"'));
    const classes = new Set(toolMessages.map((line) => /"class":"(\w+)"/.exec(line)?.[1]));
    expect([...classes].sort()).toEqual(['clarifying', 'empty', 'fatal', 'refused', 'unavailable']);
    const modelFacing = lines.filter((line) => !line.includes('(server only)'));
    expect(modelFacing.join('\n')).not.toContain('db.internal');
    const notFound = toolMessages
      .filter((line) => line.includes('"not_found"'))
      .map((line) => line.replace(/^step \d+: /, ''));
    expect(notFound).toHaveLength(2);
    expect(notFound[0]).toBe(notFound[1]); // a 404 and a 403 read the same
    expect(lines.some((line) => line.includes('"offer":{"tool":"request_approval"'))).toBe(true);
  });
});
