import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findLeaks } from '../../src/sanitize/find-leaks.js';
import { redactText } from '../../src/sanitize/redact-text.js';

/**
 * Secrets in table rows whose name sits in another cell: markdown tables, psql and mysql client
 * tables, box-drawn tables, CSV and column listings (`vault kv get`, `az … -o table`). The
 * secret-named cell decides; header rows, descriptions and masks stay.
 */

/**
 * A made-up secret: consonant-vowel syllables and digits, never a word that describes, and never
 * mostly `0`s (`maza0000` is half filler, which the rules read as a placeholder).
 */
const secret = fc
  .tuple(fc.stringMatching(/^(?:[bdfgklmprstvz][aeiou]){2,4}$/), fc.stringMatching(/^[1-9][0-9]{0,3}$/))
  .map(([word, digits]) => word + digits)
  .filter((value) => !/fake|demo|mock|test/.test(value));

const name = fc
  .tuple(
    fc.constantFrom('', 'APP_', 'ORDERS_', 'MAIL_', 'REPORTS_'),
    fc.constantFrom('PASSWORD', 'SECRET', 'API_KEY', 'ACCESS_TOKEN', 'CLIENT_SECRET', 'SIGNING_KEY'),
    fc.boolean(),
  )
  .map(([prefix, word, lower]) => (lower ? `${prefix}${word}`.toLowerCase() : `${prefix}${word}`));

const pad = (value: string, width: number) => value + ' '.repeat(Math.max(1, width - value.length));

/** Each shape puts the secret-named row among rows that hold no secret. */
const SHAPES: Record<string, (key: string, value: string) => string> = {
  'a markdown row with no header': (key, value) => `| ${key} | ${value} |`,
  'a markdown table with a Value column': (key, value) =>
    `| Variable | Value |\n|---|---|\n| LOG_LEVEL | debug |\n| ${key} | ${value} |`,
  'a markdown table with the value in a later column': (key, value) =>
    `| Name | Scope | Value |\n| :-- | :-- | :-- |\n| ${key} | prod | \`${value}\` |`,
  'a psql key/value table': (key, value) =>
    `${pad(' key', 24)}| value\n${'-'.repeat(24)}+--------\n ${pad(key, 23)}| ${value}\n(1 row)`,
  'a psql table whose column is secret-named': (key, value) =>
    ` login | ${key}\n-------+--------\n ops   | ${value}\n(1 row)`,
  'a psql expanded record': (key, value) => `-[ RECORD 1 ]----\nusername | ops\n${key} | ${value}`,
  'a mysql box': (key, value) =>
    `+-----------+-----------+\n| Variable_name | Value |\n+-----------+-----------+\n| ${key} | ${value} |\n+-----------+-----------+`,
  'a box-drawn table': (key, value) =>
    `┌──────┬──────┐\n│ NAME │ VALUE │\n├──────┼──────┤\n│ ${key} │ ${value} │\n└──────┴──────┘`,
  'a vault listing': (key, value) =>
    `====== Data ======\nKey${' '.repeat(24)}Value\n---${' '.repeat(24)}-----\n${pad(key, 27)}${value}\n${pad('owner', 27)}ops`,
  'an az table': (key, value) =>
    `${pad('Name', 26)}${pad('Value', 16)}SlotSetting\n${'-'.repeat(24)}  ${'-'.repeat(14)}  -----------\n${pad(key, 26)}${pad(value, 16)}False`,
  'a listing with no header': (key, value) => `${pad(key, 26)}${value}\n${pad('LOG_LEVEL', 26)}info`,
  'a CSV table with a secret-named column': (key, value) => `login,${key},role\nops,${value},admin`,
  'a CSV name/value table': (key, value) => `name,value\nLOG_LEVEL,info\n${key},${value}`,
};

describe('secrets in table rows and column listings', () => {
  it.each(Object.keys(SHAPES))('redacts the value in %s', (shape) => {
    const build = SHAPES[shape] as (key: string, value: string) => string;
    fc.assert(
      fc.property(name, secret, (key, value) => {
        const text = build(key, value);
        const redacted = redactText(text).text;
        expect(redacted, text).not.toContain(value);
        // only the value goes: the rows that hold no secret stay readable
        expect(redacted, text).toContain(key);
      }),
      { numRuns: 100 },
    );
  });

  it.each(Object.keys(SHAPES))('keeps placeholders, masks and descriptions in %s', (shape) => {
    const build = SHAPES[shape] as (key: string, value: string) => string;
    fc.assert(
      fc.property(
        name,
        fc.constantFrom(
          'required',
          'string',
          '********',
          '<redacted>',
          'sk_live_...',
          // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell reference, written as text
          '${DB_PASSWORD}',
          'Encrypted',
        ),
        (key, value) => {
          const text = build(key, value);
          expect(findLeaks(text), text).toEqual([]);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('keeps header rows, tables without values and listings of names', () => {
    for (const text of [
      '| name | value |\n|------|-------|',
      '| secret | description |',
      '| Variable | Description | Required |\n|---|---|---|\n| DB_PASSWORD | Password of the orders database | yes |',
      '| Token | Count |\n|---|---|\n| house | 12 |\n| garden | 40 |',
      'NAME          UPDATED\nAPI_TOKEN     about 2 days ago',
      ' name        value        environments   created\n API_TOKEN   Encrypted    Production     2d ago',
      'API_TOKEN      Token used to call the partner API',
      'cat token | xargs curl -H',
      'Key                Value\n---                -----\ncreated_time       2025-03-01T10:00:00Z\ndestroyed          false',
      'field,type,required\npassword,string,yes\napi_key,string,no',
      'We accept a password, a token, or a key.\nPick one, then continue, as shown.',
    ]) {
      expect(findLeaks(text), text).toEqual([]);
    }
  });
});
