import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findDiscordTokens } from '../../src/sanitize/rules/find-structured-credentials.js';
import { sanitizeValue } from '../../src/sanitize/sanitize-value.js';
import { PASSWORD_ALPHABET, seededSecret, TOKEN_ALPHABET } from '../helpers/seeded-secrets.js';

const password = seededSecret(PASSWORD_ALPHABET, 'Pw7', 6, 20);
const token = seededSecret(TOKEN_ALPHABET, 'Tk9', 17, 30);
const user = fc.constantFrom('ingest', 'svc_backup', 'deploy', 'grafana');

function redacted(text: string, secret: string): boolean {
  return !String(sanitizeValue(text)).includes(secret);
}

describe('passwords that commands take as plain arguments', () => {
  it('redacts the password argument of each command, after a prompt, a pipe or sudo', () => {
    fc.assert(
      fc.property(
        user,
        password,
        // and the `+ ` that `set -x` writes before each command it traces
        fc.constantFrom('', '$ ', 'C:\\> ', 'sudo ', 'ssh box && ', '+ ', '++ '),
        (name, secret, lead) => {
          const commands = [
            `rabbitmqctl add_user ${name} '${secret}'`,
            `rabbitmqctl change_password ${name} ${secret}`,
            `htpasswd -b -c /srv/web/.htpasswd ${name} ${secret}`,
            `htpasswd -nbB ${name} ${secret}`,
            `mosquitto_passwd -b passwords.txt ${name} ${secret}`,
            `net user ${name} ${secret} /add`,
            `db2 connect to SALES user ${name} using ${secret}`,
            `echo '${name}:${secret}' | chpasswd`,
          ];
          for (const command of commands) expect(redacted(lead + command, secret), lead + command).toBe(true);
        },
      ),
    );
  });

  it('redacts the secret flags of cqlsh, ipmitool, mosquitto and the net-snmp tools', () => {
    fc.assert(
      fc.property(password, fc.constantFrom('-c', '-A', '-X'), (secret, flag) => {
        const lines = [
          `snmpwalk -v3 ${flag} ${secret} switch-04 system`,
          `snmpget ${flag}${secret} switch-04 sysUpTime.0`,
          `cqlsh node-1 -u app -p ${secret}`,
          `ipmitool -H bmc -U root -P ${secret} chassis status`,
          `mosquitto_sub -u sensor -P ${secret} -t 'plant/#'`,
        ];
        for (const line of lines) expect(redacted(line, secret), line).toBe(true);
      }),
    );
  });

  it('keeps prose about the same commands, and the communities every agent ships with', () => {
    for (const text of [
      'The net user command lists the accounts on a machine.',
      'Use htpasswd to add a user; it asks for the password twice.',
      'snmpwalk -v2c -c public demo.example.org system',
      'rabbitmqctl list_users',
    ]) {
      expect(sanitizeValue(text), text).toBe(text);
    }
  });

  it("redacts the secret after a flag's user name: -auth user:token", () => {
    fc.assert(
      fc.property(user, token, (name, secret) => {
        const line = `java -jar jenkins-cli.jar -auth ${name}:${secret} build nightly`;
        const out = String(sanitizeValue(line));
        expect(out).not.toContain(secret);
        expect(out).toContain('build nightly');
      }),
    );
  });
});

describe('wallet recovery phrases', () => {
  const word = fc.stringMatching(/^[a-z]{3,8}$/);

  it('redacts 12 to 24 words after a recovery phrase name, quoted or not', () => {
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 12, maxLength: 24 }),
        fc.constantFrom(
          'mnemonic: ',
          'MNEMONIC="',
          'seed phrase: ',
          'Your recovery phrase is: ',
          'seed_words=',
        ),
        (words, lead) => {
          const phrase = words.join(' ');
          const out = String(sanitizeValue(`${lead}${phrase}${lead.endsWith('"') ? '"' : ''}`));
          expect(out).not.toContain(phrase);
        },
      ),
    );
  });
});

describe('secrets named in Chinese, Japanese, Korean and German', () => {
  it('redacts a value joined to its name by a particle, a colon or a bracket', () => {
    fc.assert(
      fc.property(
        password,
        fc.constantFrom('密码', '口令', '令牌', '密钥', 'パスワード', 'トークン', '비밀번호', '토큰'),
        fc.constantFrom('是 ', '为：', 'は「', '는 ', '=', '：', ': '),
        (secret, name, join) => {
          const text = `新的${name}${join}${secret}${join.endsWith('「') ? '」' : ''}，请妥善保管。`;
          expect(redacted(text, secret), text).toBe(true);
        },
      ),
    );
  });

  it('keeps messages that name a secret without giving one', () => {
    for (const text of [
      '密码是必填项',
      '令牌已过期，请重新登录。',
      'パスワードは必須です',
      'Der Schlüssel wurde gelöscht.',
    ]) {
      expect(sanitizeValue(text), text).toBe(text);
    }
  });
});

describe('Discord bot tokens', () => {
  const snowflake = fc.bigInt({ min: 10n ** 16n, max: 10n ** 19n - 1n }).map(String);

  const hmac = seededSecret(`${TOKEN_ALPHABET}-_`, 'Hm4', 24, 35);

  it('redacts a token whose first part is a bot id in base64', () => {
    fc.assert(
      fc.property(snowflake, token, hmac, (id, middle, signature) => {
        const first = Buffer.from(id).toString('base64').replace(/=+$/, '');
        const secret = `${first}.${middle.slice(0, 6)}.${signature}`;
        expect(redacted(`client.run('${secret}')`, secret)).toBe(true);
      }),
    );
  });

  it('does not take three dotted parts for a token when the first part is not an id', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z]{20,30}$/), hmac, (words, signature) => {
        const first = Buffer.from(words).toString('base64').replace(/=+$/, '').slice(0, 26);
        const spans: number[] = [];
        findDiscordTokens(`M${first.slice(1)}.abcdef.${signature}`, (start) => spans.push(start));
        expect(spans).toEqual([]);
      }),
    );
  });
});

describe('values hidden behind HTML character references', () => {
  it('redacts a secret-named value whose quotes are written as entities', () => {
    fc.assert(
      fc.property(password, fc.constantFrom('&quot;', '&#34;', '&#x22;'), (secret, quote) => {
        const text = `<pre>{${quote}db_user${quote}: ${quote}app${quote}, ${quote}db_password${quote}: ${quote}${secret}${quote}}</pre>`;
        expect(redacted(text, secret), text).toBe(true);
      }),
    );
  });
});

describe('passwords with dotted parts', () => {
  it('redacts a dotted value whose part mixes cases and digits, and keeps property paths', () => {
    fc.assert(
      fc.property(
        fc
          .tuple(
            seededSecret('abcdefghijkmnopqrstuvwxyz', 'ember', 0, 3),
            seededSecret(TOKEN_ALPHABET, 'KX', 3, 6),
          )
          .map(([word, part]) => `${word}42.${part}7`),
        fc.constantFrom("'password' => '", 'pass=', "bindCredentials: '"),
        (secret, lead) => {
          expect(redacted(`${lead}${secret}`, secret)).toBe(true);
        },
      ),
    );
    for (const text of ['password: config.db.password', 'password = settings.DB_PASSWORD']) {
      expect(sanitizeValue(text), text).toBe(text);
    }
  });
});
