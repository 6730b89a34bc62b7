import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { JsonSchema } from '../../tool/define-tool.js';

const MAX_ISSUES = 20;
const MAX_DEPTH = 32;

type Path = (string | number)[];

/**
 * A Standard Schema that checks a value against the common core of a JSON Schema: `type`,
 * `enum`, `const`, `required`, `properties`, `additionalProperties: false`, `items`, length and
 * range bounds, `allOf`/`anyOf`/`oneOf` and local `$ref`s. Anything else passes, since the server
 * that owns the schema validates again; `pattern` is skipped on purpose, because a regular
 * expression from a remote server could take exponential time. The issues carry paths, so the
 * boundary can name the argument and suggest the nearest allowed value.
 */
export function jsonSchemaInput(schema: JsonSchema): StandardSchemaV1<Record<string, unknown>> {
  return {
    '~standard': {
      version: 1,
      vendor: 'toolbound-json-schema',
      validate(value) {
        const issues: StandardSchemaV1.Issue[] = [];
        check(schema, schema, value, [], issues, 0);
        return issues.length === 0 ? { value: value as Record<string, unknown> } : { issues };
      },
    },
  };
}

function check(
  root: JsonSchema,
  node: unknown,
  value: unknown,
  path: Path,
  issues: StandardSchemaV1.Issue[],
  depth: number,
): void {
  const schema = resolve(root, node);
  if (schema === undefined || depth > MAX_DEPTH || issues.length >= MAX_ISSUES) return;
  const add = (message: string, extra: Record<string, unknown> = {}) => {
    if (issues.length < MAX_ISSUES) issues.push({ message, path, ...extra });
  };

  if (Array.isArray(schema['enum']) && !schema['enum'].some((option) => same(option, value))) {
    add('Invalid option', { values: schema['enum'] });
    return;
  }
  if ('const' in schema && !same(schema['const'], value)) {
    add('Invalid value', { values: [schema['const']] });
    return;
  }
  const types = typeof schema['type'] === 'string' ? [schema['type']] : schema['type'];
  if (Array.isArray(types) && !types.some((type) => hasType(type, value))) {
    add(`Expected ${String(types[0])}`, { expected: types[0] === 'integer' ? 'int' : types[0] });
    return;
  }
  for (const part of list(schema['allOf'])) check(root, part, value, path, issues, depth + 1);
  for (const key of ['anyOf', 'oneOf']) {
    const variants = list(schema[key]);
    if (variants.length > 0 && !variants.some((variant) => passes(root, variant, value, depth))) {
      add('Invalid input: does not match any allowed shape');
      return;
    }
  }

  if (isObject(value)) checkObject(root, schema, value, path, issues, depth);
  else if (Array.isArray(value)) {
    checkBounds(value.length, schema['minItems'], schema['maxItems'], add, 'items');
    const items = schema['items'];
    if (isObject(items))
      for (const [index, item] of value.entries())
        check(root, items, item, [...path, index], issues, depth + 1);
  } else if (typeof value === 'string') {
    checkBounds([...value].length, schema['minLength'], schema['maxLength'], add, 'characters');
  } else if (typeof value === 'number') {
    const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = schema;
    if (typeof minimum === 'number' && value < minimum)
      add(`Too small: expected at least ${minimum}`, { minimum });
    if (typeof maximum === 'number' && value > maximum)
      add(`Too big: expected at most ${maximum}`, { maximum });
    if (typeof exclusiveMinimum === 'number' && value <= exclusiveMinimum)
      add(`Too small: expected more than ${exclusiveMinimum}`);
    if (typeof exclusiveMaximum === 'number' && value >= exclusiveMaximum)
      add(`Too big: expected less than ${exclusiveMaximum}`);
  }
}

function checkObject(
  root: JsonSchema,
  schema: JsonSchema,
  value: Record<string, unknown>,
  path: Path,
  issues: StandardSchemaV1.Issue[],
  depth: number,
): void {
  const properties = isObject(schema['properties']) ? schema['properties'] : {};
  for (const key of list(schema['required'])) {
    if (typeof key === 'string' && !Object.hasOwn(value, key) && issues.length < MAX_ISSUES)
      issues.push({ message: 'Required', path: [...path, key] });
  }
  for (const [key, child] of Object.entries(value)) {
    if (Object.hasOwn(properties, key))
      check(root, properties[key], child, [...path, key], issues, depth + 1);
  }
  if (schema['additionalProperties'] === false) {
    const unknown = Object.keys(value).filter((key) => !Object.hasOwn(properties, key));
    if (unknown.length > 0 && issues.length < MAX_ISSUES)
      issues.push({
        message: 'Unrecognized keys',
        path,
        code: 'unrecognized_keys',
        keys: unknown,
      } as StandardSchemaV1.Issue);
  }
}

function checkBounds(
  length: number,
  minimum: unknown,
  maximum: unknown,
  add: (message: string) => void,
  unit: string,
): void {
  if (typeof minimum === 'number' && length < minimum) add(`Too small: expected at least ${minimum} ${unit}`);
  if (typeof maximum === 'number' && length > maximum) add(`Too big: expected at most ${maximum} ${unit}`);
}

function passes(root: JsonSchema, schema: unknown, value: unknown, depth: number): boolean {
  const issues: StandardSchemaV1.Issue[] = [];
  check(root, schema, value, [], issues, depth + 1);
  return issues.length === 0;
}

function resolve(root: JsonSchema, node: unknown): JsonSchema | undefined {
  let current = node;
  for (let hops = 0; hops < 8 && isObject(current); hops++) {
    const reference = current['$ref'];
    if (typeof reference !== 'string' || !reference.startsWith('#')) return current;
    current = reference
      .slice(2)
      .split('/')
      .filter((part) => part !== '')
      .reduce<unknown>(
        (parent, part) =>
          isObject(parent) ? parent[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined,
        root,
      );
  }
  return isObject(current) ? current : undefined;
}

function hasType(type: unknown, value: unknown): boolean {
  switch (type) {
    case 'object':
      return isObject(value);
    case 'array':
      return Array.isArray(value);
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    default:
      return true; // an unknown type word is the server's to judge
  }
}

function same(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null) return false;
  return JSON.stringify(left) === JSON.stringify(right);
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
