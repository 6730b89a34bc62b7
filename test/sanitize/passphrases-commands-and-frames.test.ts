import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createDispatcher, defineTool, silentLogger } from '../../src/index.js';
import { findLeaks } from '../../src/sanitize/find-leaks.js';
import { redactText } from '../../src/sanitize/redact-text.js';
import { sanitizeValue } from '../../src/sanitize/sanitize-value.js';
import { PASSWORD_ALPHABET, seededSecret, TOKEN_ALPHABET } from '../helpers/seeded-secrets.js';

/**
 * The families the fifteenth held-out probe found missing: passphrases of dotted words, passwords
 * in Romanian, Hebrew and Thai prose, CLIs that take a password as a plain argument, NATS seeds,
 * Apex stack frames, an API key sent as curl's user, Snowflake's COPY INTO; and the benign text
 * beside them that must stay.
 */

const password = seededSecret(PASSWORD_ALPHABET, 'Pw7', 8, 18);
const token = seededSecret(TOKEN_ALPHABET, 'Zq8', 17, 24);
const word = fc.stringMatching(/^[a-z]{4,8}$/);
/** A passphrase as generators make one: three or four words joined by dots, a number at the end. */
const passphrase = fc
  .tuple(fc.array(word, { minLength: 3, maxLength: 4 }), fc.integer({ min: 1, max: 99 }))
  .map(([words, number]) => `${words.join('.')}${number}`);

function kept(text: string): string {
  return redactText(text).text;
}

describe('a passphrase of dotted words', () => {
  it('is redacted under a password name, in text and in data', () => {
    fc.assert(
      fc.property(passphrase, (secret) => {
        for (const text of [
          `auth:\n  password: "${secret}"\n`,
          `+db_master_password = "${secret}"`,
          `-Pandroid.injected.signing.store.password=${secret} -Pandroid.injected.signing.key.alias=upload`,
        ])
          expect(kept(text), text).not.toContain(secret);
        expect(JSON.stringify(sanitizeValue({ auth: { password: secret } }))).not.toContain(secret);
      }),
    );
  });

  it('is not told from a reference to a setting that holds the password', () => {
    for (const text of [
      'password: config.db.password',
      'password = settings.database.secret',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a Spring placeholder, written as config writes it
      'password: ${spring.datasource.password}',
    ])
      expect(kept(text)).toBe(text);
  });
});

describe('a password given in prose in Romanian, Hebrew and Thai', () => {
  it('is redacted after the word for password and the word for "is"', () => {
    fc.assert(
      fc.property(password, (secret) => {
        for (const text of [
          `parola pentru contul de serviciu svc_backup este ${secret}`,
          `שם המשתמש שלך הוא avi.l והסיסמה הזמנית למערכת השכר היא ${secret}`,
          `รหัสผ่านเข้าระบบ ERP ของผมคือ ${secret} ช่วยตรวจสอบ`,
          `รหัสผ่าน คือ ${secret}`,
        ])
          expect(kept(text), text).not.toContain(secret);
      }),
    );
  });

  it('leaves prose that only speaks of a password', () => {
    for (const text of [
      'Parola este prea scurtă; alegeți una de cel puțin 12 caractere.',
      'הסיסמה שלך פגה. אפשר לאפס אותה בהגדרות.',
      'กรุณาเปลี่ยนรหัสผ่านของคุณในหน้าการตั้งค่า',
    ])
      expect(kept(text)).toBe(text);
  });
});

describe('commands that take a password as a plain argument', () => {
  it("redacts hdbuserstore's and poetry's, also in shell history", () => {
    fc.assert(
      fc.property(password, fc.integer({ min: 1, max: 9999 }), (secret, number) => {
        for (const text of [
          `  ${number}  hdbuserstore -i SET BWPROD hana-prd01:30015 SAPHANADB '${secret}'`,
          `hdbuserstore SET BWPROD hana-prd01:30015 SAPHANADB ${secret}`,
          `  ${number}  poetry config http-basic.corp ci-publisher '${secret}'`,
          `$ poetry config http-basic.pypi __token__ ${secret}`,
        ])
          expect(kept(text), text).not.toContain(secret);
      }),
    );
  });

  it('leaves their usage lines, their listings and other subcommands', () => {
    for (const text of [
      'hdbuserstore SET <KEY> <host>:<port> <user> <password>',
      'hdbuserstore LIST BWPROD',
      'poetry config http-basic.corp ci-publisher',
      'poetry config virtualenvs.in-project true',
    ])
      expect(findLeaks(text).filter((span) => span.rule === 'credential')).toEqual([]);
  });

  it("redacts etcdctl's --user pair", () => {
    fc.assert(
      fc.property(password, (secret) => {
        expect(kept(`ETCDCTL_API=3 etcdctl --user root:${secret} member list -w table`)).not.toContain(
          secret,
        );
      }),
    );
  });

  it("redacts an API key sent as curl's user with a dummy password, and keeps the doc's names", () => {
    fc.assert(
      fc.property(token, (secret) => {
        const text = `curl -v -u ${secret}:X -H "Content-Type: application/json" https://acme.freshdesk.com/api/v2/tickets`;
        expect(kept(text)).not.toContain(secret);
      }),
    );
    const doc = 'curl -u your_api_key:X https://domain.freshdesk.com/api/v2/tickets';
    expect(kept(doc)).toBe(doc);
  });
});

