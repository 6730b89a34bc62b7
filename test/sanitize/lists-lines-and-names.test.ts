import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { execveView } from '../../src/sanitize/argv-view.js';
import { redactText } from '../../src/sanitize/redact-text.js';
import { sanitizeValue } from '../../src/sanitize/sanitize-value.js';
import { PASSWORD_ALPHABET, seededSecret, TOKEN_ALPHABET } from '../helpers/seeded-secrets.js';

/**
 * Shapes the seventeenth held-out probe found missing: a secret as the one item of a bracketed
 * list (Java's `Map.toString()` of request headers, a YAML flow list's first item), a YAML scalar on the line
 * below its key (Salt's outputter), a name glued to `token` (`wstoken`, `targettoken`), and
 * Erlang terms (`{password, "X"}`, `<<"X">>`).
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

  it('still takes a CSRF token for what it is, and a library for a library', () => {
    for (const text of [
      'csrftoken=Zq8Jk2mN7pQ4rS9tV1wX3yZ5aB',
      'notes            = "Maven - io.jsonwebtoken:jjwt-jackson-0.11.2"',
    ])
      expect(kept(text), text).toBe(text);
  });
});

describe('Erlang terms', () => {
  it('redacts the value of a secret-named atom in a tuple, and a binary under a secret-named key', () => {
    fc.assert(
      fc.property(password, token, (secret, key) => {
        const config = `{pgsql, [{host, "db"}, {username, "billing_app"}, {password, "${secret}"}, {pool_size, 20}]}`;
        const rebar = `{hex, [{repos, [#{name => <<"hexpm:acme">>, repo_key => <<"${key}">>}]}]}.`;
        const binary = `{api_token, <<"${key}">>}`;
        for (const text of [config, rebar, binary])
          expect(kept(text), text).not.toContain(text.includes(secret) ? secret : key);
        expect(kept(config)).toContain('{username, "billing_app"}');
        expect(kept(rebar)).toContain('<<"hexpm:acme">>');
      }),
    );
  });

  it('keeps tuples of other atoms, and terms with no secret', () => {
    for (const text of [
      '{ok, Pid} = gen_server:start_link({local, ?MODULE}, ?MODULE, [], [])',
      '{reply, ok, State}',
      '{error, {badmatch, {password, undefined}}}',
      '{token, <<>>}',
    ])
      expect(kept(text), text).toBe(text);
  });
});

describe('command lines written one argument at a time', () => {
  const commands = fc.constantFrom(
    (secret: string) => ['mysql', '-h', 'db-2', '-uroot', `-p${secret}`, 'inventory'],
    (secret: string) => ['sshpass', '-p', secret, 'scp', 'dump.sql', 'backup@nas:/srv/backups', '-q'],
    (secret: string) => ['redis-cli', '-h', 'cache', '-a', secret, '--no-auth-warning', 'monitor'],
    (secret: string) => ['curl', '-u', `elastic:${secret}`, 'https://search.example.com/_cat/indices'],
  );
  /** An argument as auditd writes it: quoted, or in hex when it holds a blank or a quote. */
  const audited = (argument: string, index: number) =>
    /[\s"']/.test(argument)
      ? `a${index}=${Buffer.from(argument).toString('hex').toUpperCase()}`
      : `a${index}="${argument}"`;

  it("redacts a password in auditd's EXECVE records and in a NUL-parted /proc cmdline", () => {
    fc.assert(
      fc.property(password, commands, fc.boolean(), (secret, command, quoteIt) => {
        const typed = quoteIt ? `'${secret}'` : secret;
        const argv = command(typed);
        const record =
          'type=SYSCALL msg=audit(1717476768.121:24497): arch=c000003e syscall=59 success=yes exit=0\n' +
          `type=EXECVE msg=audit(1717476768.121:24497): argc=${argv.length} ${argv.map(audited).join(' ')}\n` +
          'type=CWD msg=audit(1717476768.121:24497): cwd="/root"';
        const cmdline = `${argv.join('\u0000')}\u0000`;
        for (const text of [record, cmdline]) {
          const redacted = kept(text);
          expect(redacted, text).not.toContain(secret);
          expect(redacted, text).not.toContain(Buffer.from(secret).toString('hex').toUpperCase());
        }
        expect(kept(record)).toContain(`a0="${argv[0]}"`);
      }),
    );
  });

  it('maps every character of a record read as a command line back to where it stands', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[ -~]{0,12}$/), { minLength: 1, maxLength: 8 }), (argv) => {
        const text = `type=EXECVE msg=audit(1.2:3): argc=${argv.length} ${argv.map(audited).join(' ')}`;
        const view = execveView(text);
        if (view === undefined) return;
        expect(view.origins.length).toBe(view.text.length + 1);
        for (let index = 1; index < view.origins.length; index += 1)
          expect(view.origins[index]).toBeGreaterThanOrEqual(view.origins[index - 1] as number);
        // a quoted argument is copied character for character
        for (let index = 0; index < view.text.length; index += 1) {
          const origin = view.origins[index] as number;
          if (text.charAt(origin) === view.text.charAt(index)) continue;
          // or it is hex, two digits for each character, or the blank between two arguments
          expect(view.text.charAt(index) === ' ' || /[0-9A-F]/.test(text.charAt(origin)), text).toBe(true);
        }
      }),
    );
  });

  it('leaves a record of a command without a secret as it was', () => {
    for (const text of [
      'type=EXECVE msg=audit(1718090042.331:88123): argc=3 a0="ls" a1="-la" a2="."',
      'type=EXECVE msg=audit(1718090042.331:88123): argc=2 a0="systemctl" a1="restart" a2="nginx"',
      'nginx\u0000-g\u0000daemon off;\u0000',
    ])
      expect(kept(text), text).toBe(text);
  });
});

