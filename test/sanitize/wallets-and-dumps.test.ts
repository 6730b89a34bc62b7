import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BIP39_ENGLISH } from '../../src/sanitize/rules/bip39-english.js';
import { sanitizeValue } from '../../src/sanitize/sanitize-value.js';
import { PASSWORD_ALPHABET, seededSecret } from '../helpers/seeded-secrets.js';

/**
 * The shapes a seventeenth and an eighteenth held-out probe found: wallet recovery phrases and
 * keypairs written as bytes, hex dumps of files that hold a secret, namespaced XML elements,
 * Java properties escapes, Erlang cookies and XML read as JSON. Each test keeps its near miss.
 */

const password = seededSecret(PASSWORD_ALPHABET, 'Pw7', 8, 16);

function kept(value: unknown): string {
  const out = sanitizeValue(value);
  return typeof out === 'string' ? out : JSON.stringify(out);
}

/** A BIP 39 phrase for `entropy` (16 to 32 bytes), its checksum included, as a wallet writes it. */
function phraseFor(entropy: Uint8Array): string {
  const checksumBits = entropy.length / 4;
  const digest = createHash('sha256').update(entropy).digest();
  let bits = '';
  for (const byte of entropy) bits += byte.toString(2).padStart(8, '0');
  bits += (digest[0] as number).toString(2).padStart(8, '0').slice(0, checksumBits);
  const words: string[] = [];
  for (let index = 0; index < bits.length; index += 11)
    words.push(BIP39_ENGLISH[Number.parseInt(bits.slice(index, index + 11), 2)] as string);
  return words.join(' ');
}

const entropy = fc
  .constantFrom(16, 20, 24, 28, 32)
  .chain((length) => fc.uint8Array({ minLength: length, maxLength: length }));

describe('wallets', () => {
  it('redacts a recovery phrase with a valid checksum wherever it stands, and one named as such even with a word off the list', () => {
    fc.assert(
      fc.property(entropy, fc.constantFrom('', '$ cat notes.txt\n', '  '), (bytes, before) => {
        const phrase = phraseFor(bytes);
        expect(kept(`${before}${phrase}\n`)).not.toContain(phrase);
        const words = phrase.split(' ');
        words[3] = 'candle'; // not on the list, as a phrase copied by hand may have it
        const copied = words.join(' ');
        expect(kept(`Backup of the hot wallet\nseed: ${copied}`)).not.toContain(copied.slice(0, 40));
        expect(kept({ stdout: `Your recovery phrase:\n${phrase}` })).not.toContain(phrase);
      }),
    );
  });

  it('keeps twelve list words that are no phrase: a bad checksum with nothing that names one, and prose', () => {
    // every list of twelve words from the list passes or fails the checksum; with no word before
    // it that names a phrase, the ones that fail are left alone
    const fruit = 'apple banana cherry grape lemon mango orange melon olive peach pear plum';
    expect(kept(fruit)).toBe(fruit);
    const prose =
      'Please check the status of your order, then cancel it at any time from the account page if you want.';
    expect(kept(prose)).toBe(prose);
  });

  it('redacts a keypair written as 64 bytes, and keeps a list of small counts', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 64, maxLength: 64 }), (bytes) => {
        fc.pre(new Set(bytes).size >= 40);
        const list = `[${[...bytes].join(',')}]`;
        expect(kept(`$ cat ~/.config/solana/id.json\n${list}\n`)).not.toContain(list);
        expect(kept({ stdout: list })).not.toContain(list);
      }),
    );
    const counts = `[${Array.from({ length: 64 }, (_, index) => index % 7).join(',')}]`;
    expect(kept(counts)).toBe(counts);
    const short = `[${Array.from({ length: 32 }, (_, index) => (index * 37) % 256).join(', ')}]`;
    expect(kept(short)).toBe(short);
  });
});

/** `xxd`'s dump of `bytes`: an offset, eight groups of two bytes, and the characters. */
function xxd(bytes: Buffer): string {
  const lines: string[] = [];
  for (let offset = 0; offset < bytes.length; offset += 16) {
    const row = bytes.subarray(offset, offset + 16);
    const groups: string[] = [];
    for (let index = 0; index < row.length; index += 2)
      groups.push(row.subarray(index, index + 2).toString('hex'));
    const characters = [...row].map((byte) => (byte >= 32 && byte < 127 ? String.fromCharCode(byte) : '.'));
    lines.push(
      `${offset.toString(16).padStart(8, '0')}: ${groups.join(' ').padEnd(39)}  ${characters.join('')}`,
    );
  }
  return lines.join('\n');
}

/** `hexdump -C`'s dump of `bytes`. */
function hexdumpC(bytes: Buffer): string {
  const lines: string[] = [];
  for (let offset = 0; offset < bytes.length; offset += 16) {
    const row = [...bytes.subarray(offset, offset + 16)];
    const hex = row.map((byte) => byte.toString(16).padStart(2, '0'));
    const characters = row.map((byte) => (byte >= 32 && byte < 127 ? String.fromCharCode(byte) : '.'));
    lines.push(
      `${offset.toString(16).padStart(8, '0')}  ${hex.slice(0, 8).join(' ')}  ${hex.slice(8).join(' ')}  |${characters.join('')}|`,
    );
  }
  return lines.join('\n');
}

