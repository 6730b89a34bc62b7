import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redactText } from '../../src/sanitize/redact-text.js';
import { PASSWORD_ALPHABET, seededSecret, TOKEN_ALPHABET } from '../helpers/seeded-secrets.js';

/**
 * Shapes the seventeenth held-out probe found missing: a secret as the one item of a bracketed
 * list (Java's `Map.toString()` of request headers, a YAML flow list's first item), a YAML scalar on the line
 * below its key (Salt's outputter), and a name glued to `token` (`wstoken`, `targettoken`).
 */

const password = seededSecret(PASSWORD_ALPHABET, 'Pw7', 10, 18);
const token = seededSecret(TOKEN_ALPHABET, 'Zq8', 24, 40);

function kept(text: string): string {
  return redactText(text).text;
}

describe('a secret as a list item', () => {
  it('is redacted as the item under its name, and the items of other names stay', () => {
    fc.assert(
      fc.property(
        token,
        fc.constantFrom('x-api-key', 'X-Auth-Token', 'api_keys', 'client_secret'),
        (key, name) => {
          for (const text of [
            `Request headers: {${name}=[${key}], Content-Type=[application/json], Accept=[*/*]}`,
            `${name}: [${key}]`,
          ]) {
            const redacted = kept(text);
            expect(redacted, text).not.toContain(key);
            expect(redacted, text).not.toContain(key.slice(4, 20));
          }
          expect(kept(`{${name}=[${key}], Accept=[application/json]}`)).toContain(
            'Accept=[application/json]',
          );
        },
      ),
    );
  });

  it('keeps the masks frameworks write, and prose in brackets', () => {
    for (const text of [
      '=> #<User id: 77, email: "ops@example.com", api_key: [FILTERED], admin: true>',
      'headers={Authorization=[Filtered], Cookie=[REDACTED]}',
      'password: [see the vault]',
      'api_keys: []',
      'tokens=[3]',
    ])
      expect(kept(text), text).toBe(text);
  });
});

describe('a YAML scalar on the line below its key', () => {
  it('is redacted when it stands alone on a deeper line', () => {
    fc.assert(
      fc.property(
        password,
        fc.constantFrom('replication_password', 'password', 'api_token'),
        (secret, name) => {
          for (const text of [
            `postgres:\n    ----------\n    ${name}:\n        ${secret}\n    timezone:\n        UTC`,
            `db:\n  ${name}:\n    "${secret}"\n  user: app`,
            `Please use this ${name.replace('_', ' ')}:\r\n   ${secret}\r\n`,
          ]) {
            const redacted = kept(text);
            expect(redacted, text).not.toContain(secret);
            expect(redacted, text).not.toContain(secret.slice(0, -1));
          }
        },
      ),
    );
  });

  it('leaves a block below the key, a list, and a line that is not deeper', () => {
    for (const text of [
      'env:\n  - name: X\n    password:\n      valueFrom:\n        secretKeyRef: {name: db, key: password}',
      'password:\n  - Harbor42x\n  - Lantern77y',
      'password:\nHarbor42x is on the next line, not below the key',
      'password:\n  # set by the operator\n',
      'password:\n    ----------',
    ])
      expect(kept(text), text).toBe(text);
  });
});

describe('a name glued to `token`', () => {
  it('is read as the two words it joins', () => {
    fc.assert(
      fc.property(
        token,
        fc.constantFrom('wstoken', 'targettoken', 'deploytoken', 'tenanttoken'),
        (key, name) => {
          for (const text of [
            `GET https://lms.example.edu/webservice/rest/server.php?${name}=${key}&wsfunction=core_user_get_users`,
            `        ${name}     = "${key}";`,
          ])
            expect(kept(text), text).not.toContain(key);
        },
      ),
    );
  });

  it('still takes a CSRF token for what it is', () => {
    const text = 'csrftoken=Zq8Jk2mN7pQ4rS9tV1wX3yZ5aB';
    expect(kept(text)).toBe(text);
  });
});
