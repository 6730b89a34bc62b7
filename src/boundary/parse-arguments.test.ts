import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonErrorPosition } from './json-error-position.js';
import { DEFAULT_ARGUMENT_LIMITS, type ParsedArguments, parseArguments } from './parse-arguments.js';

const parse = (raw: unknown, limits = DEFAULT_ARGUMENT_LIMITS) => parseArguments(raw, 'get_weather', limits);

function failure(parsed: ParsedArguments) {
  if (parsed.ok) throw new Error(`expected a failure, got ${JSON.stringify(parsed.value)}`);
  return parsed.outcome;
}

describe('parseArguments', () => {
  it('reads a JSON string and an object alike', () => {
    expect(parse('{"city":"Pune"}')).toEqual({ ok: true, value: { city: 'Pune' } });
    expect(parse({ city: 'Pune' })).toEqual({ ok: true, value: { city: 'Pune' } });
  });

  it.each(['', '   \n', undefined, null])('reads %j as no arguments at all', (raw) => {
    expect(parse(raw)).toEqual({ ok: true, value: {} });
  });

  it.each([
    ['{"city":}', 'line 1, column 9', '"}"'],
    ['{city: "Pune"}', 'line 1, column 2', '"c"'],
    ["{'city': 'Pune'}", 'line 1, column 2', `"'"`],
    ['{\n  "city": "Pune",\n  "days": tree\n}', 'line 3, column 13', '"e"'],
    ['{"city":"Pune"} trailing', 'line 1, column 17', '"t"'],
    ['{"city":"Pune",}', 'line 1, column 16', '"}"'],
  ])('says where %j stops being JSON', (text, where, character) => {
    const outcome = failure(parse(text));
    expect(outcome).toMatchObject({ class: 'correctable', ok: false, error: 'malformed_arguments' });
    expect(outcome.message).toContain(where);
    expect(outcome.message).toContain(`Unexpected ${character}`);
    expect(outcome.hint).toMatch(/double quotes/);
  });

  it('says when the JSON ended too early', () => {
    expect(failure(parse('{"city":"Pune"')).message).toContain('ended before it was complete');
    expect(failure(parse('{"city":')).message).toContain('ended before it was complete');
  });

  it.each([
    ['[1,2]', 'an array'],
    ['42', 'a number'],
    ['"Pune"', 'a string'],
    ['null', 'a null'],
    ['true', 'a boolean'],
  ])('asks for an object when given %s', (text, received) => {
    const outcome = failure(parse(text));
    expect(outcome).toMatchObject({ class: 'correctable', error: 'malformed_arguments' });
    expect(outcome.message).toContain(`you sent ${received}`);
  });

  it('treats arguments given as a number or a function as correctable, not a crash', () => {
    expect(failure(parse(42)).error).toBe('malformed_arguments');
    expect(failure(parse(() => 1)).error).toBe('malformed_arguments');
  });

  it('treats an object that cannot become JSON as correctable', () => {
    const circular: Record<string, unknown> = {};
    circular['self'] = circular;
    expect(failure(parse(circular)).error).toBe('malformed_arguments');
    expect(failure(parse({ amount: 10n })).error).toBe('malformed_arguments');
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('trap');
        },
        ownKeys() {
          throw new Error('trap');
        },
      },
    );
    expect(failure(parse(hostile)).error).toBe('malformed_arguments');
  });

  it('refuses arguments over the size limit before parsing them', () => {
    const limits = { ...DEFAULT_ARGUMENT_LIMITS, maxArgumentBytes: 100 };
    const outcome = failure(parse(JSON.stringify({ note: 'x'.repeat(200) }), limits));
    expect(outcome).toMatchObject({ class: 'refused', error: 'arguments_too_large' });
    expect(outcome.message).toContain('100-byte limit');
    // bytes, not characters: 40 three-byte characters are 120 bytes
    expect(failure(parse(JSON.stringify({ n: '€'.repeat(40) }), limits)).error).toBe('arguments_too_large');
    expect(failure(parse({ note: 'x'.repeat(200) }, limits)).error).toBe('arguments_too_large');
  });

  it('refuses nesting past the depth limit without overflowing the stack', () => {
    expect(failure(parse('['.repeat(1_000_000))).error).toBe('arguments_too_deep');
    expect(failure(parse(`{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}`)).error).toBe(
      'arguments_too_deep',
    );
    let deep: unknown = {};
    for (let level = 0; level < 100_000; level++) deep = { a: deep };
    const outcome = failure(parse(deep));
    expect(outcome).toMatchObject({ class: 'refused', error: 'arguments_too_deep' });
    expect(outcome.message).toContain('64 levels');
  });

  it('counts depth outside strings only', () => {
    const brackets = '['.repeat(500);
    expect(parse(JSON.stringify({ text: brackets }))).toEqual({ ok: true, value: { text: brackets } });
    expect(parse('{"text":"\\"[[[["}')).toEqual({ ok: true, value: { text: '"[[[[' } });
  });

  it('accepts nesting exactly at the limit', () => {
    const limits = { ...DEFAULT_ARGUMENT_LIMITS, maxArgumentDepth: 3 };
    expect(parse('{"a":{"b":[1]}}', limits).ok).toBe(true);
    expect(failure(parse('{"a":{"b":[[1]]}}', limits)).error).toBe('arguments_too_deep');
  });

  describe('__proto__ keys', () => {
    const check = (raw: unknown) => {
      const parsed = parse(raw);
      if (!parsed.ok) throw new Error('expected the arguments to parse');
      expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
      expect(Object.getPrototypeOf(parsed.value)).toBe(Object.prototype);
      expect(Object.hasOwn(parsed.value, '__proto__')).toBe(false);
      expect((parsed.value as Record<string, unknown>)['polluted']).toBeUndefined();
      return parsed.value;
    };

    it('drops them from a JSON string, at any depth', () => {
      expect(check('{"__proto__":{"polluted":true},"city":"Pune"}')).toEqual({ city: 'Pune' });
      const nested = check('{"filter":{"__proto__":{"polluted":true}}}') as { filter: object };
      expect(Object.getPrototypeOf(nested.filter)).toBe(Object.prototype);
      expect(Object.keys(nested.filter)).toEqual([]);
    });

    it('drops them when the key is spelled with \\u escapes', () => {
      expect(check('{"\\u005f\\u005fproto__":{"polluted":true},"city":"Pune"}')).toEqual({ city: 'Pune' });
      expect(check('{"__pro\\u0074o__":{"polluted":true}}')).toEqual({});
    });

    it('drops them from an object made with JSON.parse', () => {
      const raw = JSON.parse('{"__proto__":{"polluted":true},"city":"Pune"}') as object;
      expect(Object.hasOwn(raw, '__proto__')).toBe(true); // the hostile shape really is there
      expect(check(raw)).toEqual({ city: 'Pune' });
    });
  });
});

