import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sanitizeValue } from '../../src/sanitize/sanitize-value.js';

const name = fc.stringMatching(/^[a-z][a-z_]{3,14}[a-z]$/);
const label = fc.stringMatching(/^[A-Z][a-z]{3,10}$/);

/** Whether `secret` is gone from what the model would read of `text`. */
function hidden(text: string, secret: string): boolean {
  return !String(sanitizeValue(text)).includes(secret);
}

describe('database errors beyond SQL', () => {
  it('redacts the object a non-SQL store names in its error', () => {
    fc.assert(
      fc.property(name, name, label, (keyspace, table, nodeLabel) => {
        const qualified = `${keyspace}.${table}`;
        const cases: [string, string][] = [
          [`code=2200 [Invalid query] message="unconfigured table ${qualified}"`, qualified],
          [
            `search_phase_execution_exception: failed to create query: {"term":{"${qualified}":"x"}}`,
            qualified,
          ],
          [`Neo.ClientError.Statement.SyntaxError: unknown label ${nodeLabel}`, nodeLabel],
          [`MATCH (n:${nodeLabel} {id: $id}) RETURN n`, nodeLabel],
          [`ConditionalCheckFailedException: the conditional request failed on ${table}`, table],
          [`ERREUR: la relation « ${table} » n'existe pas`, table],
          [`FEHLER:  Relation »${table}« existiert nicht`, table],
        ];
        for (const [text, secret] of cases) expect(hidden(text, secret), text).toBe(true);
      }),
    );
  });

  it('keeps prose that shares their words', () => {
    for (const text of [
      'The match (our team against theirs) ended in a draw.',
      'Relation between the two teams improved this year.',
      'Use MATCH (n) RETURN n to list every node.',
      'Check the [Invalid query] section of the help page.',
    ]) {
      expect(sanitizeValue(text)).toBe(text);
    }
  });
});
