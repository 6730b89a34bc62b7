import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodedView,
  decodedWindows,
  originalSpan,
  quotedPrintableView,
} from '../../src/sanitize/decoded-view.js';
import { findLeaks } from '../../src/sanitize/find-leaks.js';
import { redactText } from '../../src/sanitize/redact-text.js';
import { sanitizeValue } from '../../src/sanitize/sanitize-value.js';
import { PASSWORD_ALPHABET, seededSecret, TOKEN_ALPHABET } from '../helpers/seeded-secrets.js';

const word = fc.stringMatching(/^[a-z][a-z0-9]{2,10}$/);
const password = fc
  .stringMatching(/^[A-Za-z0-9]{10,20}$/)
  .filter((value) => /\d/.test(value) && /[A-Z]/.test(value));
const scheme = fc.constantFrom('postgres', 'postgresql', 'mysql', 'mongodb', 'redis', 'amqp', 'https');
const host = fc.constantFrom('db.internal', 'cache-1', 'orders-db.prod.example.net', '10.0.4.12', 'pg-main');

const dsn = fc
  .record({ scheme, user: word, password, host, port: fc.integer({ min: 1024, max: 65535 }), path: word })
  .map((parts) => ({
    ...parts,
    text: `${parts.scheme}://${parts.user}:${parts.password}@${parts.host}:${parts.port}/${parts.path}`,
  }));

