import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createDispatcher, defineTool, silentLogger } from '../../src/index.js';
import { sanitizeValue } from '../../src/sanitize/sanitize-value.js';
import { PASSWORD_ALPHABET, seededSecret } from '../helpers/seeded-secrets.js';

/**
 * The shapes a ninth held-out probe found: network device configuration, Windows and directory
 * dumps, JVM frames listed as data, and passwords people make from a placeholder's word. Each
 * test also keeps the near miss that must stay.
 */

const password = seededSecret(PASSWORD_ALPHABET, 'Pw7', 6, 16);
const hex32 = seededSecret('0123456789abcdef', 'c0', 30, 30);

function kept(text: string): string {
  return String(sanitizeValue(text));
}

describe('network devices', () => {
  it('redacts a type-0 password of any shape, and an ISAKMP or RADIUS key', () => {
    fc.assert(
      fc.property(password, fc.constantFrom('correct-horse-battery', 'Changeme!2024'), (secret, phrase) => {
        for (const [text, hidden] of [
          [`username ops privilege 15 password 0 ${phrase}`, phrase],
          [`crypto isakmp key ${secret} address 192.0.2.1`, secret],
          [`radius key ${secret}`, secret],
        ] as const) {
          expect(kept(text), text).not.toContain(hidden);
        }
      }),
    );
  });

  it('redacts the hashes of a Windows password dump, and keeps a certificate fingerprint', () => {
    fc.assert(
      fc.property(hex32, hex32, (lm, nt) => {
        const text = `Administrator:500:${lm}:${nt}:::\nGuest:501:${lm}:${nt}:::`;
        const out = kept(text);
        expect(out).not.toContain(nt);
        expect(out).toContain('Administrator:500:');
      }),
    );
    const fingerprint = 'sha256_fingerprint: A7:63:AD:27:29:3E:1C:41:42:F0:F1:CB:B0:12:88:CD:5F:1A:2B:3C';
    expect(kept(fingerprint)).toBe(fingerprint);
  });
});

describe('tables and phrases', () => {
  it('redacts a PowerShell table’s password column, a server key and a recovery phrase after an aside', () => {
    fc.assert(
      fc.property(
        password,
        fc.array(fc.constantFrom('calm', 'beach', 'arch', 'brass', 'basic', 'build'), {
          minLength: 12,
          maxLength: 12,
        }),
        (secret, words) => {
          const phrase = words.join(' ');
          for (const [text, hidden] of [
            [`Name        ms-Mcs-AdmPwd\n----        -------------\nWS-FIN-042  ${secret}`, secret],
            [`tacacs-server key ${secret}`, secret],
            [`Your new wallet recovery phrase (write it down!):\n${phrase}`, phrase],
          ] as const) {
            expect(kept(text), text).not.toContain(hidden);
          }
        },
      ),
    );
    for (const text of [
      'recovery phrase (see the docs) for more',
      'Name        Last-Modified\nweb-1       2026-11-30',
    ]) {
      expect(kept(text), text).toBe(text);
    }
  });
});

describe('values that say where a secret is, or that it is gone', () => {
  it('keeps YAML lookups, Windows setup’s deletion mark, a security id and keyword arguments that name variables', () => {
    for (const value of [
      { wifi: { ssid: '!secret wifi_ssid', password: '!secret wifi_password' } },
      { objectSid: 'S-1-5-21-1710384271-2890423914-389155432-1104' },
    ]) {
      expect(sanitizeValue(value)).toEqual(value);
    }
    for (const text of [
      '<AdministratorPassword>\n  <Value>*SENSITIVE*DATA*DELETED*</Value>',
      "withCredentials([usernamePassword(credentialsId: 'nexus', usernameVariable: 'NEXUS_USER', passwordVariable: 'NEXUS_PW')])",
      'PS C:\\> $pw = Read-Host -AsSecureString -Prompt "Enter password"',
    ]) {
      expect(kept(text), text).toBe(text);
    }
  });

  it('still redacts a password given as a keyword argument, and one made from a placeholder’s word', () => {
    fc.assert(
      fc.property(password, fc.integer({ min: 10, max: 9999 }), (secret, year) => {
        for (const [text, hidden] of [
          [`connect(host: 'db', passwd: '${secret}')`, secret],
          [`password: Changeme!${year}`, `Changeme!${year}`],
          [`MYSQL_PASSWORD=Welcome@${year}`, `Welcome@${year}`],
        ] as const) {
          expect(kept(text), text).not.toContain(hidden);
        }
      }),
    );
    expect(kept('password: changeme')).toBe('password: changeme');
  });
});

describe('directory entries and frames a tool returns as data', () => {
  let current: unknown;
  const tool = defineTool({
    name: 'lookup',
    description: 'looks up',
    input: z.object({}),
    run: async () => current,
  });
  const dispatcher = createDispatcher({ tools: [tool], logger: silentLogger });
  async function bothWays(result: unknown): Promise<string[]> {
    current = result;
    const message = await dispatcher.dispatch({ id: 'c', name: 'lookup', arguments: {} }, { runId: 'r' });
    return [message.content, JSON.stringify(sanitizeValue(result))];
  }

  it('redacts the items of a list under a password’s name, and keeps a list of secrets’ names', async () => {
    await fc.assert(
      fc.asyncProperty(password, async (secret) => {
        const entry = {
          dn: 'uid=svc,dc=example',
          attributes: { uid: ['svc'], userPassword: [secret] },
          sta_pwd: [secret, ''],
        };
        for (const read of await bothWays(entry)) {
          expect(read).not.toContain(secret);
          expect(read).toContain('uid=svc,dc=example');
        }
      }),
      { numRuns: 30 },
    );
    const names = { secrets: ['db-password', 'api-key'] };
    for (const read of await bothWays(names)) expect(read).toContain(JSON.stringify(names));
  });

  it('redacts a JVM frame listed without `at`, and a wallet’s phrase under its name', async () => {
    const result = {
      frames: ['com.acme.risk.internal.ScoreEngine.apply(ScoreEngine.java:236)'],
      mnemonic: {
        phrase: 'amused brother actual advice awful canal bubble black among baby average blanket',
      },
    };
    for (const read of await bothWays(result)) {
      expect(read).not.toContain('com.acme.risk.internal');
      expect(read).not.toContain('amused brother');
    }
    expect(kept('See ScoreEngine.java for the rules')).toBe('See ScoreEngine.java for the rules');
  });
});