describe('hex dumps', () => {
  it('redacts a dump of a file whose bytes hold a password, in either layout, and keeps a dump of an image header', () => {
    fc.assert(
      fc.property(password, fc.constantFrom(xxd, hexdumpC), (secret, dump) => {
        const file = Buffer.from(
          `[upstream]\nurl = https://example.org\nuser = shipper\npass = ${secret}\nretries = 3\n`,
        );
        const text = `$ xxd agent.conf\n${dump(file)}\n`;
        const out = kept(text);
        // the secret is in the character column too, split across lines
        for (const piece of [secret.slice(0, 6), secret.slice(-6)]) expect(out).not.toContain(` ${piece}`);
        expect(out).not.toContain(file.toString('hex').slice(0, 8));
        expect(out).toContain('$ xxd agent.conf');
      }),
    );
    const png = Buffer.from('89504e470d0a1a0a0000000d494844520000010000000100080600000073524742', 'hex');
    expect(kept(xxd(png))).toBe(xxd(png));
    expect(kept(hexdumpC(png))).toBe(hexdumpC(png));
  });
});

describe('names in less common shapes', () => {
  it('redacts the text of a namespaced element named for a secret, and keeps one that is not', () => {
    fc.assert(
      fc.property(password, fc.constantFrom('wsse', 'ns2', 'soap-env'), (secret, prefix) => {
        const envelope = `<${prefix}:UsernameToken><${prefix}:Username>svc</${prefix}:Username><${prefix}:Password>${secret}</${prefix}:Password></${prefix}:UsernameToken>`;
        expect(kept(envelope)).not.toContain(secret);
        expect(kept(envelope.replaceAll('<', '&lt;').replaceAll('>', '&gt;'))).not.toContain(secret);
      }),
    );
    const status = '<ns2:status>active</ns2:status><ns2:count>3</ns2:count>';
    expect(kept(status)).toBe(status);
    // usage text writes a placeholder the same way, and it never closes
    const usage = 'curl -u <user:password> https://example.com/endpoint';
    expect(kept(usage)).toBe(usage);
  });

  it('redacts a properties password written with \\u escapes, and keeps an escaped name', () => {
    fc.assert(
      fc.property(password, (secret) => {
        const value = `K\\u00f5${secret}`;
        expect(kept(`spring.datasource.password=${value}\nspring.datasource.username=orders`)).not.toContain(
          value,
        );
      }),
    );
    const name = 'app.title=Caf\\u00e9 J\\u00fcrgen';
    expect(kept(name)).toBe(name);
  });

  it('redacts an Erlang cookie on a command line, and keeps help text that names the flag', () => {
    fc.assert(
      fc.property(seededSecret('ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'F', 19, 19), (cookie) => {
        expect(kept(`beam.smp -- -root /opt/app -setcookie ${cookie} -name app@host`)).not.toContain(cookie);
        expect(kept(`iex --cookie ${cookie} -S mix`)).not.toContain(cookie);
      }),
    );
    const help = 'erl -setcookie COOKIE: set the magic cookie; every node of a cluster needs the same one.';
    expect(kept(help)).toBe(help);
  });

  it('redacts the value of an XML-as-JSON entry named for a secret, and keeps the others', () => {
    fc.assert(
      fc.property(password, (secret) => {
        const store = {
          entry: [
            { '@key': 'host', $: 'postgis' },
            { '@key': 'passwd', $: secret },
            { '@key': 'schema', $: 'public' },
          ],
        };
        const out = kept(store);
        expect(out).not.toContain(secret);
        expect(out).toContain('"$":"postgis"');
      }),
    );
    const price = { price: { $: '12.50', '@currency': 'EUR' } };
    expect(kept(price)).toBe(JSON.stringify(price));
  });

  it('redacts a random password under a device key even when part of it reads like words', () => {
    for (const secret of ['Pw7s7woWizinfHrno', 'Pw7s7-woWizinfHrno'])
      expect(kept(`tacacs-server key ${secret}`)).not.toContain(secret);
    const name = 'id:AgencyIdentificationCode';
    expect(kept(`api_key: ${name}`)).toBe(`api_key: ${name}`);
  });
});

