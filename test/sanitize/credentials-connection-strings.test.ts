import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findLeaks } from '../../src/sanitize/find-leaks.js';
import { redactText } from '../../src/sanitize/redact-text.js';

const password = fc
  .tuple(
    fc.stringMatching(/^[A-Z][a-z]{2,5}$/),
    fc.stringMatching(/^[0-9]{1,3}$/),
    fc.stringMatching(/^[a-zA-Z0-9]{2,8}$/),
  )
  .map((parts) => parts.join(''))
  .filter((value) => isRealistic(value) && !/example|test|pass|changeme/i.test(value));
/** Eight or more characters, six of them distinct, few of them filler (`0`, `x`): not a placeholder. */
function isRealistic(value: string): boolean {
  const filler = [...value].filter((character) => '0xX_-'.includes(character)).length;
  return value.length >= 8 && new Set(value).size >= 6 && filler * 3 < value.length;
}

const user = fc.stringMatching(/^[a-z][a-z0-9_]{2,10}$/);
const host = fc.constantFrom('db01', 'pg-main', 'orders-db.corp.example', 'sql-7.example.net', '10.4.2.17');
const scheme = fc.constantFrom('s3', 'ftp', 'webdav', 'minio', 'gs', 'custom+tls', 'https');

function survives(text: string, secret: string): boolean {
  return redactText(text).text.includes(secret);
}

describe('connection strings outside the datastore schemes', () => {
  it('redacts user:password@ under any scheme, with an unencoded / # ? ^ ~ or ! in the password too', () => {
    fc.assert(
      fc.property(
        scheme,
        user,
        password,
        fc.constantFrom('', '/', '#', '?', '^', '~', '!'),
        host,
        (name, login, secret, mark, where) => {
          const hidden = mark === '' ? secret : `${secret}${mark}${secret.slice(0, 3)}Q`;
          const text = `copy ${name}://${login}:${hidden}@${where}/backups/2024.tar failed`;
          expect(survives(text, hidden), text).toBe(false);
        },
      ),
      { numRuns: 80 },
    );
  });

  it('redacts Go MySQL DSNs over tcp, tcp6 and unix sockets', () => {
    fc.assert(
      fc.property(
        user,
        password,
        host,
        fc.integer({ min: 1024, max: 65535 }),
        (login, secret, where, port) => {
          for (const text of [
            `sql.Open("mysql", "${login}:${secret}@tcp(${where}:${port})/shop?parseTime=true")`,
            `dsn=${login}:${secret}@unix(/var/run/mysqld/mysqld.sock)/shop`,
            `${login}:${secret}@tcp6([fd00::12]:${port})/ledger`,
          ]) {
            expect(survives(text, secret), text).toBe(false);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('redacts Oracle user/password@connect strings', () => {
    fc.assert(
      fc.property(user, password, host, (login, secret, where) => {
        for (const text of [
          `sqlplus ${login}/${secret}@//${where}:1521/ORCLPDB1`,
          `impdp ${login}/${secret}@${where}:1521/SALES directory=DP`,
          `sqlplus -s ${login}/${secret}@PRODTNS @run.sql`,
          `conn ${login}/${secret}@hrdb`,
        ]) {
          expect(survives(text, secret), text).toBe(false);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('leaves package versions, action refs, git SSH remotes and documentation templates alone', () => {
    for (const text of [
      'uses: actions/checkout@v4',
      'pnpm add lodash/fp@4.17.21 @babel/core@7.24.0',
      'git clone git@github.com:octo-org/hello-world.git',
      'Mirror: git@bitbucket.org:team-a/tokens.git (read-only)',
      'mongodb+srv://<username>:<password>@<cluster>.mongodb.net/',
      'postgres://USER:PASSWORD@HOST:PORT/DB',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell template, written as docs write it
      'redis://:${REDIS_PASSWORD}@${REDIS_HOST}:6379',
      'amqp://{user}:{password}@{host}:5672/{vhost}',
      'https://example.com/people/@someone',
    ]) {
      expect(findLeaks(text), text).toEqual([]);
    }
  });

  it('still redacts a template whose host or password is real', () => {
    expect(survives('postgres://USER:Tr0ub4dor9@HOST:5432/DB', 'Tr0ub4dor9')).toBe(false);
    expect(findLeaks('postgres://USER:PASSWORD@pg-main.corp.example:5432/app').length).toBeGreaterThan(0);
  });
});