describe("a NATS user's seed", () => {
  it('is redacted in its armoured block, as `nsc generate creds` writes it', () => {
    const seed = 'SUA7MCXSUWTP2JS2I2E5NYCNSME7CZMWJCT33M35NXYIRADJNATQUFVV';
    const text = [
      '************************* IMPORTANT *************************',
      'NKEY Seed printed below can be used to sign and prove identity.',
      'NKEYs are sensitive and should be treated as secrets.',
      '',
      '-----BEGIN USER NKEY SEED-----',
      seed,
      '------END USER NKEY SEED------',
      '',
      '*************************************************************',
    ].join('\n');
    expect(kept(text)).not.toContain(seed);
  });
});

describe('Salesforce Apex stack frames', () => {
  it('are redacted, and a parser error at a line and column of the input stays', () => {
    const trace =
      'caused by: System.NullPointerException: Attempt to de-reference a null object\n\nClass.InvoiceSyncService.pushToErp: line 63, column 1\nTrigger.OpportunityTrigger: line 5, column 1';
    const out = kept(trace);
    expect(out).not.toContain('InvoiceSyncService.pushToErp');
    expect(out).not.toContain('Trigger.OpportunityTrigger');
    for (const text of ['Parse error: line 3, column 5', 'config.yaml: line 3, column 5'])
      expect(kept(text)).toBe(text);
  });
});

describe("Snowflake's COPY INTO", () => {
  it('is a statement; the same words in a request are not', () => {
    expect(
      kept(
        'COPY INTO RAW.SALESFORCE_OPPORTUNITIES FROM @RAW.S3_SF_STAGE/opps/ FILE_FORMAT = (TYPE = PARQUET)',
      ),
    ).not.toContain('SALESFORCE_OPPORTUNITIES');
    for (const text of ['copy into notes from @alice please', 'Copy into the doc from (the wiki)'])
      expect(kept(text)).toBe(text);
  });
});

describe('benign text beside these', () => {
  it("keeps a client's options, an unclosed code span, a masked index URL and the storage emulator", () => {
    for (const text of [
      "const stripe = new Stripe(process.env.STRIPE_SECRET_KEY!, { apiVersion: '2024-11-20.acacia' });",
      'Authenticate with your secret key: `Authorization: Bearer sk-...` (shown once in the dashboard).',
      'Looking in indexes: https://pypi.org/simple, https://deploy-bot:****@nexus.hollowpine.org/simple',
      'AzureWebJobsStorage=UseDevelopmentStorage=true',
    ])
      expect(kept(text)).toBe(text);
  });

  it('still redacts the key given to such a client, and a password that is not masked', () => {
    fc.assert(
      fc.property(token, password, (key, secret) => {
        expect(kept(`new Stripe('${key}', { apiVersion: '2024-11-20.acacia' })`)).not.toContain(key);
        expect(kept(`https://deploy-bot:${secret}@nexus.hollowpine.org/simple`)).not.toContain(secret);
      }),
    );
  });

  it("keeps a Key Vault reference and a form's messages under a secret's name in data", () => {
    const data = {
      Dataverse: {
        ClientSecret: '@Microsoft.KeyVault(SecretUri=https://kv-claims.vault.azure.net/secrets/dataverse/)',
      },
      errors: { password: ['This password is too common.', 'This password is entirely numeric.'] },
      Values: { AzureWebJobsStorage: 'UseDevelopmentStorage=true' },
    };
    expect(sanitizeValue(data)).toEqual(data);
    fc.assert(
      fc.property(password, (secret) => {
        expect(JSON.stringify(sanitizeValue({ password: [secret] }))).not.toContain(secret);
      }),
    );
  });
});

