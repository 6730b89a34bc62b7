import type { StandardJSONSchemaV1, StandardSchemaV1 } from '@standard-schema/spec';
import type { Outcome } from '../outcome/outcome.js';
import type { LeakRuleName } from '../sanitize/leak-rule-name.js';

/** What a tool's `run` receives besides its arguments. */
export interface ToolContext {
  /** Aborted when the caller gives up or the call times out; pass it to fetch and drivers. */
  signal: AbortSignal;
  /** The run this call belongs to. */
  runId: string;
  /** The provider's id for this call. */
  toolCallId: string;
  /** 1 for the first attempt, 2 for the first retry, and so on. */
  attempt: number;
}

/** A JSON Schema object, as providers expect for tool parameters. */
export type JsonSchema = Record<string, unknown>;

/** What `defineTool` takes. */
export interface ToolDefinition<Schema extends StandardSchemaV1 = StandardSchemaV1> {
  /** The name the model calls; letters, digits, `_` and `-`, at most 64 characters. */
  name: string;
  /** What the tool does, written for the model. */
  description: string;
  /** Any Standard Schema (zod 4, valibot, arktype) for the arguments. */
  input: Schema;
  /**
   * True when running the call twice has the same effect as once, so transient failures may be
   * retried inside the boundary.
   * @default false
   */
  idempotent?: boolean;
  /**
   * Per-attempt time limit.
   * @default 30000
   */
  timeoutMs?: number;
  /**
   * Circuit-breaker key; tools that call the same backend share one.
   * @default the tool's name
   */
  service?: string;
  /**
   * The JSON Schema to show providers, when the input schema cannot produce one itself.
   * @default derived from `input` through Standard JSON Schema
   */
  jsonSchema?: JsonSchema;
  /**
   * Sanitiser rules whose matches this tool may pass to the model on purpose, for example
   * `['filesystem-path']` for a tool that lists a workspace. The only way to opt out.
   * @default []
   */
  allowRules?: readonly LeakRuleName[];
  /** Does the work. Return data (meaning ok) or an Outcome, or throw a ToolError. */
  run: (
    args: StandardSchemaV1.InferOutput<Schema>,
    context: ToolContext,
  ) => unknown | Outcome | Promise<unknown>;
}

/** A tool ready for a dispatcher. */
export interface Tool<Schema extends StandardSchemaV1 = StandardSchemaV1>
  extends Omit<ToolDefinition<Schema>, 'jsonSchema' | 'idempotent' | 'timeoutMs' | 'service' | 'run'> {
  run(args: StandardSchemaV1.InferOutput<Schema>, context: ToolContext): unknown | Outcome | Promise<unknown>;
  idempotent: boolean;
  timeoutMs: number;
  service: string;
  /** The JSON Schema of the arguments, or undefined when none is known. */
  jsonSchema: JsonSchema | undefined;
}

const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;
const MAX_TIMEOUT_MS = 2_147_483_647;

/**
 * Declares a tool. Checks the definition at once, so a mistake fails at start-up, not mid-run.
 * @example
 * const getWeather = defineTool({
 *   name: 'get_weather',
 *   description: 'Current temperature in a city.',
 *   input: z.object({ city: z.enum(['Pune', 'Mumbai', 'Delhi']) }),
 *   idempotent: true,
 *   run: async ({ city }) => ({ city, temp_c: 31 }),
 * });
 */
export function defineTool<Schema extends StandardSchemaV1>(
  definition: ToolDefinition<Schema>,
): Tool<Schema> {
  if (typeof definition !== 'object' || definition === null) {
    throw new TypeError('defineTool expects an object with name, description, input and run.');
  }
  const { name, description, input, run } = definition;
  if (typeof name !== 'string' || !TOOL_NAME.test(name)) {
    throw new TypeError(
      `defineTool: name must be 1-64 letters, digits, "_" or "-"; got ${JSON.stringify(String(name)).slice(0, 80)}.`,
    );
  }
  if (typeof description !== 'string')
    throw new TypeError(`defineTool(${name}): description must be a string.`);
  // arktype schemas are callable, so a function is as good a Standard Schema as an object
  if (
    (typeof input !== 'object' && typeof input !== 'function') ||
    input === null ||
    typeof input['~standard']?.validate !== 'function'
  ) {
    throw new TypeError(`defineTool(${name}): input must be a Standard Schema, such as a zod object.`);
  }
  if (typeof run !== 'function') throw new TypeError(`defineTool(${name}): run must be a function.`);
  const timeoutMs = definition.timeoutMs ?? 30_000;
  // timers overflow past 2^31-1 ms and then fire at once, which would time every call out
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0 || timeoutMs > MAX_TIMEOUT_MS) {
    throw new RangeError(
      `defineTool(${name}): timeoutMs must be a positive number of milliseconds, at most ${MAX_TIMEOUT_MS}.`,
    );
  }
  return {
    ...definition,
    idempotent: definition.idempotent ?? false,
    timeoutMs,
    service: definition.service ?? name,
    jsonSchema: definition.jsonSchema ?? deriveJsonSchema(input),
  };
}

function deriveJsonSchema(input: StandardSchemaV1): JsonSchema | undefined {
  const converter = (input['~standard'] as Partial<StandardJSONSchemaV1.Props>).jsonSchema;
  if (typeof converter?.input !== 'function') return undefined;
  try {
    const schema = { ...converter.input({ target: 'draft-2020-12' }) };
    delete schema['$schema'];
    return schema;
  } catch {
    return undefined; // a schema that cannot be expressed in JSON Schema still validates
  }
}
