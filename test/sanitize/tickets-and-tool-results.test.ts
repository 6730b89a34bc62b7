import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { survives, unchanged } from '../helpers/sanitized.js';
import { PASSWORD_ALPHABET, seededSecret, TOKEN_ALPHABET } from '../helpers/seeded-secrets.js';

// Families of the thirteenth held-out probe, each written here in words of its own.
const password = seededSecret(PASSWORD_ALPHABET, 'Pw7', 10, 20);
const token = seededSecret(TOKEN_ALPHABET, 'Tk9', 24, 40);

describe('passwords and keys pasted into tickets and chats', () => {
  it('reads the word for password, and the word that joins it to the value, in more languages', () => {
    fc.assert(
      fc.property(password, (secret) => {
        for (const text of [
          `שלום, הסיסמה של חשבון הגיבוי היא ${secret} ואפשר להחליף אותה מחר.`, // Hebrew
          `บัญชีทดสอบ\nรหัสผ่าน: ${secret}\nขอบคุณครับ`, // Thai
          `رمز عبور حساب پشتیبان: ${secret}`, // Persian
          `Ο κωδικός του λογαριασμού είναι ${secret} μέχρι την Παρασκευή.`, // Greek
          `Ciao, la password dell'account di prova è ${secret} — grazie.`, // Italian, after an elision
          `Bonjour, le mot de passe de l'utilisateur est ${secret}.`, // French, after an elision
        ]) {
          expect(survives(text, secret), text).toBe(false);
        }
      }),
    );
  });

  it('reads "key", "secret key" and "token" in Korean, Russian and Chinese before a token', () => {
    fc.assert(
      fc.property(token, (secret) => {
        for (const text of [
          `REST API 키: ${secret}`,
          `결제 시크릿 키 공유드립니다: ${secret} 내일 폐기합니다.`,
          `Вот секретный ключ магазина: ${secret}, проверьте.`,
          `API-ключ: ${secret}`,
          `我們的權杖是 ${secret} ，請勿外流。`,
        ]) {
          expect(survives(text, secret), text).toBe(false);
        }
      }),
    );
  });

  it('keeps a primary key in Russian, which names no secret', () => {
    expect(unchanged('Первичный ключ: order_id')).toBe(true);
  });

  it('reads recovery phrases named in Spanish, Portuguese, French and German', () => {
    const words = 'canyon orbit velvet harbor pepper thistle lantern meadow copper ripple saddle quiver';
    for (const name of [
      'La frase semilla es',
      'A frase de recuperação é',
      'Phrase de récupération',
      'Wiederherstellungsphrase',
    ]) {
      expect(survives(`${name}:\n${words}\nNo la compartas.`, 'velvet harbor pepper'), name).toBe(false);
    }
  });
});

describe('secrets a tool prints, and prints again', () => {
  it('redacts a found secret wherever else the same text repeats it', () => {
    fc.assert(
      fc.property(password, (secret) => {
        const transcript = `$ gopass show -o db/reporting\n${secret}\n$ gopass show db/reporting\nSecret: db/reporting\n\n${secret}\nuser: report`;
        expect(survives(transcript, secret)).toBe(false);
        const echoed = `password: ${secret}\nnote: the old value ${secret} was rotated`;
        expect(survives(echoed, secret)).toBe(false);
      }),
    );
  });

  it('does not spread a plain word found as a password to the rest of the text', () => {
    const text = 'password: production\nthe production cluster is healthy';
    expect(survives(text, 'production cluster')).toBe(true);
  });

  it('reads the account given after "connect as", as a user / password pair', () => {
    fc.assert(
      fc.property(password, (secret) => {
        expect(survives(`Then connect as etl_admin / ${secret} and run the checks.`, secret)).toBe(false);
      }),
    );
  });

  it("reads Okta's SSWS scheme and Duo's skey", () => {
    fc.assert(
      fc.property(token, (secret) => {
        expect(survives(`Authorization: SSWS ${secret}`, secret)).toBe(false);
        expect(survives(`[duo]\nikey=DIXXXXXXXXXXXXXXXXXX\nskey=${secret}\n`, secret)).toBe(false);
      }),
    );
  });
});

describe('what is no secret beside a secret-named word', () => {
  it('keeps an ARN passed to a secret-id flag, which names where the secret is', () => {
    expect(
      unchanged(
        'aws secretsmanager describe-secret --secret-id arn:aws:secretsmanager:eu-west-1:111122223333:secret:app/db-AbC123',
      ),
    ).toBe(true);
  });

  it('keeps words joined by hyphens after a secret word in prose', () => {
    for (const text of ['Move the deploy tokens to OIDC-based auth', 'API keys are Read-Only by default']) {
      expect(unchanged(text), text).toBe(true);
    }
  });

  it("keeps a word with underscores after a provider's path, such as an emoji code", () => {
    expect(unchanged('the new Twilio key is in Vault under secret/notify/twilio :white_check_mark:')).toBe(
      true,
    );
    // a provider's key of hex letters alone is still one: Sidekiq's licence for its gem server
    expect(survives('export BUNDLE_GEMS__CONTRIBSYS__COM=facade:deadbeef', 'facade:deadbeef')).toBe(false);
  });

  it("keeps an issue tracker's key under a field named key", () => {
    expect(unchanged({ key: 'SEC-42', fields: { summary: 'Rotate the signing key' } })).toBe(true);
    expect(survives({ key: 'Q2xZ8vT4mB7nR1pK6sW3' }, 'Q2xZ8vT4mB7nR1pK6sW3')).toBe(false);
  });
});

