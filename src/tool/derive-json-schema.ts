import { createRequire } from 'node:module';
import type { StandardJSONSchemaV1, StandardSchemaV1 } from '@standard-schema/spec';
import type { JsonSchema } from './define-tool.js';

/** What a date becomes for the model; validateArguments turns the string back into a Date. */
export const DATE_JSON_SCHEMA: JsonSchema = Object.freeze({ type: 'string', format: 'date-time' });

/**
 * The JSON Schema a provider will show the model for a tool's input. Throws a TypeError that names
 * the fix when none can be produced, so a tool whose arguments the model cannot see never starts.
 */
export function deriveJsonSchema(toolName: string, input: StandardSchemaV1): JsonSchema {
  const standard = input['~standard'] as StandardSchemaV1.Props & Partial<StandardJSONSchemaV1.Props>;
  const vendor = typeof standard.vendor === 'string' ? standard.vendor : 'unknown';
  if (typeof standard.jsonSchema?.input === 'function') {
    const libraryOptions = LIBRARY_OPTIONS[vendor]?.(toolName);
    const schema = convert(toolName, vendor, () =>
      standard.jsonSchema!.input({
        target: 'draft-2020-12',
        ...(libraryOptions === undefined ? {} : { libraryOptions }),
      }),
    );
    return schema;
  }
  if (vendor === 'valibot') return convert(toolName, vendor, () => fromValibot(toolName, input));
  if (vendor === 'zod' && '_def' in input) {
    throw new TypeError(
      `defineTool(${toolName}): input is a zod 3 schema, which cannot describe its arguments to the model. ` +
        `Upgrade to zod 4 (import { z } from 'zod' with zod@4) or pass jsonSchema: { type: 'object', properties: {...} }.`,
    );
  }
  throw new TypeError(
    `defineTool(${toolName}): input (from ${JSON.stringify(vendor)}) does not implement Standard JSON Schema, ` +
      `so the model would not see its arguments. Pass jsonSchema: { type: 'object', properties: {...} }, ` +
      `or use zod 4, arktype, or valibot with @valibot/to-json-schema installed.`,
  );
}

/** Checks the root of a tool's JSON Schema: providers accept only an object of named arguments. */
export function assertObjectSchema(toolName: string, schema: JsonSchema, source: string): void {
  if (schema['type'] === 'object') return;
  const described =
    typeof schema['type'] === 'string'
      ? `a ${schema['type']}`
      : Array.isArray(schema['anyOf']) || Array.isArray(schema['oneOf'])
        ? 'a union'
        : 'no object type';
  throw new TypeError(
    `defineTool(${toolName}): ${source} must describe an object of named arguments, such as ` +
      `z.object({ city: z.string() }); it describes ${described}. Providers accept only objects as tool parameters.`,
  );
}

function convert(toolName: string, vendor: string, run: () => Record<string, unknown>): JsonSchema {
  let schema: Record<string, unknown>;
  try {
    schema = { ...run() };
  } catch (error) {
    if (error instanceof UnrepresentableError) throw new TypeError(error.message);
    const reason = error instanceof Error ? error.message : String(error);
    throw new TypeError(
      `defineTool(${toolName}): the ${vendor} schema could not be turned into JSON Schema (${reason.slice(0, 200)}). ` +
        `Change the unsupported part, or pass jsonSchema: { type: 'object', properties: {...} }.`,
    );
  }
  delete schema['$schema'];
  return schema;
}

/** Thrown from inside a converter, so its message reaches the user unwrapped. */
class UnrepresentableError extends Error {}

function unrepresentable(toolName: string, path: readonly (string | number)[], kind: string): never {
  const where = path.filter((segment) => segment !== 'properties' && segment !== 'items').join('.');
  throw new UnrepresentableError(
    `defineTool(${toolName}): ${where === '' ? 'the input' : `argument ${where}`} is a ${kind}, which has no JSON ` +
      `form a model can send. Use a string, number, boolean, enum, array or object there, or pass jsonSchema.`,
  );
}

/** Per-library options that map a date to an ISO string and refuse other types a model cannot send. */
const LIBRARY_OPTIONS: Record<string, (toolName: string) => Record<string, unknown>> = {
  zod: (toolName) => ({
    unrepresentable: (context: { zodSchema: ZodLike; path: (string | number)[] }) =>
      context.zodSchema._zod.def.type === 'date'
        ? { ...DATE_JSON_SCHEMA }
        : unrepresentable(toolName, context.path, `zod ${context.zodSchema._zod.def.type}`),
    // zod releases before the unrepresentable handler write {} for a date; this fills it in
    override: (context: { zodSchema: ZodLike; jsonSchema: Record<string, unknown> }) => {
      if (context.zodSchema._zod.def.type === 'date' && context.jsonSchema['type'] === undefined)
        Object.assign(context.jsonSchema, DATE_JSON_SCHEMA);
    },
  }),
  arktype: () => ({
    fallback: {
      date: (context: { base: Record<string, unknown> }) => ({ ...context.base, ...DATE_JSON_SCHEMA }),
    },
  }),
};

interface ZodLike {
  _zod: { def: { type: string } };
}

interface ValibotConverter {
  toJsonSchema(schema: unknown, config: Record<string, unknown>): Record<string, unknown>;
}

const require = createRequire(import.meta.url);

function fromValibot(toolName: string, input: StandardSchemaV1): Record<string, unknown> {
  let converter: ValibotConverter;
  try {
    converter = require('@valibot/to-json-schema') as ValibotConverter;
  } catch {
    throw new UnrepresentableError(
      `defineTool(${toolName}): a valibot schema needs the optional package @valibot/to-json-schema to reach ` +
        `the model. Run npm install @valibot/to-json-schema, or pass jsonSchema: { type: 'object', properties: {...} }.`,
    );
  }
  return converter.toJsonSchema(input, {
    target: 'draft-2020-12',
    typeMode: 'input',
    errorMode: 'throw',
    overrideSchema: (context: { valibotSchema: { type?: unknown } }) =>
      context.valibotSchema.type === 'date' ? { ...DATE_JSON_SCHEMA } : undefined,
  });
}
