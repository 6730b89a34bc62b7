import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sanitizeValue } from '../../src/sanitize/sanitize-value.js';
import { PASSWORD_ALPHABET, seededSecret } from '../helpers/seeded-secrets.js';

const password = seededSecret(PASSWORD_ALPHABET, 'Pw7', 6, 20);
const user = fc.constantFrom('relay@acme.io', 'alerts', 'backup-svc');
const base64 = (text: string) => Buffer.from(text).toString('base64');

describe('credentials in mail and file protocol transcripts', () => {
  it('redacts AUTH PLAIN, the answer to AUTH LOGIN, IMAP LOGIN and FTP PASS, and keeps the rest', () => {
    fc.assert(
      fc.property(user, password, (name, secret) => {
        const transcripts: [string, string][] = [
          [
            `S: 250-AUTH PLAIN LOGIN\nC: AUTH PLAIN ${base64(`\0${name}\0${secret}`)}\nS: 235 ok`,
            base64(`\0${name}\0${secret}`),
          ],
          [
            `C: AUTH LOGIN\nS: 334 VXNlcm5hbWU6\nC: ${base64(name)}\nS: 334 UGFzc3dvcmQ6\nC: ${base64(secret)}\nS: 235 ok`,
            base64(secret),
          ],
          [`a001 LOGIN ${name} ${secret}\na001 OK LOGIN completed`, secret],
          [`USER ${name}\n331 Password required\nPASS ${secret}\n230 Logged in`, secret],
          // a log that stamps each line, as PHPMailer's debug output does
          [
            `03:59:24 SERVER -> CLIENT: 334 UGFzc3dvcmQ6\n03:59:24 CLIENT -> SERVER: ${base64(secret)}\n03:59:24 SERVER -> CLIENT: 235 ok`,
            base64(secret),
          ],
          // Python imaplib's debug output: a tag of letters and digits, the bytes quoted, the password too
          [`  26:36.67 > b'VAH51 LOGIN ${name} "${secret}"'\n  26:36.70 < b'VAH51 OK Logged in'`, secret],
        ];
        for (const [transcript, hidden] of transcripts) {
          const out = String(sanitizeValue(transcript));
          expect(out, transcript).not.toContain(hidden);
          expect(out, transcript).toContain(transcript.slice(transcript.lastIndexOf('\n') + 1));
        }
      }),
    );
  });

  it('keeps test runner output and an EHLO reply', () => {
    for (const text of [
      'PASS  src/app.test.js\nPASS src/components/Button.test.tsx (5.2 s)\nFAIL tests/test_api.py',
      '250-AUTH PLAIN LOGIN CRAM-MD5\n250 HELP',
    ]) {
      expect(sanitizeValue(text), text).toBe(text);
    }
  });

  it('redacts an API key and its secret written as one pair', () => {
    const pair = 'QDGHA2TVGC3A11VV:cu0lebygPumxCbuaZ9yPnkhAcfrY28jDn+i469NTznlEPR4sbr2jncVmcRqoRXQD';
    expect(String(sanitizeValue(`bootstrap ok; credentials ${pair}`))).toBe(
      'bootstrap ok; credentials [redacted]',
    );
  });
});

describe('session ids in store keys, and .pgpass lines', () => {
  it('redacts the id a session store files a session under, and the password of a .pgpass line', () => {
    fc.assert(
      fc.property(
        seededSecret(PASSWORD_ALPHABET.replace(/[!#]/g, ''), 's3', 24, 60),
        password,
        (id, secret) => {
          for (const [text, hidden] of [
            [`redis> GET "sess:${id}"`, id],
            [`DEL PHPREDIS_SESSION:${id}`, id],
            [`~/.pgpass:\ndb-main.internal:5432:*:reporting:${secret}`, secret],
            [`*:*:orders:app:${secret}`, secret],
          ] as const) {
            expect(String(sanitizeValue(text)), text).not.toContain(hidden);
          }
        },
      ),
    );
    // a key that names a setting, a time, and a placeholder password stay
    expect(sanitizeValue('session:user_preferences_dark_mode')).toBe('session:user_preferences_dark_mode');
    expect(sanitizeValue('at 12:30:00:15 the job ran')).toBe('at 12:30:00:15 the job ran');
    expect(String(sanitizeValue('localhost:5432:*:postgres:changeme'))).toContain(':postgres:changeme');
  });
});