describe("Terraform's record of which values are sensitive", () => {
  const resource = (secret: string, nested: string) => ({
    address: 'random_password.grafana_admin',
    type: 'random_password',
    values: { id: 'none', length: 20, result: secret, keepers: [{ seed: nested, note: 'rotate yearly' }] },
    sensitive_values: { result: true, keepers: [{ seed: true }] },
  });

  it('redacts what `sensitive_values` and `after_sensitive` mark, at any depth, and keeps the rest', () => {
    fc.assert(
      fc.property(password, token, (secret, nested) => {
        const show = { values: { root_module: { resources: [resource(secret, nested)] } } };
        const out = JSON.stringify(sanitizeValue(show));
        expect(out).not.toContain(secret);
        expect(out).not.toContain(nested);
        expect(out).toContain('rotate yearly');
        expect(out).toContain('"length":20');
        const plan = {
          resource_changes: [
            { change: { after: { token: secret, name: 'ci' }, after_sensitive: { token: true } } },
          ],
        };
        const planned = JSON.stringify(sanitizeValue(plan));
        expect(planned).not.toContain(secret);
        expect(planned).toContain('"name":"ci"');
      }),
    );
  });

  it('redacts them in what a tool returns, through the dispatcher', async () => {
    const dispatcher = createDispatcher({
      tools: [
        defineTool({
          name: 'terraform_show',
          description: 'd',
          input: z.object({ s: z.string(), n: z.string() }),
          run: async ({ s, n }) => ({ values: { root_module: { resources: [resource(s, n)] } } }),
        }),
      ],
      logger: silentLogger,
    });
    await fc.assert(
      fc.asyncProperty(password, token, async (secret, nested) => {
        const message = await dispatcher.dispatch({
          id: 'c',
          name: 'terraform_show',
          arguments: { s: secret, n: nested },
        });
        expect(message.content).not.toContain(secret);
        expect(message.content).not.toContain(nested);
        expect(message.content).toContain('rotate yearly');
      }),
      { numRuns: 30 },
    );
  });

  it('keeps values its mirror does not mark', () => {
    const show = { values: { result: 'Jwg-visible-by-design', id: 'none' }, sensitive_values: {} };
    expect(sanitizeValue(show)).toEqual(show);
  });
});

describe('parameters and grammars in docs', () => {
  it("keeps a doc's list of parameters with placeholders, and a URI's grammar in brackets", () => {
    for (const text of [
      'Exchange the code: POST https://login.salesforce.com/services/oauth2/token with grant_type=authorization_code, client_id, client_secret=<CONSUMER_SECRET>, redirect_uri and code.',
      'Connection string format:\n\n  postgresql://[user[:password]@][host][:port][/dbname][?param1=value1&...]',
    ])
      expect(kept(text)).toBe(text);
  });

  it('still redacts a password given with the same words, and a DSN to a bracketed address', () => {
    fc.assert(
      fc.property(password, (secret) => {
        expect(kept(`You can log in with client_secret=${secret} for now.`)).not.toContain(secret);
        expect(kept(`postgres://app:${secret}@[fd00::1]:5432/app`)).not.toContain(secret);
      }),
    );
  });
});

describe('a Kubernetes Secret as `kubectl get -o yaml` lists it', () => {
  it('is read by the kind after its data however long the data, and reads clean again', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), token, (length, secret) => {
        const encoded = Buffer.from(secret).toString('base64');
        const text = [
          'apiVersion: v1',
          'items:',
          '- apiVersion: v1',
          '  data:',
          `    tls.crt: ${'QUJD'.repeat(length)}`,
          // under a name that says nothing: only the Secret's kind says it is one
          `    settings.json: ${encoded}`,
          '  kind: Secret',
          '  metadata:',
          '    name: sealed-secrets-key',
          'kind: List',
        ].join('\n');
        const once = kept(text);
        expect(once).not.toContain(encoded);
        expect(findLeaks(once)).toEqual([]);
      }),
      { numRuns: 40 },
    );
  });
});

describe("a shell tool's result that keeps the command apart from its output", () => {
  const results = (secret: string) => [
    {
      tool: 'bash',
      input: { command: 'argocd admin initial-password -n argocd' },
      output: `${secret}\n\n This password must be only used for first time login.`,
      exit_code: 0,
    },
    { command: "kubectl get secret db -o jsonpath='{.data.password}' | base64 -d", stdout: secret },
    { cmd: 'echo $DB_PASSWORD', result: secret, exitCode: 0 },
  ];

  it('reads the two as the terminal showed them, in data and through the dispatcher', async () => {
    const dispatcher = createDispatcher({
      tools: [
        defineTool({
          name: 'shell',
          description: 'd',
          input: z.object({ s: z.string() }),
          run: async ({ s }) => results(s),
        }),
      ],
      logger: silentLogger,
    });
    await fc.assert(
      fc.asyncProperty(password, async (secret) => {
        const direct = JSON.stringify(sanitizeValue(results(secret)));
        expect(direct).not.toContain(secret);
        expect(direct).toContain('This password must be only used for first time login.');
        const message = await dispatcher.dispatch({ id: 'c', name: 'shell', arguments: { s: secret } });
        expect(message.content).not.toContain(secret);
      }),
      { numRuns: 30 },
    );
  });

  it('keeps the output of a command that prints no secret, however the output looks', () => {
    fc.assert(
      fc.property(password, (output) => {
        for (const result of [
          { command: 'git rev-parse --short HEAD', stdout: output },
          { input: { command: 'hostname' }, output },
        ])
          expect(sanitizeValue(result)).toEqual(result);
      }),
    );
  });
});