describe('a value on a line of its own below the label that announces it', () => {
  it('is redacted at most one blank line below', () => {
    fc.assert(
      fc.property(password, token, fc.constantFrom('\n', '\n\n', '\n\n  '), (secret, key, gap) => {
        for (const [text, value] of [
          [`The new password is:${gap}${secret}\nPlease change it after you log in.`, secret],
          [`New HMAC key from the Connect Keys page is:${gap}${key}\n\nCan someone update it?`, key],
        ] as const)
          expect(kept(text), text).not.toContain(value);
      }),
    );
  });

  it('leaves a sentence below a label, and a value further down', () => {
    for (const text of [
      'Password:\nMust be at least 12 characters long.',
      'API key:\n  see the vault\n',
      'Token:\n\n\n\nZq8J0TqKj9df8u8cgljiSnIelKy',
    ])
      expect(kept(text), text).toBe(text);
  });
});

describe("a command's arguments as a list of strings", () => {
  const argvs = fc.constantFrom(
    (secret: string) => ['redis-server', '--requirepass', secret, '--appendonly', 'yes'],
    (secret: string) => ['mysql', '-h', 'db-2', '-uroot', `-p${secret}`, 'inventory'],
    (secret: string) => ['curl', '-sS', '-u', `elastic:${secret}`, 'https://search.example.com/_cat/indices'],
    (secret: string) => ['sshpass', '-p', secret, 'scp', 'dump.sql', 'backup@nas:/srv/backups'],
  );

  it('redacts the argument that holds a secret, in data and through dispatch, and keeps the rest', async () => {
    const { createDispatcher, defineTool, silentLogger } = await import('../../src/index.js');
    const { z } = await import('zod');
    const samples = fc.sample(fc.tuple(password, argvs), { numRuns: 25, seed: 17 });
    for (const [secret, argv] of samples) {
      const pod = { spec: { containers: [{ name: 'db', image: 'mysql:8', args: argv(secret) }] } };
      const dispatcher = createDispatcher({
        tools: [defineTool({ name: 'get_pod', description: 'd', input: z.object({}), run: () => pod })],
        logger: silentLogger,
      });
      const message = await dispatcher.dispatch({ id: 'c', name: 'get_pod', arguments: {} });
      for (const text of [JSON.stringify(sanitizeValue(pod)), message.content]) {
        expect(text, text).not.toContain(secret);
        expect(text, text).toContain(`"${argv(secret)[0]}"`);
        expect(text, text).toContain('"mysql:8"');
      }
    }
  });

  it('keeps lists of arguments without a secret, and lists that are no command', () => {
    for (const value of [
      { Cmd: ['nginx', '-g', 'daemon off;'] },
      { args: ['--port', '8080', '--log-level', 'debug', '--password-stdin'] },
      ['- first item', '- second item'],
      { tags: ['-beta', 'release-2026'] },
    ])
      expect(sanitizeValue(value)).toEqual(value);
  });
});
