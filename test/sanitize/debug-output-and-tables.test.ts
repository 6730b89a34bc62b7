import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createDispatcher, defineTool, silentLogger } from '../../src/index.js';
import { sanitizeValue } from '../../src/sanitize/sanitize-value.js';
import { PASSWORD_ALPHABET, seededSecret } from '../helpers/seeded-secrets.js';

/**
 * The shapes an eighth held-out probe found: framework debug output (PHP's var_dump, Ruby's
 * inspect, Laravel's dotted leaders), passphrases of dotted words, passwords named in inflected
 * languages, and results a query tool returns as name/value lists or as columns and rows. Each
 * test also keeps the near miss that must stay.
 */

const password = seededSecret(PASSWORD_ALPHABET, 'Pw7', 6, 16);
/** A passphrase as generators and people write one: dotted, hyphenated words and a digit. */
const passphrase = fc
  .tuple(
    fc.constantFrom('rusty', 'brave', 'sleepy', 'correct', 'quiet', 'amber'),
    fc.constantFrom('tiger', 'falcon', 'battery', 'monkey', 'river', 'lantern'),
    fc.constantFrom('-', ''),
    fc.constantFrom('monkey', 'staple', 'horse', 'river', 'cloud'),
    fc.integer({ min: 1, max: 99 }),
  )
  .map(([a, b, glue, c, digit]) => `${a}${glue}${b}.${c}${digit}`);

function kept(text: string): string {
  return String(sanitizeValue(text));
}

describe('passphrases of dotted words under a password’s name', () => {
  it('are redacted in XML, YAML, JSON and env lines', () => {
    fc.assert(
      fc.property(passphrase, (secret) => {
        for (const text of [
          `<password>${secret}</password>`,
          `  password: ${secret}`,
          `{"DB_PASSWORD":"${secret}"}`,
          `MYSQL_PASSWORD=${secret}`,
        ]) {
          expect(kept(text), text).not.toContain(secret);
        }
      }),
    );
  });

  it('keeps a dotted reference to a setting', () => {
    for (const text of [
      'password: config.db.password',
      'password: settings.dbPass',
      'password = var.db_password',
      'PGPASSWORD=env.pg',
      'password: secrets.pg',
    ]) {
      expect(kept(text), text).toBe(text);
    }
  });
});

describe('framework debug output', () => {
  it('redacts a value PHP’s var_dump writes behind its type, on the next line or the same', () => {
    fc.assert(
      fc.property(password, fc.constantFrom('\n  ', ' '), (secret, gap) => {
        const text = `array(2) {\n  ["user"]=>\n  string(4) "root"\n  ["pass"]=>${gap}string(${secret.length}) "${secret}"\n}`;
        const out = kept(text);
        expect(out).not.toContain(secret);
        expect(out).toContain('string(4) "root"');
      }),
    );
  });

  it('redacts a Ruby instance variable and a T-SQL variable, and keeps a git remote', () => {
    fc.assert(
      fc.property(password, (secret) => {
        for (const text of [
          `#<Acme::Client:0x000055d5c1e4a7b8 @endpoint="https://api.example.com", @api_key="${secret}X9q2", @timeout=15>`,
          `SET @password = '${secret}'`,
        ]) {
          expect(kept(text), text).not.toContain(secret);
        }
      }),
    );
    expect(kept('git@github.com:acme/token-service.git')).toBe('git@github.com:acme/token-service.git');
  });

  it('reads a value across a leader of dots, and keeps a duration there', () => {
    fc.assert(
      fc.property(password, fc.integer({ min: 3, max: 60 }), (secret, dots) => {
        const text = `  connections ⇁ mysql ⇁ password ${'.'.repeat(dots)} ${secret}`;
        expect(kept(text)).not.toContain(secret);
      }),
    );
    expect(kept('token_ttl ......... 3600 seconds')).toBe('token_ttl ......... 3600 seconds');
  });

  it('keeps code that looks the secret up, a public key, a fingerprint and a protected value', () => {
    for (const text of [
      'const apiKey = getApiKey(process.env.STAGE);',
      'token = fetchToken(cfg.vault.path)',
      'ED25519 key fingerprint is SHA256:+DiY3wvvV6TuJJhbpZisF/zLDA0zPMSvHdkr4UvCOqU.',
      'key: ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIk2sQp33VM4KFlPZtFUq+YH7QfVHzqmwCtmByj+e2lsN laptop',
      '//registry.npmjs.org/:_authToken = (protected)',
    ]) {
      expect(kept(text), text).toBe(text);
    }
  });
});

