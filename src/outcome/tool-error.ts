import type { Outcome } from './outcome.js';

const marker = Symbol.for('toolbound.ToolError');

/**
 * Throw this from a tool to end the call with a chosen outcome. Its message is for the server
 * log; the model reads only the outcome.
 * @example throw new ToolError(correctable({ error: 'unknown_city', message: 'unknown city: Punee.' }))
 */
export class ToolError extends Error {
  /** The outcome the model will read. */
  readonly outcome: Outcome;
  readonly [marker] = true;

  constructor(outcome: Outcome, options: { cause?: unknown } = {}) {
    super(outcome.ok ? 'tool ended with a chosen outcome' : outcome.message, options);
    this.name = 'ToolError';
    this.outcome = outcome;
  }

  /** True for a ToolError from any installed copy of toolbound. */
  static isInstance(value: unknown): value is ToolError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[marker] === true;
  }
}
