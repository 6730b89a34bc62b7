import type { Outcome } from '../outcome/outcome.js';
import type { EvalCase, TextPattern } from './eval-case.js';
import { includes } from './resolve-tool-outcome.js';
import type { TrialTranscript } from './trial-transcript.js';

/** The checks a transcript failed; an empty list means the trial passed. */
export interface CheckResult {
  passed: boolean;
  /**
   * Names of the failed checks, such as `mentions` or `retriesWith`. `calledTool` (no tool call)
   * and `sawInjectedOutcome` (no call got the injected outcome) fail a trial before any other check.
   */
  failed: string[];
}

/** Runs every check of a case against one trial's transcript. */
export function checkTranscript(transcript: TrialTranscript, evalCase: EvalCase): CheckResult {
  // a model that never reached the injected outcome was not tested, so it cannot pass by luck
  const injectedTools = new Set(
    evalCase.tools.filter((tool) => tool.inject !== undefined).map((tool) => tool.name),
  );
  if (injectedTools.size > 0) {
    if (transcript.calls.length === 0) return { passed: false, failed: ['calledTool'] };
    const saw = transcript.calls.some(
      (call) => call.injected ?? (call.failed && injectedTools.has(call.name)),
    );
    if (!saw) return { passed: false, failed: ['sawInjectedOutcome'] };
  }
  const { checks } = evalCase;
  const text = transcript.finalText;
  const failed: string[] = [];
  const firstFailure = transcript.calls.findIndex((call) => call.failed);
  const afterFailure = firstFailure === -1 ? [] : transcript.calls.slice(firstFailure + 1);

  if (checks.mentions !== undefined && !list(checks.mentions).every((pattern) => matches(pattern, text)))
    failed.push('mentions');
  if (
    checks.doesNotMention !== undefined &&
    list(checks.doesNotMention).some((pattern) => matches(pattern, text))
  )
    failed.push('doesNotMention');
  if (
    checks.retriesWith !== undefined &&
    !afterFailure.some((call) => includes(call.arguments, checks.retriesWith ?? {}))
  )
    failed.push('retriesWith');
  if (checks.asksUser === true && !asksQuestion(text)) failed.push('asksUser');
  if (checks.listsCandidates !== undefined) {
    const named = candidateLabels(evalCase).filter((label) => mentionsLabel(text, label)).length;
    if (named < checks.listsCandidates) failed.push('listsCandidates');
  }
  if (checks.doesNotAnswer !== undefined && checks.doesNotAnswer !== false) {
    const answer =
      checks.doesNotAnswer === true
        ? evalCase.wouldBeAnswer === undefined
          ? undefined
          : new RegExp(escapeRegExp(evalCase.wouldBeAnswer), 'i')
        : checks.doesNotAnswer;
    if (answer !== undefined && matches(answer, text)) failed.push('doesNotAnswer');
  }
  if (checks.stops === true && (firstFailure === -1 || afterFailure.length > 0)) failed.push('stops');
  if (checks.maxToolCalls !== undefined && transcript.calls.length > checks.maxToolCalls)
    failed.push('maxToolCalls');
  return { passed: failed.length === 0, failed };
}

/** Turns a pattern given as data into a case-insensitive RegExp; a RegExp is kept. */
export function compilePattern(pattern: TextPattern): RegExp {
  return typeof pattern === 'string' ? new RegExp(pattern, 'i') : pattern;
}

function matches(pattern: TextPattern, text: string): boolean {
  const regex = compilePattern(pattern);
  regex.lastIndex = 0; // a global or sticky RegExp keeps state between calls
  return regex.test(text);
}

function list(patterns: TextPattern | readonly TextPattern[]): readonly TextPattern[] {
  return Array.isArray(patterns) ? patterns : [patterns as TextPattern];
}

function asksQuestion(text: string): boolean {
  return (
    /\?/.test(text) || /\b(which one|please (confirm|choose|pick|let me know)|do you mean)\b/i.test(text)
  );
}

function candidateLabels(evalCase: EvalCase): string[] {
  return evalCase.tools.flatMap((tool) => {
    const injected: Outcome | undefined = tool.inject;
    return injected?.class === 'clarifying' ? injected.candidates.map((candidate) => candidate.label) : [];
  });
}

// A model may drop the parenthetical of "Henderson Industrial Supply (Ohio)".
function mentionsLabel(text: string, label: string): boolean {
  const lower = text.toLowerCase();
  const core = label.replace(/\s*\([^)]*\)\s*$/, '').toLowerCase();
  return lower.includes(label.toLowerCase()) || (core.length > 0 && lower.includes(core));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
