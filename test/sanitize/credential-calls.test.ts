import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sanitizeValue } from '../../src/sanitize/sanitize-value.js';
import { PASSWORD_ALPHABET, seededSecret } from '../helpers/seeded-secrets.js';

const password = seededSecret(PASSWORD_ALPHABET, 'Pw7', 5, 20);
const user = fc.constantFrom('svc_catalog', 'deploy', 'report-bot', 'admin');
const quote = fc.constantFrom("'", '"');
/** Calls and tuples that take a user and a password, as Python, Java, C# and JS write them. */
const shape = fc.constantFrom(
  (u: string, p: string) => `PasswordAuthenticator(${u}, ${p})`,
  (u: string, p: string) => `new NetworkCredential(${u}, ${p});`,
  (u: string, p: string) => `requests.get(url, auth=(${u}, ${p}))`,
  (u: string, p: string) => `HTTPBasicAuth(${u}, ${p})`,
  (u: string, p: string) => `new UsernamePasswordCredentials(${u}, ${p})`,
  (u: string, p: string) => `smtp.login(${u}, ${p})`,
  (u: string, p: string) => `PlainTextAuthProvider(${u}, ${p})`,
  (u: string, p: string) => `basic_auth: [${u}, ${p}]`,
);

describe('credentials passed to calls named for them', () => {
  it('redacts the password and keeps the user', () => {
    fc.assert(
      fc.property(shape, user, password, quote, (write, name, secret, mark) => {
        const code = write(`${mark}${name}${mark}`, `${mark}${secret}${mark}`);
        const out = String(sanitizeValue(code));
        expect(out, code).not.toContain(secret);
        expect(out, code).toContain(name);
      }),
    );
  });

  it("redacts a provider's key given to its client, and a setter's one secret", () => {
    const out = String(sanitizeValue("algoliasearch('4QWB3GWFRE', 'e5ee5dd4721c84048d2098d9215733e2')"));
    expect(out).not.toContain('e5ee5dd4721c84048d2098d9215733e2');
    expect(String(sanitizeValue('client.setPassword("Zq9-Lm2-Wx");'))).not.toContain('Zq9-Lm2-Wx');
  });

  it('redacts the passphrase a wallet is unlocked with, and the password a Redis client sends alone', () => {
    fc.assert(
      fc.property(password, quote, (secret, mark) => {
        for (const code of [
          `personal.unlockAccount(${mark}0xFdF358Ff8EeaC8DbD9fdadA1CDCe1dCeB3ef9c19${mark}, ${mark}${secret}X9${mark}, 300)`,
          `local res, err = red:auth(${mark}${secret}Yk8LL53ij${mark})`,
          `await client.auth(${mark}${secret}Yk8LL53ij${mark});`,
        ])
          expect(String(sanitizeValue(code)), code).not.toContain(secret);
      }),
    );
    for (const code of ['passport.auth("google")', "auth('basic')", 'app.auth("Bearer")'])
      expect(sanitizeValue(code), code).toBe(code);
  });

  it('keeps calls whose arguments are names, words, prose or a lookup', () => {
    for (const code of [
      "t('auth.login', 'Log in')",
      "logger.auth('User logged in', 'success')",
      "getPassword('db')",
      "HTTPBasicAuth('user', 'pass')",
      'login(user, password)',
      "NetworkCredential(os.getenv('USER'), os.getenv('PASS'))",
      "auth=('<user>', '<password>')",
    ]) {
      expect(sanitizeValue(code), code).toBe(code);
    }
  });
});
