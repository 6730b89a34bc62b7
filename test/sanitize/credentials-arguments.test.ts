import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findLeaks } from '../../src/sanitize/find-leaks.js';
import { redactText } from '../../src/sanitize/redact-text.js';
import { keyStrength } from '../../src/sanitize/rules/secret-key-names.js';
import { sanitizeValue } from '../../src/sanitize/sanitize-value.js';
import { credentialSpans } from '../helpers/sanitized.js';

/** A password a person or a generator would pick: letters, a digit, maybe a symbol; never a placeholder. */
const password = fc
  .tuple(
    fc.stringMatching(/^[A-Z][a-z]{2,6}$/),
    fc.stringMatching(/^[0-9]{1,4}$/),
    fc.constantFrom('', '!', '#', '~', '_', '+'),
    fc.stringMatching(/^[a-zA-Z0-9]{2,8}$/),
  )
  .map((parts) => parts.join(''))
  .filter(
    (value) => isRealistic(value) && !/example|test|pass|secret|changeme|sample|dummy|fake/i.test(value),
  );
/** Eight or more characters, six of them distinct, few of them filler (`0`, `x`): not a placeholder. */
function isRealistic(value: string): boolean {
  const filler = [...value].filter((character) => '0xX_-'.includes(character)).length;
  return value.length >= 8 && new Set(value).size >= 6 && filler * 3 < value.length;
}

const user = fc.stringMatching(/^[a-z][a-z0-9_]{2,10}$/);
const host = fc.constantFrom('db01', 'pg-main.corp.example', 'orders-db', 'sql-7.example.net', '10.4.2.17');
const word = fc.stringMatching(/^[a-z]{3,9}$/);

function survives(text: string, secret: string): boolean {
  return redactText(text).text.includes(secret);
}

