import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findLeaks, hashOf, isKnownClean, SEEN_PAIRS } from './find-leaks.js';

function rulesIn(text: string): string[] {
  return [...new Set(findLeaks(text).map((found) => found.rule))];
}

describe('findLeaks, family by family', () => {
  it.each([
    ['stack-trace', 'Error: nope\n    at run (/srv/app/jobs/run.js:10:4)'],
    ['stack-trace', '  File "/opt/svc/app.py", line 3, in <module>'],
    ['stack-trace', '\tat com.acme.Billing.charge(Billing.java:77)'],
    ['stack-trace', 'goroutine 7 [running]:'],
    ['stack-trace', 'panic: assignment to entry in nil map'],
    ['stack-trace', 'AttributeError: NoneType has no attribute x'],
    ['sql', 'SELECT id FROM users WHERE email = $1'],
    ['sql', 'insert into audit (a, b) values (1, 2)'],
    ['sql', 'UPDATE stock SET qty = 0 WHERE sku = ?'],
    ['sql', 'DELETE FROM sessions;'],
    ['sql', 'ERROR: duplicate key value violates unique constraint "x_pkey"'],
    ['connection-string', 'redis://cache.example.com:6379/0'],
    ['connection-string', 'https://user:pa55word@example.com/'],
    ['connection-string', 'Server=s;Database=d;User Id=u;Password=p;'],
    ['internal-address', 'db.internal:5432'],
    ['internal-address', 'http://localhost:8080/health'],
    ['internal-address', '172.20.1.4:9000'],
    ['filesystem-path', 'read /var/lib/app/state.json'],
    ['filesystem-path', 'C:\\Users\\Public\\report.txt'],
    ['credential', 'AKIAZ3M7QH2LVX5T9KDW'],
    ['credential', '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'],
    ['credential', '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'],
    ['credential', 'curl -u deploy:hunter2Rx9 https://api.example.com'],
    ['credential', '{ "client_secret": "9fQ2xLr7Vb3Nw8Kd" }'],
    ['credential', 'var apiToken string = "b7c1e9d24f8a3061c5e2"'],
    ['credential', '$token .= "b7c1e9d24f8a3061c5e2"'],
    ['credential', 'System.setProperty("API_TOKEN", "b7c1e9d24f8a3061c5e2")'],
    ['credential', 'DB_PASSWORD ?= "s3cr3t-Value"'],
    ['credential', '<apiToken>\n  b7c1e9d24f8a3061c5e2\n</apiToken>'],
    ['credential', 'password: "Summer2024!"'],
    ['credential', 'xoxb-123456789012-123456789012-abcdefABCDEF123456'],
    ['environment-dump', 'DB_HOST=a\nDB_PORT=5432\nDB_NAME=shop'],
  ])('%s: %s', (rule, text) => {
    expect(rulesIn(text)).toContain(rule);
  });

  it.each([
    'Please select a plan from the list',
    'update your profile',
    'delete the old file from your desktop',
    'TypeError is a common mistake',
    'Error: city is required.',
    'at 5pm',
    'https://example.com/home/docs',
    'https://example.com:8443/docs',
    'Version 10.0.0.1 is out',
    'ORD-8821 and SKU-4411 at 10:30, ratio 3:1',
    '3f786850e387550fdab836ed7e6dc881de23001b',
    'Tokens used: 1532',
    'token: expired',
    'localhost is your own machine',
    // placeholders stay as written: help text shows where a credential goes
    'export GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
    'aws_access_key_id = AKIAIOSFODNN7EXAMPLE',
    'AKIAXXXXXXXXXXXXXXXX',
    'SLACK_TOKEN=xoxb-xxxxxxxxxxxx-xxxxxxxxxxxx-xxxxxxxxxxxxxxxxxxxxxxxx',
    'api_key: <your-token>',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell placeholder, written as users write it
    'password: ${DB_PASSWORD}',
    'secret = "****"',
    'token: 0000000000000000000000',
  ])('passes %j', (text) => {
    expect(findLeaks(text)).toEqual([]);
  });

  it('reports offsets that slice out the leak, never more than the text', () => {
    const text = 'before postgres://a:b@db/x after';
    const [found] = findLeaks(text);
    expect(found).toBeDefined();
    expect(text.slice(found?.start, found?.end)).toBe('postgres://a:b@db/x');
  });

  it('honours allowRules', () => {
    const text = 'saved to /home/ana/report.pdf';
    expect(findLeaks(text, { allowRules: ['filesystem-path'] })).toEqual([]);
  });
});

// token bodies look random, as real ones do: a run of one repeated letter is a placeholder
const alphanumeric = fc
  .string({
    unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'),
    minLength: 40,
    maxLength: 40,
  })
  .filter((body) => new Set(body.slice(0, 16)).size >= 10 && /\d/.test(body.slice(0, 16)));
const word = fc.string({
  unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'),
  minLength: 2,
  maxLength: 10,
});

