import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createDispatcher, defineTool, silentLogger } from '../../src/index.js';
import { sanitizeValue } from '../../src/sanitize/sanitize-value.js';
import { survives, unchanged } from '../helpers/sanitized.js';
import { PASSWORD_ALPHABET, seededSecret, TOKEN_ALPHABET } from '../helpers/seeded-secrets.js';

const password = seededSecret(PASSWORD_ALPHABET, 'Pw7', 6, 20);
const token = seededSecret(TOKEN_ALPHABET, 'Tk9', 20, 40);
const user = fc.constantFrom('app', 'svc_backup', 'reporting', 'deploy');

describe('account statements in SQL', () => {
  it('redacts the password or hash of IDENTIFIED BY, however the account and the log line are written', () => {
    fc.assert(
      fc.property(
        user,
        password,
        fc.constantFrom('', '41 Query\t', 'mysql> ', 'SQL> '),
        (name, secret, lead) => {
          for (const statement of [
            `CREATE USER '${name}'@'10.%' IDENTIFIED BY '${secret}'`,
            `create user \`${name}\`@\`%\` identified by "${secret}";`,
            `ALTER USER ${name} IDENTIFIED WITH caching_sha2_password BY '${secret}'`,
            `CREATE USER ${name} IDENTIFIED BY ${secret}`,
            `GRANT ALL ON shop.* TO '${name}'@'%' IDENTIFIED BY '${secret}'`,
            `CREATE DATABASE LINK sales CONNECT TO ${name} IDENTIFIED BY ${secret} USING 'SALES'`,
          ]) {
            expect(survives(lead + statement, secret), lead + statement).toBe(false);
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('leaves prose, bind parameters and placeholders alone', () => {
    for (const text of [
      'The caller is identified by their e-mail address.',
      'Each request is identified by a UUID.',
      "CREATE USER 'app'@'%' IDENTIFIED BY 'password'",
    ]) {
      expect(sanitizeValue(text), text).toBe(text);
    }
  });
});

describe('CI logging commands', () => {
  it('redacts what a step masks, sets as a secret, or sets under a secret name', () => {
    fc.assert(
      fc.property(password, (secret) => {
        for (const line of [
          `::add-mask::${secret}`,
          `##vso[task.setsecret]${secret}`,
          `2026-11-28T09:14:04.5521203Z ##vso[task.setvariable variable=sqlPassword]${secret}`,
          `##vso[task.setvariable variable=conn;issecret=true]${secret}`,
        ]) {
          expect(survives(`${line}\n##[section]Finishing: Fetch`, secret), line).toBe(false);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('leaves a variable that is no secret, and a mask of a variable reference', () => {
    for (const text of [
      '##vso[task.setvariable variable=buildNumber]20261128.4',
      '##vso[task.setvariable variable=imageTag]api-2026.11.28',
      '::add-mask::$DB_PASSWORD',
    ]) {
      expect(sanitizeValue(text), text).toBe(text);
    }
  });
});

describe('names of secrets in other words and other languages', () => {
  it('redacts values under French, Russian and Kerberos names, in data and in text', () => {
    fc.assert(
      fc.property(password, token, (secret, issued) => {
        expect(survives({ mot_de_passe: secret }, secret)).toBe(false);
        expect(survives({ motDePasse: secret }, secret)).toBe(false);
        expect(survives({ токен: issued }, issued)).toBe(false);
        expect(survives(`ОШИБКА: токен доступа: ${issued} (статус 401)`, issued)).toBe(false);
        expect(survives(`KRB5_KEYTAB_B64=${issued}==`, issued)).toBe(false);
        expect(survives(`sentinel auth-pass mymaster ${secret}`, secret)).toBe(false);
      }),
      { numRuns: 40 },
    );
  });

  it('redacts a key material list under an explicit name, and keeps a list of secret names', () => {
    fc.assert(
      fc.property(token, (issued) => {
        const realm = {
          config: { privateKey: [`MIIEv${issued}`], secrets: ['db-password', 'orders-db-credentials'] },
        };
        const output = JSON.stringify(sanitizeValue(realm));
        expect(output).not.toContain(issued);
        expect(output).toContain('orders-db-credentials');
      }),
      { numRuns: 30 },
    );
  });

  it('keeps the key a Helm chart reads a password from, an IAM role id, and empty template values', () => {
    expect(
      unchanged({ secretKeys: { adminPasswordKey: 'postgres-password', userPasswordKey: 'password' } }),
    ).toBe(true);
    expect(unchanged({ UserId: 'AROAN44Z3TE9GO6FXBW6X:ci-session', Account: '123456789012' })).toBe(true);
    const template =
      '# .env.example\nDATABASE_URL=\nREDIS_URL=\nSTRIPE_SECRET_KEY=\nSENTRY_DSN=\nJWT_SECRET=';
    expect(sanitizeValue(template)).toBe(template);
    const docs = 'sasl.jaas.config: JAAS login context. Type: password. Default: null. Importance: medium.';
    expect(sanitizeValue(docs)).toBe(docs);
  });
});

describe('values marked secret by a flag beside them', () => {
  it('redacts a sensitive Terraform output and a secret pipeline variable, as data and through dispatch', async () => {
    const outputs = (secret: string) => ({
      db_admin: { sensitive: true, type: 'string', value: secret },
      api_endpoint: { sensitive: false, type: 'string', value: 'https://api.example.com' },
      pipeline: {
        variables: { primary: { isSecret: true, value: secret }, env: { isSecret: false, value: 'prod' } },
      },
    });
    const dispatcher = createDispatcher({
      tools: [
        defineTool({
          name: 'outputs',
          description: 'd',
          input: z.object({ s: z.string() }),
          run: async ({ s }) => outputs(s),
        }),
      ],
      logger: silentLogger,
    });
    await fc.assert(
      fc.asyncProperty(password, async (secret) => {
        const direct = JSON.stringify(sanitizeValue(outputs(secret)));
        expect(direct).not.toContain(secret);
        expect(direct).toContain('https://api.example.com');
        expect(direct).toContain('"prod"');
        const message = await dispatcher.dispatch({ id: 'c', name: 'outputs', arguments: { s: secret } });
        expect(message.content).not.toContain(secret);
        expect(message.content).toContain('https://api.example.com');
      }),
      { numRuns: 30 },
    );
  });
});

describe('recovery codes and provider keys', () => {
  it('redacts recovery codes listed below their heading after a blank line', () => {
    const codes = ['69d66-5c50b', '36a79-c3008', '131a4-7bc1f'];
    const text = `Your two-factor recovery codes. Store them somewhere safe:\n\n${codes.join('\n')}\n\nEach code can be used once.`;
    const output = sanitizeValue(text) as string;
    for (const code of codes) expect(output).not.toContain(code);
    expect(output).toContain('Each code can be used once.');
  });

  it('redacts Honeycomb ingest and management keys in data', () => {
    fc.assert(
      fc.property(fc.constantFrom('hcaik_', 'hcxik_', 'hcamk_', 'hcxmk_'), token, (prefix, body) => {
        const key = `${prefix}${body.toLowerCase()}`;
        expect(survives({ headers: { 'x-honeycomb-team': key } }, key)).toBe(false);
      }),
      { numRuns: 30 },
    );
  });
});
