import { describe, expect, it } from 'vitest';
import { builtInCases } from './built-in-cases.js';
import { checkTranscript } from './check-transcript.js';
import type { EvalCase } from './eval-case.js';

const byId = (id: string) => builtInCases.find((evalCase) => evalCase.id === id) as EvalCase;

describe('checkTranscript', () => {
  it('passes a retry with the suggested fix and fails a blind one', () => {
    const evalCase = byId('correctable-retried');
    const first = { name: 'get_stock', arguments: { sku: '4411' }, failed: true };
    expect(
      checkTranscript(
        {
          finalText: 'There are 37 units.',
          endedBy: 'answered',
          calls: [first, { ...first, arguments: { sku: 'SKU-4411' }, failed: false }],
        },
        evalCase,
      ),
    ).toEqual({ passed: true, failed: [] });
    expect(
      checkTranscript({ finalText: 'Sorry.', endedBy: 'answered', calls: [first, first] }, evalCase).failed,
    ).toEqual(['mentions', 'retriesWith']);
  });

  it('counts candidates by label, with or without the parenthetical', () => {
    const evalCase = byId('clarifying-asks-user');
    const calls = [{ name: 'find_customer', arguments: {}, failed: true }];
    expect(
      checkTranscript(
        {
          finalText: 'Do you mean Henderson Industrial Supply in Ohio or Henderson Medical Group (Oregon)?',
          endedBy: 'answered',
          calls,
        },
        evalCase,
      ).passed,
    ).toBe(true);
    expect(
      checkTranscript({ finalText: 'Which Henderson do you mean?', endedBy: 'answered', calls }, evalCase)
        .failed,
    ).toEqual(['listsCandidates']);
  });

  it('fails stops when a call follows the failure, and doesNotAnswer on a substituted answer', () => {
    const fatal = byId('fatal-stops');
    const call = { name: 'send_invoice', arguments: {}, failed: true };
    expect(checkTranscript({ finalText: '', endedBy: 'answered', calls: [call] }, fatal).passed).toBe(true);
    expect(
      checkTranscript({ finalText: '', endedBy: 'answered', calls: [call, call] }, fatal).failed,
    ).toEqual(['stops']);
    const unavailable = byId('unavailable-not-substituted');
    expect(
      checkTranscript(
        {
          finalText: "I couldn't check it, but it is probably $1,284.00.",
          endedBy: 'answered',
          calls: [{ ...call, name: 'get_invoice_balance' }],
        },
        unavailable,
      ).failed,
    ).toEqual(['doesNotAnswer']);
  });

  it('fails every built-in case, with its own reason, when the model never calls a tool', () => {
    for (const evalCase of builtInCases) {
      // an answer that would satisfy the text checks of some cases, given without any call
      const result = checkTranscript(
        { finalText: 'I cannot do that right now; which one do you mean?', endedBy: 'answered', calls: [] },
        evalCase,
      );
      expect(result, evalCase.id).toEqual({ passed: false, failed: ['calledTool'] });
    }
  });

  it('fails a case whose calls never got the injected outcome', () => {
    const evalCase = byId('unavailable-not-substituted');
    const other = { name: 'some_other_tool', arguments: {}, failed: true };
    expect(
      checkTranscript({ finalText: 'The service is down.', endedBy: 'answered', calls: [other] }, evalCase),
    ).toEqual({ passed: false, failed: ['sawInjectedOutcome'] });
    const fixedFirst = { name: 'get_invoice_balance', arguments: {}, failed: false, injected: false };
    expect(
      checkTranscript({ finalText: 'Down.', endedBy: 'answered', calls: [fixedFirst] }, evalCase).failed,
    ).toEqual(['sawInjectedOutcome']);
  });
});
