// Type tests for the public API, checked by `npm run typecheck`: a change that breaks how users
// write toolbound code fails to compile here before it reaches them.
import { expectTypeOf } from 'vitest';
import { z } from 'zod';
import {
  type AgentResult,
  clarifying,
  correctable,
  createDispatcher,
  defineTool,
  type Outcome,
  type RunEnding,
  refused,
  runAgent,
  type ToolContext,
  type ToolMessage,
} from './index.js';

const getWeather = defineTool({
  name: 'get_weather',
  description: 'Current temperature in a city.',
  input: z.object({ city: z.enum(['Pune', 'Mumbai']), days: z.number().optional() }),
  run: (args, context) => {
    // arguments are inferred from the schema, and the context is typed
    expectTypeOf(args).toEqualTypeOf<{ city: 'Pune' | 'Mumbai'; days?: number | undefined }>();
    expectTypeOf(context).toEqualTypeOf<ToolContext>();
    expectTypeOf(context.signal).toEqualTypeOf<AbortSignal>();
    return { temp_c: 31 };
  },
});

// a tool built from another schema still fits a dispatcher's list
const dispatcher = createDispatcher({ tools: [getWeather] });
expectTypeOf(dispatcher.dispatch).returns.toEqualTypeOf<Promise<ToolMessage>>();
expectTypeOf(dispatcher.endRun).returns.toEqualTypeOf<Promise<void>>();

// outcomes narrow on `class`, and each class carries only its own fields
declare const outcome: Outcome;
if (outcome.class === 'correctable')
  expectTypeOf(outcome.suggestion).toEqualTypeOf<Record<string, unknown> | undefined>();
if (outcome.class === 'unavailable') expectTypeOf(outcome.retryable).toEqualTypeOf<boolean>();
if (outcome.ok) expectTypeOf(outcome).toHaveProperty('data');
// @ts-expect-error a failure carries no data
if (!outcome.ok) outcome.data;

expectTypeOf(
  correctable({ error: 'bad_city', message: 'No such city.' }).class,
).toEqualTypeOf<'correctable'>();
expectTypeOf(
  clarifying({ error: 'ambiguous', message: 'Which one?', candidates: [] }).class,
).toEqualTypeOf<'clarifying'>();
expectTypeOf(refused).parameter(0).toHaveProperty('offer');

// a run ends in one of the documented ways
expectTypeOf(runAgent).returns.toEqualTypeOf<Promise<AgentResult>>();
expectTypeOf<AgentResult['endedBy']>().toEqualTypeOf<RunEnding>();

// @ts-expect-error tools must come from defineTool
createDispatcher({ tools: [{ name: 'x' }] });
