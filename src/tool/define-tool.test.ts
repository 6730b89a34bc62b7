import { type } from 'arktype';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from './define-tool.js';

const input = z.object({ city: z.enum(['Pune', 'Mumbai']) });
const base = { name: 'get_weather', description: 'Weather in a city.', input, run: () => ({ temp_c: 31 }) };

describe('defineTool', () => {
  it('fills in the defaults and derives the JSON Schema from zod', () => {
    const tool = defineTool(base);
    expect(tool.idempotent).toBe(false);
    expect(tool.timeoutMs).toBe(30_000);
    expect(tool.service).toBe('get_weather');
    expect(tool.jsonSchema).toMatchObject({
      type: 'object',
      properties: { city: { enum: ['Pune', 'Mumbai'] } },
      required: ['city'],
    });
    expect(tool.jsonSchema).not.toHaveProperty('$schema');
  });

  it('keeps the options it was given', () => {
    const tool = defineTool({ ...base, idempotent: true, timeoutMs: 500, service: 'weather-api' });
    expect([tool.idempotent, tool.timeoutMs, tool.service]).toEqual([true, 500, 'weather-api']);
    const jsonSchema = { type: 'object', properties: {} };
    expect(defineTool({ ...base, jsonSchema }).jsonSchema).toBe(jsonSchema);
  });

  it('accepts valibot and arktype schemas (arktype types are callable functions)', () => {
    const withValibot = defineTool({ ...base, input: v.object({ city: v.picklist(['Pune']) }) });
    expect(withValibot.jsonSchema).toBeUndefined(); // valibot 1.5 implements no Standard JSON Schema
    const withArktype = defineTool({ ...base, input: type({ city: "'Pune' | 'Mumbai'" }) });
    expect(withArktype.jsonSchema).toMatchObject({ type: 'object', required: ['city'] });
  });

  it.each([
    ['an empty name', { ...base, name: '' }, /name must be 1-64/],
    ['a name with spaces', { ...base, name: 'get weather' }, /name must be 1-64/],
    ['a name over 64 characters', { ...base, name: 'x'.repeat(65) }, /name must be 1-64/],
    ['a non-string name', { ...base, name: 42 }, /name must be 1-64/],
    ['a missing run', { ...base, run: undefined }, /run must be a function/],
    ['a non-schema input', { ...base, input: { parse: () => ({}) } }, /input must be a Standard Schema/],
    ['a null input', { ...base, input: null }, /input must be a Standard Schema/],
    ['a missing description', { ...base, description: undefined }, /description must be a string/],
  ])('rejects %s with a TypeError that says what is wrong', (_label, definition, message) => {
    expect(() => defineTool(definition as never)).toThrow(TypeError);
    expect(() => defineTool(definition as never)).toThrow(message);
  });

  it('rejects a definition that is not an object', () => {
    expect(() => defineTool(null as never)).toThrow(TypeError);
    expect(() => defineTool('get_weather' as never)).toThrow(/expects an object/);
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 31])('rejects timeoutMs %s', (timeoutMs) => {
    expect(() => defineTool({ ...base, timeoutMs })).toThrow(/timeoutMs must be a positive number/);
  });
});
