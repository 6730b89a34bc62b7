import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findLeaks } from '../../src/sanitize/find-leaks.js';
import { sanitizeValue } from '../../src/sanitize/sanitize-value.js';
import { asRead, survives, unchanged } from '../helpers/sanitized.js';
import { PASSWORD_ALPHABET, seededSecret, TOKEN_ALPHABET } from '../helpers/seeded-secrets.js';

const password = seededSecret(PASSWORD_ALPHABET, 'Pw7', 8, 20);
const token = seededSecret(TOKEN_ALPHABET, 'Tk9', 20, 40);
// a word that marks a value as a placeholder (`fake`, `sample`, `changeme`) makes a stand-in, not a secret
const word = fc
  .stringMatching(/^[a-z]{3,9}$/)
  .filter((text) => !/example|sample|dummy|placeholder|redacted|change_?me|replace_?me|fake/.test(text));

describe('code search output', () => {
  it('reads `path:line:code` lines as search results, not as stack frames, in any language', () => {
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 1, maxLength: 3 }),
        fc.constantFrom('go', 'swift', 'ex', 'exs', 'rs', 'js', 'ts', 'lua', 'c', 'pl'),
        fc.integer({ min: 1, max: 9_999 }),
        fc.boolean(),
        (folders, extension, line, column) => {
          const location = `${folders.join('/')}/config.${extension}:${line}:${column ? '7:' : ''}`;
          for (const code of [
            '\tstripe.Key = os.Getenv("STRIPE_SECRET_KEY")',
            '    let url = env::var("DATABASE_URL");',
          ]) {
            expect(unchanged(`${location}${code}`), location + code).toBe(true);
          }
        },
      ),
    );
  });

  it('still reads frames whose location is followed by what they ran', () => {
    for (const [trace, frame] of [
      ["app/models/user.rb:12:in 'save': undefined method", "app/models/user.rb:12:in 'save'"],
      [
        "Unhandled exception: oops\n  from src/workers/mailer.cr:104:9 in 'deliver'\n  from src/app.cr:12:7 in 'run'",
        "src/workers/mailer.cr:104:9 in 'deliver'",
      ],
      ['goroutine 1 [running]:\nmain.main()\n\t/srv/app/main.go:44 +0x1d', '/srv/app/main.go:44'],
    ] as const) {
      expect(survives(trace, frame), trace).toBe(false);
    }
  });

  it('takes no file name before a line number for a secret-named key', () => {
    for (const text of [
      'deploy/set-password.ps1:3:$pw = Read-Host -AsSecureString "New password"',
      'lib/settings.ex:9:  password: System.fetch_env!("DB_PASSWORD"),',
      'internal/token.go:18:func refresh() {',
    ]) {
      expect(unchanged(text), text).toBe(true);
    }
  });

  it('redacts a secret assigned to a typed constant, a Rust reference type included', () => {
    fc.assert(
      fc.property(token, (secret) => {
        for (const line of [
          `12:const DD_API_KEY: &str = "${secret}";`,
          `static API_KEY: &'static str = "${secret}";`,
          `let api_token: &mut String = "${secret}";`,
          `val apiKey: String = "${secret}"`,
        ]) {
          expect(survives(line, secret), line).toBe(false);
        }
      }),
    );
  });
});

describe('tables and lists of rows', () => {
  it('reads the names above a row of column types as the header (DuckDB, the psql \\gx form)', () => {
    fc.assert(
      fc.property(token, fc.constantFrom('secret', 'password', 'api_key'), (secret, column) => {
        const table = [
          '┌──────────┬──────────────────────┐',
          `│   name   │ ${column.padEnd(20)} │`,
          '│ varchar  │ varchar              │',
          '├──────────┼──────────────────────┤',
          `│ raw_prod │ ${secret} │`,
          '└──────────┴──────────────────────┘',
        ].join('\n');
        expect(survives(table, secret)).toBe(false);
        expect(survives(table, 'raw_prod')).toBe(true);
      }),
    );
  });

  it('judges the rows of a list whose first row names the columns', () => {
    fc.assert(
      fc.property(password, fc.constantFrom('Password', 'api_key', 'Secret'), (secret, column) => {
        const values = [
          ['Vendor', 'Login', column],
          ['Acme Freight', 'ops@example.com', secret],
          ['Northbeam', 'ops@example.com', '(SSO)'],
        ];
        const sanitized = sanitizeValue({ range: 'Vendors!A1:C3', values }) as { values: string[][] };
        expect(asRead(sanitized)).not.toContain(secret);
        expect(sanitized.values[0]).toEqual(['Vendor', 'Login', column]);
        expect(sanitized.values[2]).toEqual(['Northbeam', 'ops@example.com', '(SSO)']);
      }),
    );
    expect(
      unchanged({
        values: [
          ['Vendor', 'Status'],
          ['Acme', 'active'],
        ],
      }),
    ).toBe(true);
  });
});

