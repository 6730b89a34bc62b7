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

describe('secrets in the column of an HTML table whose header names it', () => {
  const password = fc
    .tuple(
      secret,
      fc.constantFrom('#', '!', '&amp;', '^', '-'),
      fc.stringMatching(/^[A-Z][a-z]{2,5}[0-9]{2}$/),
    )
    .map(([head, symbol, tail]) => `${head}${symbol}${tail}`);
  const header = fc.constantFrom('Password', 'Admin password', 'API key', 'Token', 'Secret', 'Passwort');
  const cell = (tag: string, text: string, style: number) =>
    [
      `<${tag}>${text}</${tag}>`,
      `<${tag} class="confluenceTd">${text}</${tag}>`,
      `\n    <${tag.toUpperCase()}>${text}</${tag.toUpperCase()}>`,
      `<${tag}><code>${text}</code></${tag}>`,
    ][style % 4] as string;

  it('redacts every row under the secret-named column, and keeps the other columns', () => {
    fc.assert(
      fc.property(
        header,
        fc.array(fc.tuple(fc.stringMatching(/^[a-z]{3,8}-[0-9]{2}$/), password), {
          minLength: 1,
          maxLength: 5,
        }),
        fc.integer({ min: 0, max: 3 }),
        fc.boolean(),
        (name, rows, style, sections) => {
          const head = `<tr>${cell('th', 'Device', style)}${cell('th', 'User', style)}${cell('th', name, style)}</tr>`;
          const body = rows
            .map(
              ([device, value]) =>
                `<tr>${cell('td', device, style)}${cell('td', 'admin', style)}${cell('td', value, style)}</tr>`,
            )
            .join('\n');
          const html = sections
            ? `<table><thead>${head}</thead><tbody>${body}</tbody></table>`
            : `<table>${head}\n${body}</table>`;
          const kept = redactText(html).text;
          for (const [device, value] of rows) {
            expect(kept, html).not.toContain(value);
            expect(kept, html).toContain(device);
          }
          expect(kept).toContain('admin');
        },
      ),
    );
  });

  it('still reads an element named by its name attribute, as Android resources write one', () => {
    fc.assert(
      fc.property(password, (value) => {
        for (const text of [
          `<resources>\n  <string name="algolia_admin_api_key">${value}</string>\n</resources>`,
          `<map>\n    <string name='refresh_token'>${value}</string>\n</map>`,
        ])
          expect(redactText(text).text, text).not.toContain(value);
      }),
      { numRuns: 30 },
    );
  });

  it('keeps columns that only speak of a secret, and tables after the one whose header named it', () => {
    for (const html of [
      '<table><tr><th>Name</th><th>Password policy</th><th>Password last changed</th></tr><tr><td>ops</td><td>12 characters</td><td>2026-01-01</td></tr></table>',
      '<table><tr><th>Service</th><th>Token</th></tr><tr><td>ci</td><td>rotated</td></tr><tr><td>cd</td><td>n/a</td></tr><tr><td>qa</td><td>********</td></tr></table>',
      '<table><tr><th>Password</th></tr></table><table><tr><td>Build</td><td>b7f3e9a1c2d4</td></tr></table>',
      '<table><tr><th class="confluenceTh">Name</th><th class="confluenceTh">Password</th></tr><tr><td class="confluenceTd">billing-42</td><td class="confluenceTd">in the vault</td></tr></table>',
      '<p>See the <b>Password</b> column</p><table><tr><td>Harbor42x</td></tr></table>',
    ])
      expect(findLeaks(html), html).toEqual([]);
  });
});