describe('secrets in the shapes tool results take', () => {
  it('redacts a value that repeats a secret redacted by its key, wherever it stands in the result', () => {
    fc.assert(
      fc.property(token, (secret) => {
        // Postmark's SMTP login takes the server token as both user and password
        const result = {
          smtp: { host: 'smtp.postmarkapp.com', username: secret, password: secret },
          note: [secret],
        };
        expect(survives(result, secret)).toBe(false);
      }),
    );
    expect(unchanged({ username: 'deploy-bot', password: '', backup: { username: 'deploy-bot' } })).toBe(
      true,
    );
  });

  it("redacts a JSON Web Key's private members, and keeps its public ones", () => {
    fc.assert(
      fc.property(token, token, (privatePart, publicPart) => {
        // the same value would be the private one too, and one seed draws prefixes of one token
        fc.pre(!publicPart.includes(privatePart) && !privatePart.includes(publicPart));
        const jwks = {
          keys: [{ kty: 'EC', crv: 'P-256', kid: 'k1', x: publicPart, y: publicPart, d: privatePart }],
        };
        expect(survives(jwks, privatePart)).toBe(false);
        expect(survives(jwks, publicPart)).toBe(true);
        const symmetric = { kty: 'oct', alg: 'HS256', k: privatePart };
        expect(survives(symmetric, privatePart)).toBe(false);
      }),
    );
    // `d` is a secret only in a key
    expect(unchanged({ point: { x: 1, y: 2, d: 'Xq9oXJdX1vT4mB7nR1pK' } })).toBe(true);
  });

  it('reads a secret in the cell after an HTML cell or term that names it', () => {
    fc.assert(
      fc.property(password, (secret) => {
        for (const html of [
          `<table><tr><th>Host</th><td>db.example.com</td></tr><tr><th>Password</th><td>${secret}</td></tr></table>`,
          `<tr>\n  <td>DB password:</td>\n  <td class="mono"> ${secret} </td>\n</tr>`,
          `<dl><dt>Admin password</dt><dd>${secret}</dd></dl>`,
        ]) {
          expect(survives(html, secret), html).toBe(false);
        }
      }),
    );
    expect(unchanged('<tr><th>Password</th><td>Reset it from the account page</td></tr>')).toBe(true);
  });

  it('reads a CSV header whose names run to three words', () => {
    fc.assert(
      fc.property(password, (secret) => {
        const csv = `User name,Console password,Access key ID\nalice,${secret},AKIA${'Q'.repeat(16)}\n`;
        expect(survives(csv, secret)).toBe(false);
      }),
    );
  });
});

describe('secrets wrapped in rich text, lists and sentences', () => {
  it('reads the text that rich-text formats wrap under a secret-named property', () => {
    fc.assert(
      fc.property(password, (secret) => {
        // Notion's database rows: a property's text sits in `rich_text` items, twice
        const row = {
          properties: {
            Service: { title: [{ plain_text: 'Mailgun' }] },
            Password: { rich_text: [{ type: 'text', text: { content: secret }, plain_text: secret }] },
          },
        };
        expect(survives(row, secret)).toBe(false);
      }),
    );
    expect(unchanged({ Notes: { rich_text: [{ type: 'text', plain_text: 'call back tomorrow' }] } })).toBe(
      true,
    );
  });

  it('reads the first string of a list under a secret-named key', () => {
    fc.assert(
      fc.property(token, (secret) => {
        expect(survives(`{\n  secrets => ['${secret}'],\n  workers => 8,\n}`, secret)).toBe(false);
        expect(survives(`"signing_keys": [ "${secret}", "${secret}x" ]`, secret)).toBe(false);
      }),
    );
    // a list of the secrets' names names no secret
    expect(unchanged('"secrets": ["db-password", "api-token"], "scopes": ["read", "write"]')).toBe(true);
  });

  it('reads a value on the line after a Japanese sentence that ends in a colon', () => {
    fc.assert(
      fc.property(token, (secret) => {
        expect(survives(`APIトークンはこちらです：\n${secret}\nよろしくお願いします。`, secret)).toBe(false);
      }),
    );
    expect(unchanged('パスワードはこちらです：\n8文字以上にしてください。')).toBe(true);
  });
});
