import { describe, expect, it } from 'vitest';
import { builtInCases } from './built-in-cases.js';
import { validateEvalCases } from './validate-eval-case.js';

const custom = {
  id: 'refund-lookup',
  title: 'Refund lookup unavailable',
  outcomeClass: 'unavailable',
  question: 'Was order 1182 refunded?',
  tools: [
    {
      name: 'get_refund',
      description: 'Refund status of an order.',
      inject: {
        ok: false,
        class: 'unavailable',
        error: 'source_unavailable',
        message: 'Payments did not respond.',
        retryable: false,
      },
    },
  ],
  checks: { mentions: 'could not|did not respond', doesNotMention: ['refunded on', 'was refunded'] },
};

describe('validateEvalCases', () => {
  it('accepts the built-in cases and a custom case written as JSON', () => {
    expect(validateEvalCases([...builtInCases, JSON.parse(JSON.stringify(custom))])).toHaveLength(
      builtInCases.length + 1,
    );
  });

  it('names what is wrong', () => {
    expect(() => validateEvalCases([{ ...custom, checks: { mention: 'x' } }])).toThrow(
      /cases\[0\]: unknown check "mention"/,
    );
    expect(() => validateEvalCases([{ ...custom, checks: { mentions: '(' } }])).toThrow(
      /not a valid regular expression/,
    );
    expect(() =>
      validateEvalCases([{ ...custom, tools: [{ ...custom.tools[0], inject: { class: 'oops' } }] }]),
    ).toThrow(/tools\[0\]\.inject must be an outcome/);
    expect(() => validateEvalCases([custom, custom])).toThrow(/used twice/);
    expect(() => validateEvalCases([{ ...custom, checks: { doesNotAnswer: true } }])).toThrow(
      /wouldBeAnswer/,
    );
  });
});