/** The ways a tool's output re-encodes a connection string before it reaches the model. */
const encodings: Record<string, (text: string) => string> = {
  'JSON-escaped slashes': (text) => text.replaceAll('/', '\\/'),
  'a JSON string inside a JSON string': (text) =>
    JSON.stringify(JSON.stringify({ dsn: text.replaceAll('/', '\\/') })),
  'percent-encoded': (text) => encodeURIComponent(text),
  'unicode escapes': (text) =>
    text.replace(/[:/@]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`),
};

describe('encoded forms', () => {
  for (const [name, encode] of Object.entries(encodings)) {
    it(`finds a connection string ${name}, and redacts its password`, () => {
      fc.assert(
        fc.property(dsn, fc.constantFrom('see ', 'dsn=', '{"url":"', 'failed: '), (parts, before) => {
          const text = `${before}${encode(parts.text)} then more`;
          const redacted = redactText(text).text;
          expect(redacted).not.toContain(parts.password);
        }),
      );
    });
  }

  it('finds a base64 connection string whatever name or separator sits before it', () => {
    fc.assert(
      fc.property(
        dsn,
        fc.constantFrom('base64', 'base64url') as fc.Arbitrary<BufferEncoding>,
        fc.constantFrom('dsn=', 'DATABASE_URL=', '{"url":"', 'secret_value-', 'conn_string_', 'b64: ', ''),
        (parts, encoding, before) => {
          const encoded = Buffer.from(parts.text).toString(encoding);
          const redacted = redactText(`${before}${encoded}&next=1`).text;
          expect(redacted).not.toContain(encoded.slice(8, 32));
          expect(redacted).toContain('&next=1');
        },
      ),
    );
  });

  it('redacts a password holding quotes or backslashes, in JSON and in JSON inside a JSON string', () => {
    // passwords hold such characters; issued tokens never do
    const special = fc.constantFrom('"', '\\', "'", '\\"');
    const secret = fc
      .tuple(password, special, password)
      .map(([head, middle, tail]) => `${head.slice(0, 6)}${middle}${tail.slice(0, 8)}`);
    fc.assert(
      fc.property(secret, fc.constantFrom('password', 'db_password', 'passphrase'), (value, key) => {
        const once = JSON.stringify({ user: 'ops', [key]: value, status: 401 });
        const twice = JSON.stringify({ detail: once });
        for (const text of [once, twice]) {
          const redacted = redactText(text).text;
          for (const part of [value.slice(0, 6), value.slice(-8)]) expect(redacted, text).not.toContain(part);
          expect(redacted, text).toContain('ops');
        }
      }),
    );
  });

  it('maps every decoded character back to the escape it came from', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom('a', '/', '\\/', '%2F', '%41', '\\n', '\\"', '\\u0041', '%', '\\'),
        }),
        (text) => {
          const view = decodedView(text);
          if (view === undefined) return;
          expect(view.origins.length).toBe(view.text.length + 1);
          for (let index = 0; index < view.text.length; index += 1) {
            const { start, end } = originalSpan(view, index, index + 1);
            expect(end).toBeGreaterThan(start);
            expect(end - start).toBeLessThanOrEqual(6 ** 3);
          }
          expect(originalSpan(view, 0, view.text.length)).toEqual({ start: 0, end: text.length });
        },
      ),
    );
  });

  it('leaves text without those escapes alone, and decodes only printable ASCII', () => {
    expect(decodedView('plain text, 50% off')).toBeUndefined();
    expect(decodedView('a%0Ab')).toBeUndefined();
    expect(decodedView('caf%C3%A9')).toBeUndefined();
    expect(decodedView('line\\nbreak')).toBeUndefined();
    expect(decodedView('a%2Fb\\nc')?.text).toBe('a/b\nc');
    expect(findLeaks('Search for caf%C3%A9 and 50%25 off')).toEqual([]);
  });

  it('decodes only around the escapes of a long text, and still finds what is there', () => {
    fc.assert(
      fc.property(dsn, fc.integer({ min: 0, max: 1_000_000 }), (parts, position) => {
        const filler = 'plain words and numbers 12 34 '.repeat(34_000);
        const escaped = parts.text.replaceAll('/', '\\/');
        const text = `${filler.slice(0, position)} ${escaped} ${filler.slice(position)}`;
        const windows = decodedWindows(text);
        expect(windows).toHaveLength(1);
        expect(windows[0]?.view.text.length).toBeLessThan(escaped.length + 2 * 1_024 + 2);
        expect(redactText(text).text).not.toContain(parts.password);
      }),
      { numRuns: 10 },
    );
  });
});

/**
 * Quoted-printable as RFC 2045 writes it: bytes outside printable ASCII, and `=`, as `=XX`;
 * lines folded before 76 characters with a soft break (`=` at the end of the line).
 */
function quotedPrintable(text: string, width = 76): string {
  const lines: string[] = [];
  for (const line of text.split('\n')) {
    let encoded = '';
    for (const byte of Buffer.from(line, 'utf8')) {
      encoded +=
        byte === 0x3d || byte > 0x7e || (byte < 0x20 && byte !== 0x09)
          ? `=${byte.toString(16).toUpperCase().padStart(2, '0')}`
          : String.fromCharCode(byte);
    }
    let folded = '';
    while (encoded.length > width - 1) {
      let cut = width - 1;
      // an `=XX` is never split by the fold
      const lastEscape = encoded.lastIndexOf('=', cut - 1);
      if (lastEscape > cut - 3) cut = lastEscape;
      folded += `${encoded.slice(0, cut)}=\n`;
      encoded = encoded.slice(cut);
    }
    lines.push(folded + encoded);
  }
  return lines.join('\n');
}

describe('quoted-printable mail bodies', () => {
  const typed = seededSecret(PASSWORD_ALPHABET, 'Qp7=', 8, 16);
  const token = seededSecret(TOKEN_ALPHABET, 'sk_live_51', 60, 90);
  const prose = fc.constantFrom(
    (secret: string) => `Ihr temporäres Passwort für das Kundenportal lautet: ${secret}`,
    (secret: string) => `Votre mot de passe à usage unique : ${secret}`,
    (secret: string) => `Uusi salasana on ${secret} – vaihda se heti.`,
    (secret: string) => `password: ${secret}`,
  );
  const header = fc.constantFrom(
    'Content-Type: text/plain; charset="utf-8"\nContent-Transfer-Encoding: quoted-printable\n\n',
    'Content-Transfer-Encoding: QUOTED-PRINTABLE\n\n',
  );

  it('finds a password in prose, and a token the mailer folded, with or without the header', () => {
    fc.assert(
      fc.property(typed, token, prose, header, fc.boolean(), (secret, key, sentence, head, withHeader) => {
        const body = quotedPrintable(`Hallo Lena, grüße!\n${sentence(secret)}\nkey:\n${key}\nDanke`);
        const text = withHeader ? head + body : body;
        const redacted = redactText(text).text;
        const encoded = quotedPrintable(secret);
        // what of the password and the token is left in any line once decoded
        const plain = quotedPrintableView(redacted)?.text ?? redacted;
        expect(plain, text).not.toContain(secret);
        expect(redacted, text).not.toContain(encoded);
        expect(plain, text).not.toContain(key.slice(0, 40));
        expect(plain, text).not.toContain(key.slice(-20));
      }),
    );
  });

  it('maps every decoded character back to its bytes, and reads nothing as a byte in other text', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom('a', '=', '=3D', '=C3=A4', '=F0=9F=94=91', '=\n', '=\r\n', '=C3', '\n'),
        }),
        (text) => {
          const view = quotedPrintableView(text);
          if (view === undefined) return;
          expect(view.origins.length).toBe(view.text.length + 1);
          // in order, each character from its own bytes (a surrogate pair's halves share theirs),
          // and a soft break belongs to the character after it
          for (let index = 0; index < view.text.length; index += 1) {
            const { start, end } = originalSpan(view, index, index + 1);
            expect(end).toBeGreaterThanOrEqual(start);
          }
          expect(originalSpan(view, 0, view.text.length).end).toBe(text.length);
          expect(view.text).not.toMatch(/=(?:3D|C3=A4)/);
        },
      ),
    );
    expect(quotedPrintableView('f=C3=BCr =F0=9F=94=91 a=3Db long=\nline')?.text).toBe('für 🔑 a=b longline');
    // no header and no two-byte character: `=XX` is an assignment, not a byte
    for (const text of ['port=5432 WIDTH=80 level=4F', 'x=C3 y=A4', 'eyJhbGciOi==\nabc'])
      expect(decodedWindows(text).some((window) => window.offset === 0 && window.view.text !== text)).toBe(
        false,
      );
  });
});

describe('hex-encoded secrets', () => {
  const typed = seededSecret(PASSWORD_ALPHABET, 'Pw7', 8, 20);
  const hex = (text: string, upper: boolean) => {
    const encoded = Buffer.from(text).toString('hex');
    return upper ? encoded.toUpperCase() : encoded;
  };

  it('redacts a hex run that decodes to a credential or a connection string, in either case', () => {
    fc.assert(
      fc.property(typed, fc.boolean(), (secret, upper) => {
        for (const plain of [`postgres://app:${secret}@db.internal:5432/app`, `DB_PASSWORD=${secret}`]) {
          const encoded = hex(plain, upper);
          expect(String(sanitizeValue(`$ echo ${encoded} | xxd -r -p`))).not.toContain(encoded);
        }
      }),
    );
  });

  it('keeps digests and ids, which decode to no text', () => {
    for (const text of [
      'sha256: 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
      'commit 4b825dc642cb6eb9a060e54bf8d69288fbee4904',
      `payload ${hex('hello from the build server, all good', false)}`,
    ]) {
      expect(sanitizeValue(text), text).toBe(text);
    }
  });
});