describe('templates, references and markers', () => {
  it('reads a .env template of placeholders as no environment dump, and a real dump as one', () => {
    for (const template of [
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a .env template's reference, written as text
      'OPENAI_API_KEY=<your-api-key>\nSTRIPE_SECRET_KEY=sk_live_xxxxxxxxxxxxxxxxxxxx\nDATABASE_URL=${DATABASE_URL}\nSENTRY_DSN=',
      'API_TOKEN=your-token-here\nWEBHOOK_SECRET=changeme\nSMTP_PASSWORD=****\nS3_BUCKET=my-bucket',
    ]) {
      expect(
        findLeaks(template).filter((leak) => leak.rule === 'environment-dump'),
        template,
      ).toEqual([]);
    }
    expect(findLeaks('DB_HOST=db-1\nDB_USER=app\nNODE_ENV=production').map((leak) => leak.rule)).toContain(
      'environment-dump',
    );
  });

  it('keeps references into a secret store, and markers written where a value was withheld', () => {
    for (const value of [
      { password: 'vault:secret/data/ledger#db_password', api_key: 'vault:secret/data/stripe#key' },
      { masterUserPassword: 'HIDDEN_DUE_TO_SECURITY_REASONS' },
    ]) {
      expect(unchanged(value), asRead(value)).toBe(true);
    }
  });

  it('reads a property list value by the <key> before it, and the key itself as a name', () => {
    fc.assert(
      fc.property(token, (secret) => {
        const plist = `<dict>\n  <key>APIToken</key>\n  <string>${secret}</string>\n  <key>CFBundleIdentifier</key>\n  <string>org.example.notes</string>\n</dict>`;
        expect(survives(plist, secret)).toBe(false);
        expect(survives(plist, '<key>CFBundleIdentifier</key>')).toBe(true);
        expect(survives(plist, 'org.example.notes')).toBe(true);
        // other XML writes a key itself in a `<key>` element, with no value element after it
        expect(
          survives(`<response status="success"><result><key>${secret}</key></result></response>`, secret),
        ).toBe(false);
      }),
    );
  });

  it('keeps names that describe a secret without holding one', () => {
    for (const text of [
      'credential.helper=osxkeychain',
      '[{"name":"cookie_consent","value":"analytics=0&marketing=0"}]',
      'ValidationError: "api_key" is required. "client_secret" must be a string.',
      '{"node_modules/axios":{"version":"1.7.7"}}',
      'AllowedIPs = 0.0.0.0/0, ::/0',
      '0.0.0.0:8080->80/tcp',
      'upstream app {\n  server 203.0.113.20:8080;\n}\nserver { location / { proxy_pass http://app; } }',
    ]) {
      expect(unchanged(text), text).toBe(true);
    }
    // a Helm chart names the keys of a Secret that exists already, not their values
    expect(
      unchanged({
        auth: {
          existingSecret: 'minio-root',
          rootUserSecretKey: 'root-user',
          rootPasswordSecretKey: 'root-password',
        },
      }),
    ).toBe(true);
    expect(
      survives({ s3SecretKey: 'wJalrXUtnFEMI4K7MDENGbPxRfiCY9q2' }, 'wJalrXUtnFEMI4K7MDENGbPxRfiCY9q2'),
    ).toBe(false);
    // the same shapes with what they hide still go
    expect(survives('TypeError: Cannot read properties of undefined', 'Cannot read')).toBe(false);
    expect(survives('server { location / { proxy_pass http://orders-svc; } }', 'orders-svc')).toBe(false);
    expect(survives('at /app/node_modules/pg/lib/client.js', '/app/node_modules/pg')).toBe(false);
    expect(
      survives('Gem::LoadError at vendor/bundle/ruby/3.2.0/gems/pg-1.5.4/lib/pg.rb', 'vendor/bundle'),
    ).toBe(false);
  });
});

