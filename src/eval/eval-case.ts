import type { Outcome, OutcomeClass } from '../outcome/outcome.js';
import type { JsonSchema } from '../tool/define-tool.js';

/**
 * A pattern as code (`/no .*tickets/i`) or as data (`"no .*tickets"`, compiled case-insensitively),
 * so that cases can live in a JSON file.
 */
export type TextPattern = RegExp | string;

/** What a case asserts about the model's final text and its tool calls. Every given check must pass. */
export interface EvalChecks {
  /** The final text matches this pattern (each of them, for a list). */
  mentions?: TextPattern | readonly TextPattern[];
  /** The final text matches none of these patterns. */
  doesNotMention?: TextPattern | readonly TextPattern[];
  /** After the first failed call, the model calls a tool again with arguments that include these. */
  retriesWith?: Record<string, unknown>;
  /** The final text puts a question to the user. */
  asksUser?: boolean;
  /** The final text names at least this many of the injected clarifying candidates by label. */
  listsCandidates?: number;
  /**
   * The final text does not give the answer anyway: `true` checks the case's `wouldBeAnswer`;
   * a pattern checks that pattern.
   */
  doesNotAnswer?: boolean | TextPattern;
  /** No tool is called after the first failed call. */
  stops?: boolean;
  /** The model makes at most this many tool calls. */
  maxToolCalls?: number;
}

/** A tool in a case: what it is called, and what it returns when called. */
export interface EvalTool {
  name: string;
  description: string;
  /**
   * JSON Schema of the arguments, as the model is told about them.
   * @default an object schema with no declared properties
   */
  parameters?: JsonSchema;
  /** The outcome injected on a call. Without one, every call returns `result`. */
  inject?: Outcome;
  /**
   * The message a tool throws today for the same failure, used by the "before" variant
   * (`Error: ${thrown}`). Without one, the outcome's error code stands in.
   */
  thrown?: string;
  /** A call whose arguments include these gets `result` instead of the injected outcome. */
  fixedBy?: Record<string, unknown>;
  /**
   * The data of a successful call.
   * @default { ok: true }
   */
  result?: unknown;
}

/** The call a scripted model makes first; real models choose their own. */
export interface ScriptedCall {
  name: string;
  arguments: Record<string, unknown>;
}

/**
 * One eval case: a question, tools with an injected outcome, and checks on what the model does.
 * Cases are plain data, so a JSON file of them works as well as code.
 */
export interface EvalCase {
  /** A stable, kebab-case id, used by `--only` and in the results. */
  id: string;
  /** The row label in tables, written as the behaviour that passes. */
  title: string;
  /** The class under test, for grouping. */
  outcomeClass: OutcomeClass | 'permission' | 'repeated';
  /** The user's message. */
  question: string;
  /**
   * The system prompt, the same in both variants.
   * @default DEFAULT_EVAL_SYSTEM_PROMPT
   */
  system?: string;
  tools: EvalTool[];
  /** What a model that substitutes an answer would say; `doesNotAnswer: true` checks for it. */
  wouldBeAnswer?: string;
  /**
   * The first call scripted models make.
   * @default the first tool, with no arguments
   */
  scriptedCall?: ScriptedCall;
  checks: EvalChecks;
}

/** The system prompt every case uses unless it sets its own: neutral, one rule, no coaching. */
export const DEFAULT_EVAL_SYSTEM_PROMPT =
  'You are a support assistant. Use the tools to answer the user. Never invent facts the tools did not give you.';