describe('passwords in prose, with words between the name and the value', () => {
  it('redacts them in Russian, Arabic, Finnish, Turkish, Korean and Thai, and in German and Dutch after "changed to"', () => {
    fc.assert(
      fc.property(password, (secret) => {
        for (const text of [
          `Коллеги, пароль SMPP для шлюза поменяли на ${secret}, system_id прежний.`,
          `مرحباً، كلمة مرور قاعدة بيانات نظام الحجوزات الجديدة هي ${secret} يرجى تحديثها`,
          `Moi, Qdrantin API-avain tuotannossa on ${secret} — vaihdetaan se ensi viikolla.`,
          `Merhaba, Kraken API gizli anahtarı: ${secret} — lütfen kimseyle paylaşmayın.`,
          `안녕하세요, GeoServer 관리자 비밀번호를 ${secret} 로 바꿨습니다.`,
          `สวัสดีครับ รหัสผ่านใหม่ของ Neo4j (ผู้ใช้ neo4j) คือ ${secret} ครับ`,
          `Das Passwort für den Router wurde geändert auf ${secret}, bitte notieren.`,
          `Het wachtwoord van de NAS is gewijzigd naar ${secret} vanochtend.`,
        ])
          expect(kept(text), text).not.toContain(secret);
      }),
    );
  });

  it('keeps sentences that only speak of a password, and "traffic" in Arabic', () => {
    for (const text of [
      'The password a user picks must be at least twelve characters long.',
      'حركة المرور على الطريق السريع هي 120 سيارة في الدقيقة',
      'Hej! Lösenordet till Wi-Fi-nätet sitter på lappen i receptionen.',
      'Пароль на вход в систему можно сменить в настройках профиля.',
      'API-avain löytyy hallintapaneelista kohdasta Asetukset.',
    ])
      expect(kept(text)).toBe(text);
  });
});

describe('pages, configs and commands', () => {
  const token = seededSecret('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 'Nb7', 30, 40);

  it("redacts a meta tag's content and an input's value under a secret's name, and keeps a page's description", () => {
    fc.assert(
      fc.property(token, (secret) => {
        const page = `<head><meta name="viewport" content="width=device-width"><meta name="statuspage-api-secret" content="${secret}"></head>`;
        expect(kept(page)).not.toContain(secret);
        expect(kept(page)).toContain('content="width=device-width"');
        expect(kept(`<input type="hidden" name="api_token" value="${secret}">`)).not.toContain(secret);
      }),
    );
    const meta =
      '<meta name="description" content="Status of all our services and regions, updated every minute">';
    expect(kept(meta)).toBe(meta);
  });

  it("redacts kamctlrc's joined password names, and keeps names that only end in the same letters", () => {
    fc.assert(
      fc.property(password, (secret) => {
        expect(kept(`DBHOST=db\nDBRWPW="${secret}"\nDBROOTPW=${secret}\n`)).not.toContain(secret);
      }),
    );
    const fine = 'NPW=12\nSTEPW=4';
    expect(kept(fine)).toBe(fine);
  });

  it('redacts what base64, tail or xxd print of a file named as a key, and keeps what they print of an image', () => {
    fc.assert(
      fc.property(
        token,
        fc.constantFrom('base64 -w0', 'sudo base64', 'tail -n 1', 'xxd -p'),
        (secret, command) => {
          expect(kept({ command: `${command} /etc/munge/munge.key`, stdout: `${secret}\n` })).not.toContain(
            secret,
          );
        },
      ),
    );
    const image = { command: 'base64 -w0 logo.png', stdout: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAAB\n' };
    expect(kept(image)).toBe(JSON.stringify(image));
  });

  it('redacts the secret key django-admin startproject writes, and keeps its placeholder', () => {
    fc.assert(
      fc.property(
        seededSecret('abcdefghijklmnopqrstuvwxyz0123456789!@#$%^&*(-_=+)', 'g7', 48, 48),
        (body) => {
          const secret = `django-insecure-${body}`;
          expect(kept(`<td>SECRET_KEY</td><td><pre>&#39;${secret}&#39;</pre></td>`)).not.toContain(
            body.slice(0, 20),
          );
        },
      ),
    );
    const docs =
      'A key that starts with django-insecure- was made by startproject; replace it before you deploy.';
    expect(kept(docs)).toBe(docs);
  });
});

describe('mobile tooling', () => {
  it("redacts altool's password argument, and keeps a reference to the keychain or the environment", () => {
    fc.assert(
      fc.property(password, (secret) => {
        const upload = `$ xcrun altool --upload-app -f build/App.ipa -t ios -u release@example.com -p ${secret}`;
        expect(kept(upload)).not.toContain(secret);
      }),
    );
    for (const reference of ['@keychain:AC_PASSWORD', '@env:AC_PASSWORD']) {
      const text = `xcrun altool --upload-app -f App.ipa -u release@example.com -p ${reference}`;
      expect(kept(text)).toBe(text);
    }
  });
});

describe('calls given a place, a user and a password', () => {
  it('redacts the password of any such call, and keeps a call given a place and two words', () => {
    fc.assert(
      fc.property(
        password,
        fc.constantFrom('GIS', 'open', 'ftplib.FTP', 'Client', 'new Session'),
        fc.constantFrom('"https://maps.example.com"', '"10.0.7.3:5432"', '"db.example.internal"'),
        (secret, callee, place) => {
          expect(kept(`x = ${callee}(${place}, "app_user", "${secret}")`)).not.toContain(secret);
        },
      ),
    );
    for (const call of [
      'translate("https://api.example.com", "en", "Bonjour tout le monde")',
      'fetch("https://example.com/api", "GET", "application/json")',
      'ftplib.FTP("ftp.example.com", "anonymous", "guest@example.com")',
    ])
      expect(kept(call)).toBe(call);
  });
});