describe('credentials in code, prose and data', () => {
  it('redacts a password passed to a database connection by position', () => {
    fc.assert(
      fc.property(password, (secret) => {
        for (const call of [
          `my $dbh = DBI->connect("dbi:Pg:dbname=ledger;host=db", "ledger_app", "${secret}", { RaiseError => 1 });`,
          `$db = mysqli_connect("db.example.com", "shop", "${secret}", "shop");`,
          `$pdo = new PDO("mysql:host=db;dbname=shop", "shop", "${secret}");`,
          `conn = DriverManager.getConnection(url, "app", "${secret}")`,
        ]) {
          expect(survives(call, secret), call).toBe(false);
        }
      }),
    );
    expect(unchanged('socket.connect("example.com", "443")')).toBe(true);
  });

  it('reads "password" in Vietnamese, Indonesian, Hindi and Arabic, with words before the value', () => {
    fc.assert(
      fc.property(password, (secret) => {
        for (const text of [
          `Mật khẩu tài khoản admin là "${secret}". Anh đổi lại sau nhé.`,
          `Kata sandinya ${secret} ya, jangan disebar.`,
          `सर्वर का पासवर्ड ${secret} है, लॉगिन के बाद बदल देना`,
          `كلمة المرور الخاصة بالخادم هي ${secret} — يرجى عدم مشاركتها`,
          `le mot de passe du compte de service est : ${secret}`,
        ]) {
          expect(survives(text, secret), text).toBe(false);
        }
      }),
    );
    for (const prose of [
      'Đổi mật khẩu thường xuyên để bảo mật tài khoản.',
      'Silakan atur ulang kata sandi Anda melalui tautan di email.',
    ]) {
      expect(unchanged(prose), prose).toBe(true);
    }
  });

  it('reads a dotted word and digits under a password name as a passphrase, not a property path', () => {
    fc.assert(
      fc.property(word, word, fc.integer({ min: 100, max: 99_999 }), (first, second, digits) => {
        const secret = `${first.charAt(0).toUpperCase()}${first.slice(1)}.${second}${digits}`;
        expect(survives(`password: ${secret}`, secret)).toBe(false);
      }),
    );
    expect(unchanged('password: config.db.password')).toBe(true);
  });

  it('redacts Firebase Cloud Messaging server keys and password hashes web frameworks store', () => {
    fc.assert(
      fc.property(
        seededSecret(TOKEN_ALPHABET, '', 7, 7),
        seededSecret(`${TOKEN_ALPHABET}-_`, '', 134, 134),
        seededSecret(TOKEN_ALPHABET, '', 22, 22),
        seededSecret(`${TOKEN_ALPHABET}+/`, '', 43, 43),
        (head, body, salt, hash) => {
          const key = `AAAA${head}:APA91b${body}`;
          expect(survives(`const _fcmServerKey = '${key}';`, key)).toBe(false);
          for (const stored of [
            `pbkdf2_sha256$870000$${salt}$${hash}=`,
            `pbkdf2:sha256:600000$${salt}$${hash}`,
            `scrypt:32768:8:1$${salt}$${hash}`,
          ]) {
            expect(survives(`admin;admin@example.com;${stored};1`, stored), stored).toBe(false);
          }
        },
      ),
    );
  });

  it("redacts the private keys of an Ethereum toolchain's network accounts, and no hash or address", () => {
    fc.assert(
      fc.property(seededSecret('0123456789abcdef', '', 64, 64), (hex) => {
        const key = `0x${hex}`;
        for (const config of [
          `module.exports = { networks: { sepolia: { url: process.env.RPC, accounts: ["${key}"] } } };`,
          `{"networks": {"dev": {"accounts": [\n  "${key}"\n]}}}`,
        ]) {
          expect(survives(config, key), config).toBe(false);
        }
        expect(unchanged(`{"transactionHash": "${key}", "accounts": ["0x${hex.slice(0, 40)}"]}`)).toBe(true);
      }),
    );
  });

  it('redacts a value that is a hyphenated service name and a port, and a seed phrase after a clause', () => {
    expect(survives({ upstreams: { ledger: 'ledger-writer:7508' } }, 'ledger-writer:7508')).toBe(false);
    expect(unchanged({ window: 'en-US', docs: 'docs.example.com:443' })).toBe(true);
    const phrase = 'beyond artist bid company bundle before bunker comic chuckle cheap artist cave';
    expect(
      survives(
        `here's the seed phrase for the test wallet, it's only got test coins on it: ${phrase}`,
        phrase,
      ),
    ).toBe(false);
  });
});
