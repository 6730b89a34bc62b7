import type { StandardSchemaV1 } from '@standard-schema/spec';
import { type } from 'arktype';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as z3 from 'zod/v3';
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

  // every library's object schema must reach the model with all its properties, dates included
  it.each<[string, StandardSchemaV1]>([
    ['zod 4', z.object({ city: z.enum(['Pune', 'Mumbai']), when: z.date(), days: z.number().int() })],
    ['valibot', v.object({ city: v.picklist(['Pune', 'Mumbai']), when: v.date(), days: v.number() })],
    ['arktype', type({ city: "'Pune' | 'Mumbai'", when: 'Date', days: 'number' })],
  ])('derives a JSON Schema with every property from %s, a date as an ISO string', (_library, input) => {
    const tool = defineTool({ ...base, input });
    expect(tool.jsonSchema).toMatchObject({
      type: 'object',
      properties: {
        city: { enum: expect.arrayContaining(['Pune', 'Mumbai']) },
        when: { type: 'string', format: 'date-time' },
        days: { type: expect.stringMatching(/^(number|integer)$/) },
      },
    });
    expect(new Set(tool.jsonSchema?.['required'] as string[])).toEqual(new Set(['city', 'when', 'days']));
    expect(tool.jsonSchema).not.toHaveProperty('$schema');
  });

  it('refuses a zod 3 schema, naming both fixes, and accepts it with jsonSchema', () => {
    const input = z3.object({ city: z3.string() });
    expect(() => defineTool({ ...base, input })).toThrow(/zod 3.*Upgrade to zod 4.*pass jsonSchema/);
    const jsonSchema = { type: 'object', properties: { city: { type: 'string' } } };
    expect(defineTool({ ...base, input, jsonSchema }).jsonSchema).toBe(jsonSchema);
  });

  it('refuses a hand-written Standard Schema without JSON Schema, naming the jsonSchema option', () => {
    const input: StandardSchemaV1 = {
      '~standard': { version: 1, vendor: 'mine', validate: (value) => ({ value }) },
    };
    expect(() => defineTool({ ...base, input })).toThrow(
      /from "mine"\) does not implement Standard JSON Schema.*jsonSchema/,
    );
  });

  it.each<[string, StandardSchemaV1]>([
    ['a zod string', z.string()],
    ['an arktype number', type('number')],
    ['a zod union', z.union([z.object({ a: z.string() }), z.object({ b: z.string() })])],
  ])('refuses %s as input: providers accept only objects', (_label, input) => {
    expect(() => defineTool({ ...base, input })).toThrow(/must describe an object of named arguments/);
  });

  it('refuses a jsonSchema whose root is not an object', () => {
    expect(() => defineTool({ ...base, jsonSchema: { type: 'string' } })).toThrow(
      /jsonSchema must describe an object.*describes a string/,
    );
  });

  it('refuses a zod type a model cannot send, naming the argument', () => {
    const input = z.object({ city: z.string(), tags: z.map(z.string(), z.string()) });
    expect(() => defineTool({ ...base, input })).toThrow(/argument tags is a zod map.*pass jsonSchema/);
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