describe('jsonErrorPosition', () => {
  it('is -1 exactly when JSON.parse accepts the text', () => {
    const jsonish = fc.oneof(
      fc.json(),
      fc.string({
        unit: fc.constantFrom('{', '}', '[', ']', '"', ':', ',', '1', '-', '.', 'e', 't', 'n', ' ', '\\'),
      }),
      fc.json().chain((text) => fc.nat(text.length).map((cut) => text.slice(0, cut) + text.slice(cut + 1))),
    );
    fc.assert(
      fc.property(jsonish, (text) => {
        let valid = true;
        try {
          JSON.parse(text);
        } catch {
          valid = false;
        }
        const position = jsonErrorPosition(text);
        expect(position === -1).toBe(valid);
        expect(position).toBeLessThanOrEqual(text.length);
      }),
      { numRuns: 500 },
    );
  });

  it('handles 200k nested brackets without recursion', () => {
    expect(jsonErrorPosition('['.repeat(200_000))).toBe(200_000);
  });
});

describe('parseArguments: the limits at their edges', () => {
  it('refuses exactly the arguments deeper or larger than the limits, short ones included', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 2, max: 120 }),
        fc.string({ unit: fc.constantFrom('a', 'é', '€', '😀'), maxLength: 30 }),
        (depth, maxArgumentDepth, maxArgumentBytes, text) => {
          const json = `{"v":${'['.repeat(depth - 1)}${JSON.stringify(text)}${']'.repeat(depth - 1)}}`;
          const parsed = parse(json, { maxArgumentDepth, maxArgumentBytes });
          const expected =
            Buffer.byteLength(json) > maxArgumentBytes
              ? 'arguments_too_large'
              : depth > maxArgumentDepth
                ? 'arguments_too_deep'
                : undefined;
          expect(parsed.ok ? undefined : parsed.outcome.error).toBe(expected);
        },
      ),
      { numRuns: 500 },
    );
  });
});
