/**
 * The machine codes toolbound itself writes into outcomes. A tool may use any snake_case code of
 * its own; these are the ones a dashboard, a test or an eval can rely on.
 *
 * - `unknown_tool`: the model called a tool that does not exist.
 * - `malformed_arguments`, `arguments_too_large`, `arguments_too_deep`: the arguments could not be read.
 * - `invalid_arguments`: the arguments did not match the tool's schema.
 * - `internal_error`: the tool failed unexpectedly; the detail is in the log under the reference.
 * - `timeout`, `aborted`: the call did not finish in time, or was cancelled.
 * - `source_unavailable`: the service behind the tool did not answer.
 * - `service_unavailable`: the service's circuit breaker is open.
 * - `outcome_unknown`: a side-effecting call failed in a way that may have taken effect.
 * - `too_many_failures`: the run's failure cap or repeat limit was reached.
 * - `run_halted`: the run was halted by a fatal outcome.
 * - `tool_error`: a tool wrote an outcome without a valid code of its own.
 * - `not_found`: the thing asked for does not exist, or may not be seen.
 * - `tool_unavailable`: an MCP server reported the tool as unavailable.
 */
export type BuiltInErrorCode =
  | 'unknown_tool'
  | 'malformed_arguments'
  | 'arguments_too_large'
  | 'arguments_too_deep'
  | 'invalid_arguments'
  | 'internal_error'
  | 'timeout'
  | 'aborted'
  | 'source_unavailable'
  | 'service_unavailable'
  | 'outcome_unknown'
  | 'too_many_failures'
  | 'run_halted'
  | 'tool_error'
  | 'not_found'
  | 'tool_unavailable';