describe('passwords named in languages that inflect the word', () => {
  it('redacts after an inflected or several-word name, and after a name with an `@` in the password', () => {
    fc.assert(
      fc.property(password, (secret) => {
        for (const text of [
          `Yeni parolanız: ${secret}`,
          `Nie pamiętam hasła do konta: ${secret}`,
          `пароль от базы: ${secret}@ (логин postgres)`,
          `مرحبا، كلمة المرور الجديدة: ${secret}`,
          `بيانات الدخول: اسم المستخدم admin وكلمة المرور: ${secret}`,
          `The password is ${secret}@2021 now`,
        ]) {
          expect(kept(text), text).not.toContain(secret);
        }
      }),
    );
  });

  it('keeps an e-mail address, Arabic traffic and Japanese prose where a value would stand', () => {
    for (const text of [
      'Reset password for bob@example.com today',
      'حركة المرور: كثيفة',
      'パスワードを入力してください。パスワード：8文字以上',
    ]) {
      expect(kept(text), text).toBe(text);
    }
  });
});

describe('results a query tool returns', () => {
  let current: unknown;
  const tool = defineTool({
    name: 'query',
    description: 'runs a query',
    input: z.object({}),
    run: async () => current,
  });
  const dispatcher = createDispatcher({ tools: [tool], logger: silentLogger });
  /** The tool message a model reads for `result`, through `dispatch`, and what sanitizeValue makes of it. */
  async function bothWays(result: unknown): Promise<string[]> {
    current = result;
    const message = await dispatcher.dispatch({ id: 'c', name: 'query', arguments: {} }, { runId: 'r' });
    return [message.content, JSON.stringify(sanitizeValue(result))];
  }

  it('redacts the value of a secret-named setting in a name/value list (Redis CONFIG GET, HGETALL)', async () => {
    await fc.assert(
      fc.asyncProperty(
        password,
        fc.constantFrom('requirepass', 'masterauth', 'api_key', 'client_secret'),
        async (secret, name) => {
          for (const read of await bothWays({
            reply: [name, secret, 'port', '6379'],
            pairs: [[name, secret]],
          })) {
            expect(read).not.toContain(secret);
            expect(read).toContain('6379');
          }
        },
      ),
      { numRuns: 30 },
    );
  });

  it('redacts the cells of a secret-named column, given by name or as a column object', async () => {
    await fc.assert(
      fc.asyncProperty(
        password,
        fc.constantFrom('api_key', 'password', 'session_key', 'reset_token'),
        async (secret, column) => {
          for (const table of [
            { columns: ['user', column, 'created'], rows: [['ada', secret, '2026-11-30']] },
            { fields: [{ name: 'user' }, { name: column }], data: [['ada', secret]] },
          ]) {
            for (const read of await bothWays(table)) {
              expect(read).not.toContain(secret);
              expect(read).toContain('ada');
            }
          }
        },
      ),
      { numRuns: 30 },
    );
  });

  it('keeps lists of field names, tables without secret columns and Helm’s existing secret', async () => {
    for (const result of [
      { required: ['password', 'username', 'email'] },
      ['token', 'type', 'id', 'name'],
      { columns: ['user', 'plan'], rows: [['ada', 'pro']] },
      { auth: { existingSecret: 'pg-credentials', existingSecretPasswordKey: 'pw' } },
    ]) {
      for (const read of await bothWays(result)) expect(read).toContain(JSON.stringify(result));
    }
  });
});
