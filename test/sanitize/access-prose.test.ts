import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sanitizeValue } from '../../src/sanitize/sanitize-value.js';
import { PASSWORD_ALPHABET, seededSecret, TOKEN_ALPHABET } from '../helpers/seeded-secrets.js';

const password = seededSecret(PASSWORD_ALPHABET, 'Pw7', 6, 20);
const user = fc.constantFrom('admin', 'ops', 'r.okafor', 'svc-reports');

function kept(text: string): string {
  return String(sanitizeValue(text));
}

describe('passwords given in sentences', () => {
  it('redacts what a verb of getting in is done with, quoted or not, and a user / password pair', () => {
    fc.assert(
      fc.property(user, password, (name, secret) => {
        const lines = [
          `The finance share is unlocked with "${secret}" until the audit ends.`,
          `You can log in with ${secret} for now.`,
          `sign in using '${secret}' and change it`,
          `Login with ${name}/${secret} on the staging box`,
          `@channel the staging login changed, it's ${name} / ${secret} until Friday`,
          `New credentials: ${name} / ${secret}`,
        ];
        for (const line of lines) expect(kept(line), line).not.toContain(secret);
      }),
    );
  });

  it('keeps sign-in prose that gives no password', () => {
    for (const text of [
      'Sign in with Google or GitHub to continue.',
      'Logged in as jdoe_2024 via SSO',
      'authenticated using Kerberos5 tickets',
      'Log in with your email address and the one-time code we sent.',
      'Login with SAML2 or OIDC',
      'Your login: jdoe (last seen 2026-11-30)',
    ]) {
      expect(kept(text), text).toBe(text);
    }
  });
});

describe('recovery codes', () => {
  const code = fc
    .tuple(
      seededSecret('abcdefghjkmnpqrstuvwxyz23456789', '7', 4, 4),
      seededSecret('abcdefghjkmnpqrstuvwxyz23456789', 'k', 4, 4),
    )
    .map(([left, right]) => `${left}-${right}`);

  it('redacts every code listed under a recovery or backup code heading', () => {
    fc.assert(
      fc.property(
        fc.array(code, { minLength: 2, maxLength: 10 }),
        fc.constantFrom(
          'Recovery codes for r.okafor@example.com:',
          'Backup codes',
          '2FA codes (use each once):',
        ),
        (codes, heading) => {
          const rows: string[] = [];
          for (let index = 0; index < codes.length; index += 2)
            rows.push(codes.slice(index, index + 2).join('  '));
          const out = kept(`${heading}\n${rows.join('\n')}\nKeep them somewhere safe.`);
          for (const one of codes) expect(out).not.toContain(one);
          expect(out).toContain('Keep them somewhere safe.');
        },
      ),
    );
  });

  it('keeps prose about recovery codes', () => {
    for (const text of [
      'Your recovery codes were regenerated on 2026-11-30.',
      'Use the backup codes in Settings > Security.',
    ]) {
      expect(kept(text), text).toBe(text);
    }
  });
});

describe('authorization codes in redirects', () => {
  const authorizationCode = seededSecret(`${TOKEN_ALPHABET}-_`, 'Ac4', 16, 60);

  it('redacts the code of a callback URL and keeps the state', () => {
    fc.assert(
      fc.property(
        authorizationCode,
        fc.constantFrom(
          'https://app.example.com/oauth/callback',
          'GET /auth/callback',
          'https://example.org/login',
        ),
        (secret, url) => {
          const out = kept(`Redirecting to ${url}?code=${secret}&state=af0ifjsldkj`);
          expect(out).not.toContain(secret);
          expect(out).toContain('state=af0ifjsldkj');
        },
      ),
    );
  });

  it('keeps a code that is not a credential: a promotion, a country', () => {
    for (const text of ['https://shop.example.com/products?code=SUMMER2024SALE', '/countries?code=PT']) {
      expect(kept(text), text).toBe(text);
    }
  });
});

describe('tokens under a name that says they are secret', () => {
  it('redacts a sixteen to nineteen character token even when some characters repeat', () => {
    fc.assert(
      fc.property(
        seededSecret(PASSWORD_ALPHABET, 'Xq9', 13, 16),
        fc.constantFrom('token: ', 'api_key=', '"client_secret": "'),
        (secret, lead) => {
          expect(kept(`${lead}${secret}`)).not.toContain(secret);
        },
      ),
    );
  });
});

describe('placeholder words inside random tokens', () => {
  it('take a word for a placeholder only in the case a person writes it', () => {
    // `GRFAkE` holds "fake" only by chance; `myFakeKey` and `EXAMPLE` say what they are
    expect(kept('$ vault kv get -field=password secret/db\nPw7Te4GRFAkE\n')).not.toContain('Pw7Te4GRFAkE');
    for (const text of ['password: myFakeKey', 'api_key=EXAMPLEKEY123456789'])
      expect(kept(text), text).toBe(text);
  });
});