/** Secrets of every family, built from parts so that no two runs test the same string. */
const plantedSecret = fc.oneof(
  alphanumeric.map((body) => `ghp_${body.slice(0, 36)}`),
  alphanumeric.map((body) => `sk-proj-${body}9a`),
  alphanumeric.map((body) => `AKIA${body.slice(0, 16).toUpperCase()}`),
  alphanumeric.map((body) => `sk_live_${body.slice(0, 24)}`),
  fc
    .tuple(word, word, word)
    .map(([user, secret, host]) => `postgres://${user}:${secret}9@${host}.example.com:5432/app`),
  fc.tuple(word, word).map(([user, secret]) => `mongodb+srv://${user}:${secret}@cluster0.example.net/db`),
  fc.tuple(word, word).map(([name, file]) => `/home/${name}/${file}.txt`),
  fc.tuple(word, word).map(([name, file]) => `C:\\Users\\${name}\\${file}.docx`),
  fc.tuple(word, fc.integer({ min: 1, max: 255 })).map(([host, octet]) => `${host}.internal:${5000 + octet}`),
  fc.integer({ min: 0, max: 255 }).map((octet) => `192.168.${octet}.12:8080`),
  fc
    .tuple(word, fc.integer({ min: 1, max: 999 }))
    .map(([name, line]) => `at ${name} (/app/src/${name}.js:${line}:7)`),
);

/** Arbitrary text that may sit around a secret, kept apart from it by a blank. */
const surrounding = fc.string({ maxLength: 60 });

describe('findLeaks, properties', () => {
  it('finds a secret planted anywhere in arbitrary text', () => {
    fc.assert(
      fc.property(surrounding, plantedSecret, surrounding, (before, secret, after) => {
        const text = `${before} ${secret} ${after}`;
        const start = before.length + 1;
        const spans = findLeaks(text);
        expect(spans.some((found) => found.start <= start && found.end >= start + secret.length - 1)).toBe(
          true,
        );
      }),
      { numRuns: 500 },
    );
  });

  it('never flags UUIDs, emails, ISO dates, order and SKU ids', () => {
    const email = fc
      .tuple(word, word, fc.constantFrom('com', 'org', 'io', 'co.uk', 'de'))
      .map(([user, domain, tld]) => `${user}@${domain}.${tld}`);
    const isoDate = fc
      .date({ min: new Date('1990-01-01'), max: new Date('2090-01-01'), noInvalidDate: true })
      .map((date) => date.toISOString());
    const orderId = fc.integer({ min: 1, max: 999_999 }).map((value) => `ORD-${value}`);
    const skuId = fc.integer({ min: 1, max: 99_999 }).map((value) => `SKU-${value}`);
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.uuid(), email, isoDate, orderId, skuId), { maxLength: 8 }),
        (values) => {
          expect(findLeaks(values.join(' '))).toEqual([]);
        },
      ),
      { numRuns: 500 },
    );
  });
});

const randomUuid = fc
  .stringMatching(/^[0-9a-f]{32}$/)
  .filter((hex) => Math.max(...[...new Set(hex)].map((digit) => hex.split(digit).length - 1)) <= 6)
  .map(
    (hex) =>
      `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`,
  );

describe('a bare UUID', () => {
  it('is answered without a scan, and still redacted under a secret-named key', async () => {
    const { sanitizeValue } = await import('./sanitize-value.js');
    fc.assert(
      // random ids: one made mostly of one digit (`00000000-…`) reads as a placeholder, and stays
      // even under a password key
      fc.property(randomUuid, randomUuid, (id, other) => {
        fc.pre(id !== other);
        expect(findLeaks(id)).toEqual([]);
        expect(findLeaks(id.toUpperCase())).toEqual([]);
        expect(sanitizeValue({ password: id, reference: other })).toEqual({
          password: '[redacted]',
          reference: other,
        });
        // the same id elsewhere in the result is the password too, and goes with it
        expect(sanitizeValue({ password: id, reference: id })).toEqual({
          password: '[redacted]',
          reference: '[redacted]',
        });
      }),
    );
    // the shortcut is for the whole text only: a UUID beside a secret word is still read
    expect(findLeaks('HEROKU_API_KEY=2c1e4e9a-8f3b-4c1d-9a7e-5b6f7c8d9e0f').length).toBeGreaterThan(0);
  });
});

describe('the memory of clean strings', () => {
  it('remembers a clean string on its second scan, not its first', () => {
    const text = `order 4411 shipped ${Math.random()}`;
    findLeaks(text);
    expect(isKnownClean(text)).toBe(false);
    findLeaks(text);
    expect(isKnownClean(text)).toBe(true);
  });

  it('remembers three strings that recur together on one place of its table', () => {
    // three strings whose hashes fall on the same pair of places
    const byPair = new Map<number, string[]>();
    let trio: string[] | undefined;
    for (let serial = 0; trio === undefined; serial += 1) {
      const text = `status ${serial} of the batch`;
      const pair = hashOf(text) & (SEEN_PAIRS - 1);
      const texts = byPair.get(pair) ?? [];
      texts.push(text);
      byPair.set(pair, texts);
      if (texts.length === 3) trio = texts;
    }
    // the pair may be full already, of strings the tests above saw once
    for (let round = 0; round < 12; round += 1)
      for (const text of trio) if (!isKnownClean(text)) findLeaks(text);
    for (const text of trio) expect(isKnownClean(text), text).toBe(true);
  });
});
