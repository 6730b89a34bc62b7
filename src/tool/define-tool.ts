import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { Outcome } from '../outcome/outcome.js';
import type { LeakRuleName } from '../sanitize/leak-rule-name.js';
import { assertObjectSchema, deriveJsonSchema } from './derive-json-schema.js';

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
  /** Set when a person approved this call (see `needsApproval`); the tool may then go ahead. */
  approval?: ToolApproval;
}

/** The approval a call runs under. */
export interface ToolApproval {
  approvalId: string;
  /** True when another framework's approval flow granted it (the AI SDK's, say). */
  external?: boolean;
}

/**
 * Decides per call whether a person must approve it. Declared as a method so that a tool with
 * a typed check still fits where any tool is expected, as `run` does.
 */
export type ApprovalCheck<Args> = {
  check(args: Args, context: ApprovalCheckContext): boolean | Promise<boolean>;
}['check'];

/** What a `needsApproval` function receives besides the arguments. */
export interface ApprovalCheckContext {
  runId: string;
  toolCallId: string;
}

import type { JsonSchema } from '../protocol.js';

export type { JsonSchema };

/** What `defineTool` takes. */
export interface ToolDefinition<Schema extends StandardSchemaV1 = StandardSchemaV1> {
  /** The name the model calls; letters, digits, `_` and `-`, at most 64 characters. */
  name: string;
  /** What the tool does, written for the model. */
  description: string;
  /**
   * The arguments, as an object schema from any Standard Schema library: zod 4, arktype, valibot
   * (with `@valibot/to-json-schema` installed), or one that implements Standard JSON Schema.
   * A date field is shown to the model as an ISO 8601 string and turned back into a Date.
   */
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
   * The JSON Schema to show providers instead of the one derived from `input`; needed for a
   * schema that cannot produce one itself (zod 3, a hand-written Standard Schema). Its root must be
   * `{ type: 'object', properties: {...} }`.
   * @default derived from `input`; defineTool throws, naming the fix, when it cannot be
   */
  jsonSchema?: JsonSchema;
  /**
   * Sanitiser rules whose matches this tool may pass to the model on purpose, for example
   * `['filesystem-path']` for a tool that lists a workspace. The only way to opt out.
   * @default []
   */
  allowRules?: readonly LeakRuleName[];
  /**
   * Whether a person must approve a call before it runs: always, never, or per call (for
   * example only above $2,500). Under `runAgent` the run pauses; see `resumeAgent`. A function
   * that throws counts as "needs approval".
   * @default false
   */
  needsApproval?: boolean | ApprovalCheck<StandardSchemaV1.InferOutput<Schema>>;
  /**
   * Most calls of this tool in one run, whatever their outcome; past it the model reads a
   * `refused` outcome. A call counts once its arguments are valid and it is let through.
   * @default unlimited
   */
  maxCallsPerRun?: number;
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
  /** The JSON Schema of the arguments (an object schema; undefined only in hand-built tools). */
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
  checkApprovalOptions(name, definition.needsApproval, definition.maxCallsPerRun);
  const timeoutMs = definition.timeoutMs ?? 30_000;
  // timers overflow past 2^31-1 ms and then fire at once, which would time every call out
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0 || timeoutMs > MAX_TIMEOUT_MS) {
    throw new RangeError(
      `defineTool(${name}): timeoutMs must be a positive number of milliseconds, at most ${MAX_TIMEOUT_MS}.`,
    );
  }
  const explicit = definition.jsonSchema;
  if (
    explicit !== undefined &&
    (typeof explicit !== 'object' || explicit === null || Array.isArray(explicit))
  )
    throw new TypeError(`defineTool(${name}): jsonSchema must be a JSON Schema object.`);
  const jsonSchema = explicit ?? deriveJsonSchema(name, input);
  assertObjectSchema(name, jsonSchema, explicit === undefined ? 'input' : 'jsonSchema');
  return {
    ...definition,
    idempotent: definition.idempotent ?? false,
    timeoutMs,
    service: definition.service ?? name,
    jsonSchema,
  };
}

function checkApprovalOptions(name: string, needsApproval: unknown, maxCallsPerRun: unknown): void {
  if (
    needsApproval !== undefined &&
    typeof needsApproval !== 'boolean' &&
    typeof needsApproval !== 'function'
  )
    throw new TypeError(
      `defineTool(${name}): needsApproval must be true, false or a function (args, context) => boolean.`,
    );
  if (maxCallsPerRun !== undefined && (!Number.isInteger(maxCallsPerRun) || (maxCallsPerRun as number) < 1))
    throw new RangeError(
      `defineTool(${name}): maxCallsPerRun must be a positive integer; leave it out for no limit.`,
    );
}