describe('passwords passed as command-line arguments', () => {
  const shapes: Record<
    string,
    (parts: { password: string; user: string; host: string; word: string }) => string
  > = {
    'a long flag with a space': (p) => `${p.word} --password ${p.password} --user ${p.user}`,
    'a long flag with a quoted value': (p) => `${p.word} --db-password '${p.password}' -h ${p.host}`,
    'a Java tool flag': (p) => `keytool -list -keystore ${p.word}.jks -storepass ${p.password}`,
    'openssl pass:': (p) => `openssl rsa -in ${p.word}.key -passin pass:${p.password} -out plain.key`,
    'mysql -p glued': (p) => `mysql -h ${p.host} -u ${p.user} -p${p.password} ${p.word}`,
    'mysqldump -p quoted': (p) => `mysqldump -u ${p.user} -p"${p.password}" ${p.word} > dump.sql`,
    'redis-cli -a': (p) => `redis-cli -h ${p.host} -a ${p.password} ping`,
    'sqlcmd -P': (p) => `sqlcmd -S ${p.host} -U ${p.user} -P "${p.password}" -Q "select 1"`,
    'docker login -p': (p) => `docker login -u ${p.user} -p ${p.password} registry.${p.word}.io`,
    'sshpass -p': (p) => `sshpass -p '${p.password}' ssh ${p.user}@${p.host}`,
    'ldapsearch -w': (p) => `ldapsearch -H ldap://${p.host} -D cn=${p.user} -w ${p.password}`,
    'smbclient -U user%password': (p) => `smbclient //${p.host}/${p.word} -U ${p.user}%${p.password}`,
    'ConvertTo-SecureString': (p) => `$s = ConvertTo-SecureString '${p.password}' -AsPlainText -Force`,
    'net use': (p) => `net use \\\\${p.host}\\${p.word} ${p.password} /user:CORP\\${p.user}`,
  };

  it('reads a flag after a secret-named word as a flag of its own', () => {
    for (const word of ['key', 'token', 'secret', 'api key']) {
      expect(redactText(`${word} --password Xk7#pQ2m --user bob`).text).not.toContain('Xk7#pQ2m');
    }
  });

  it.each(Object.keys(shapes))('redacts the password of %s', (shape) => {
    const build = shapes[shape] as (parts: {
      password: string;
      user: string;
      host: string;
      word: string;
    }) => string;
    fc.assert(
      fc.property(fc.record({ password, user, host, word }), (parts) => {
        const text = build(parts);
        expect(survives(text, parts.password), text).toBe(false);
      }),
      { numRuns: 60 },
    );
  });

  it('redacts the whole of a flag value that starts at the end of the window read after a command', () => {
    // a command's flags are read for 4,096 characters after its name; a value that starts just
    // inside that window and ends past it was cut there, and only its head redacted
    fc.assert(
      fc.property(
        password,
        fc.integer({ min: 4070, max: 4098 }),
        fc.constantFrom('snmpget -c', 'redis-cli -a', 'sshpass -p'),
        (secret, valueStart, flagged) => {
          const [command, flag] = flagged.split(' ') as [string, string];
          let text = command;
          while (text.length + 1 + flag.length + 1 < valueStart) text += ' -q';
          text += ` ${flag} ${secret}${secret} ${command}`;
          const leftOver = redactText(text).text;
          expect(leftOver.includes(secret.slice(-6)), leftOver.slice(-80)).toBe(false);
        },
      ),
      { numRuns: 80 },
    );
  });

  it('redacts every curl -u credential, however many commands without one come before it', () => {
    // the search for the next `-u` is kept between commands rather than run again from each one
    // (which cost the square of the length): the kept match must still be read in every window
    const segment = fc.oneof(
      fc.constant('curl https://api.example.com/v1\n'),
      fc.constant('wget -q https://mirror.example.org/a.tgz\n'),
      fc.integer({ min: 1, max: 3000 }).map((length) => `${'lorem '.repeat(length).slice(0, length)}\n`),
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.array(segment, { maxLength: 12 }), user, password), {
          minLength: 1,
          maxLength: 4,
        }),
        (commands) => {
          const text = commands
            .map(
              ([before, name, secret]) =>
                `${before.join('')}curl -u ${name}:${secret} https://api.example.com\n`,
            )
            .join('');
          const leftOver = redactText(text).text;
          for (const [, , secret] of commands) expect(leftOver.includes(secret), secret).toBe(false);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('leaves metavariables, variables, stdin and file sources, and other flags alone', () => {
    for (const text of [
      '  -p, --password string   Password',
      '  --password PASSWORD     the password to use',
      'docker login --password-stdin -u ci registry.example.io',
      'mysql -u USER -p DATABASE',
      'mysqldump -u app -p"$DB_PASS" shop',
      'openssl genrsa -passout env:KEY_PASS -out a.key 2048',
      'openssl req -passin file:/run/pass.txt -new',
      'docker run -p 8080:80 nginx',
      'redis-cli -h cache -p 6380 ping',
      'pass --token to the CLI when you call it',
      'ConvertTo-SecureString $plain -AsPlainText -Force',
    ]) {
      expect(credentialSpans(text), text).toEqual([]);
    }
  });
});

describe('passwords and keys in key/value lines and prose', () => {
  it('redacts netrc and space-separated configuration values', () => {
    fc.assert(
      fc.property(fc.record({ password, user, host }), ({ password: secret, user: login, host: machine }) => {
        for (const text of [
          `machine ${machine} login ${login} password ${secret}`,
          `machine ${machine}\n  login ${login}\n  password ${secret}`,
          `rclone config create s3x s3 secret_access_key ${secret}Zq9Lm2Vt7Rz4Kp8`,
        ]) {
          const hidden = text.includes(`${secret}Zq9`) ? `${secret}Zq9Lm2Vt7Rz4Kp8` : secret;
          expect(survives(text, hidden), text).toBe(false);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('redacts passwords quoted or announced in driver and auth log prose', () => {
    fc.assert(
      fc.property(fc.record({ password, user }), ({ password: secret, user: login }) => {
        for (const text of [
          `Login failed for user '${login}' with password '${secret}'`,
          `auth: invalid password "${secret}" for ${login}`,
          `Temporary password for ${login} is ${secret}`,
          `password for ${login} was reset to ${secret} by the helpdesk`,
        ]) {
          expect(survives(text, secret), text).toBe(false);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('redacts a hex or base32 key announced in prose, and leaves keys that are not credentials', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9a-f]{32}$/).filter((hex) => /[a-f]/.test(hex) && /\d/.test(hex)),
        word,
        (hex, tenant) => {
          const text = `The new API key for tenant ${tenant} is ${hex}`;
          expect(survives(text, hex), text).toBe(false);
        },
      ),
      { numRuns: 60 },
    );
    for (const text of [
      'The primary key is customer_id_2024 on the orders table.',
      'Your password is incorrect. Please try again.',
      'The password must be 12-64 characters and include a digit.',
      'Password reset link sent to your email address.',
      'API key rotation is scheduled for Friday.',
      'Token expires in 3600 seconds.',
    ]) {
      expect(findLeaks(text), text).toEqual([]);
    }
  });

  it('redacts a secret one level below its name', () => {
    fc.assert(
      fc.property(password, word, (secret, name) => {
        for (const text of [
          `{"${name}.datasource.password": {"value": "${secret}", "origin": "env"}}`,
          `${name}:\n  password:\n    value: ${secret}\n`,
        ]) {
          expect(survives(text, secret), text).toBe(false);
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe('session cookies, URL signatures and password hashes', () => {
  const token = fc
    .stringMatching(/^[a-z0-9]{26,40}$/)
    // a session id is random: many distinct characters, no filler word (`000a0fake0a00` reads as a placeholder)
    .filter((value) => /\d/.test(value) && /[a-z]/.test(value) && new Set(value).size >= 10)
    .filter((value) => !/fake|test|example|dummy|sample|xxx/.test(value));
  it.each([
    'PHPSESSID',
    'JSESSIONID',
    '.ASPXAUTH',
    'connect.sid',
    'laravel_session',
    '_session_id',
    'sessionid',
    'ASP.NET_SessionId',
  ])('redacts the %s cookie, in a header, a JSON cookie string or alone', (name) => {
    fc.assert(
      fc.property(token, (value) => {
        for (const text of [
          `Set-Cookie: ${name}=${value}; Path=/; HttpOnly`,
          `{"cookie":"${name}=${value}; lang=en"}`,
          `restored ${name}=${value}`,
        ]) {
          expect(survives(text, value), text).toBe(false);
        }
      }),
      { numRuns: 30 },
    );
  });

  it('redacts crypt(3) password hashes and leaves shell positionals', () => {
    expect(
      survives('admin:$apr1$Zq9Lm2Vt$Kp8Wn3Yb5Hf7Jc0Ue2Io71', '$apr1$Zq9Lm2Vt$Kp8Wn3Yb5Hf7Jc0Ue2Io71'),
    ).toBe(false);
    expect(
      survives(
        'u:$2b$12$Kp8Wn3Yb5Hf7Jc0Ue2Io7uQm9Zr2Lp8Vt6Wn3Ys1Bd5Hf7Jc0Ue2Io:1',
        '$2b$12$Kp8Wn3Yb5Hf7Jc0Ue2Io7uQm9Zr2Lp8Vt6Wn3Ys1Bd5Hf7Jc0Ue2Io',
      ),
    ).toBe(false);
    expect(findLeaks('echo "$1$2" and cost $5 $6')).toEqual([]);
  });
});

describe("a directory client's password in its configuration", () => {
  it("redacts nslcd's bindpw and OpenLDAP's rootpw, and keeps the lines around them", () => {
    const config =
      'uri ldap://ldap01\nbinddn cn=nslcd,ou=svc,dc=corp\nbindpw zq2BpaAg9IHxi1aMWrAQ\nssl start_tls';
    const out = String(sanitizeValue(config));
    expect(out).not.toContain('zq2BpaAg9IHxi1aMWrAQ');
    expect(out).toContain('binddn cn=nslcd,ou=svc,dc=corp');
    expect(String(sanitizeValue('rootpw Secr3tRoot!'))).not.toContain('Secr3tRoot!');
    // a word that merely ends in pw is no name of a password
    expect(keyStrength('bindpw')).toBe('password');
    expect(keyStrength('kpw')).toBe('none');
  });
});
