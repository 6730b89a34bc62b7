import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redactText } from '../../src/sanitize/redact-text.js';
import { sanitizeValue } from '../../src/sanitize/sanitize-value.js';
import { PASSWORD_ALPHABET, seededSecret, TOKEN_ALPHABET } from '../helpers/seeded-secrets.js';

/**
 * Text that sits where a secret's value could, and is not one: the name an entry gives its value,
 * the id of a secret in a secrets manager, a digest column, the names a doc writes in place of a
 * credential, the mechanisms a mail client lists. Each next to the secret of the same shape,
 * which is still redacted.
 */

const token = seededSecret(TOKEN_ALPHABET, 'Zq8', 16, 28);
const password = seededSecret(PASSWORD_ALPHABET, 'Pw7', 8, 20);
/** A setting's name as .NET and Postman write one: words, dots and colons, no digit. */
const settingName = fc
  .array(fc.stringMatching(/^[A-Z]?[a-z]{3,9}$/), { minLength: 1, maxLength: 3 })
  .chain((words) => fc.constantFrom(':', '.', '').map((joiner) => words.join(joiner)))
  .filter((name) => name.length >= 4);

function kept(text: string): string {
  return redactText(text).text;
}

describe('the name an entry gives its value', () => {
  it('stays in `<add key=… value=…/>`, and the value under a secret name is still redacted', () => {
    fc.assert(
      fc.property(settingName, token, (name, secret) => {
        const text = `<appSettings>\n  <add key="${name}" value="3.0.0.0" />\n  <add key="ApiToken" value="${secret}" />\n</appSettings>`;
        const out = kept(text);
        expect(out, out).toContain(`key="${name}"`);
        expect(out).not.toContain(secret);
      }),
    );
  });

  it('stays in JSON and YAML entries with a value key after it', () => {
    fc.assert(
      fc.property(settingName, (name) => {
        for (const text of [`{"Key": "${name}", "Value": "3.0.0.0"}`, `- key: ${name}\n  value: 3.0.0.0`])
          expect(kept(text)).toBe(text);
      }),
    );
  });

  it('is still read as a token when it is one: long, with digits', () => {
    fc.assert(
      fc.property(token, (secret) => {
        expect(kept(`{"key": "${secret}", "value": "orders"}`)).not.toContain(secret);
      }),
    );
  });
});

describe("the id of a password's secret in a secrets manager", () => {
  it('stays, in text and in data; a secret id with no password named before it is still a secret', () => {
    for (const name of ['DB_PASSWORD_SECRET_ID', 'adminPasswordSecretId', 'smtp-password-secret-id']) {
      expect(kept(`${name}=prod/thumbnail/db`)).toBe(`${name}=prod/thumbnail/db`);
      const data = { Environment: { Variables: { [name]: 'prod/thumbnail/db' } } };
      expect(sanitizeValue(data)).toEqual(data);
    }
    fc.assert(
      fc.property(token, (secret) => {
        expect(kept(`VAULT_SECRET_ID=${secret}`)).not.toContain(secret);
        expect(JSON.stringify(sanitizeValue({ secret_id: secret }))).not.toContain(secret);
      }),
    );
  });
});

describe('an element whose value runs to no tag', () => {
  it('is a name in angle brackets in prose, not a value', () => {
    const text =
      '# Set a password with `requirepass <password>`; see https://redis.io/docs/latest/operate/oss_and_stack/management/security/\nmaxmemory-policy allkeys-lru';
    expect(kept(text)).toBe(text);
  });

  it('still holds a secret when its closing tag follows, on its line or a later one, or the text was cut', () => {
    fc.assert(
      fc.property(password, (secret) => {
        for (const text of [
          `<password>${secret}</password>`,
          `<password>\n    ${secret}\n  </password>`,
          `<server>\n  <password>${secret}`,
          `<password>${secret}   `,
        ])
          expect(kept(text), text).not.toContain(secret);
      }),
    );
  });
});

describe('a listing aligned in columns', () => {
  const row = (name: string, cell: string) => `${name.padEnd(20)} ${cell.padEnd(28)} 2026-11-20T16:01:09Z`;

  it('keeps a column its capitals header calls a digest, and redacts one it calls a value', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9a-f]{16}$/),
        token,
        fc.constantFrom('STRIPE_SECRET_KEY', 'DB_PASSWORD', 'API_TOKEN'),
        (digest, secret, name) => {
          const digests = `NAME                 DIGEST               CREATED AT\n${row('DATABASE_URL', '7a3a070843dd39f9')}\n${row(name, digest)}`;
          expect(kept(digests)).toBe(digests);
          const values = `NAME                 VALUE                CREATED AT\n${row(name, secret)}`;
          expect(kept(values)).not.toContain(secret);
          // a value that fills its column, one blank before the next
          const full = `NAME                 VALUE                CREATED AT\n${name.padEnd(20)} ${secret} 2026-11-20`;
          expect(kept(full)).not.toContain(secret);
        },
      ),
    );
  });

  it("still reads a setting under a line that only looks like a header (Fluent Bit's `Name  es`)", () => {
    fc.assert(
      fc.property(password, (secret) => {
        const text = `[OUTPUT]\n    Name            es\n    Match           kube.*\n    HTTP_Passwd     ${secret}    \n    tls             On`;
        expect(kept(text)).not.toContain(secret);
      }),
    );
  });
});

describe('curl -u with the names of what goes there', () => {
  it("keeps a doc's `consumer_key:consumer_secret`, and redacts a real pair", () => {
    for (const pair of ['consumer_key:consumer_secret', 'apiKey:apiSecret', 'client-id:client-secret']) {
      const text = `curl https://example.com/wp-json/wc/v3/products -u ${pair}`;
      expect(kept(text)).toBe(text);
    }
    fc.assert(
      fc.property(password, (secret) => {
        expect(kept(`curl -u deploy:${secret} https://api.example.com/v1`)).not.toContain(secret);
        expect(kept('curl -u deploy:supersecret https://api.example.com/v1')).not.toContain('supersecret');
      }),
    );
  });
});

describe('the mechanisms a mail client lists', () => {
  it('keeps them after "authenticate using", and still redacts a password given so', () => {
    const text = 'DEBUG SMTP: Attempt to authenticate using mechanisms: LOGIN PLAIN DIGEST-MD5 NTLM XOAUTH2';
    expect(kept(text)).toBe(text);
    fc.assert(
      fc.property(password, (secret) => {
        expect(kept(`You can log in using ${secret} for now.`)).not.toContain(secret);
      }),
    );
  });
});
