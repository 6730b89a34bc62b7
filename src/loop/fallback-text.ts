import type { RunEnding } from './run-agent.js';

/**
 * The text for a run that ended without an answer, one per ending, each saying what happened
 * and nothing more: none claims a tool failed when none did.
 */
export const DEFAULT_FALLBACK_TEXTS: Readonly<
  Record<Exclude<RunEnding, 'answered' | 'awaiting_approval'>, string>
> = {
  halted:
    "Sorry, I couldn't complete that: a tool it needed failed in a way that needs the team's attention, so I stopped. Nothing here was guessed.",
  repeated_failure:
    "Sorry, I couldn't complete that: the same tool request kept failing, so I stopped rather than guess. Please try again later.",
  failure_cap:
    "Sorry, I couldn't complete that: too many of the tool requests it needed failed, so I stopped rather than guess. Please try again later.",
  step_limit:
    "Sorry, I couldn't finish that within the steps allowed for one request. Nothing here was guessed; please try a narrower question.",
  aborted: 'The request was cancelled before it was finished.',
  model_unavailable:
    "Sorry, the language model behind this assistant couldn't be reached just now. Nothing here was guessed; please try again in a moment.",
};
