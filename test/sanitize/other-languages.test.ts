import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sanitizeValue } from '../../src/sanitize/sanitize-value.js';
import { PASSWORD_ALPHABET, seededSecret } from '../helpers/seeded-secrets.js';

const password = seededSecret(PASSWORD_ALPHABET, 'Pw7', 5, 16);

/** "Password" as configuration and logs write it in other languages, with their own letters. */
const passwordWord = fc.constantFrom(
  'contraseña',
  'Contraseña',
  'hasło',
  'lösenord',
  'şifre',
  'jelszó',
  'пароль',
  'Пароль',
  'κωδικός',
  '密码',
  '密碼',
  'パスワード',
  '비밀번호',
);

describe('password names outside ASCII', () => {
  it('redact the value after them, in text with any separator and in returned data', () => {
    fc.assert(
      fc.property(
        passwordWord,
        fc.constantFrom(': ', '=', ' = ', '：'),
        password,
        (word, separator, secret) => {
          const line = `usuario: ventas\n${word}${separator}${secret}\nhost: shop`;
          const out = String(sanitizeValue(line));
          expect(out, line).not.toContain(secret);
          expect(out, line).toContain('usuario: ventas');
          expect(JSON.stringify(sanitizeValue({ user: 'ventas', [word]: secret }))).not.toContain(secret);
        },
      ),
    );
  });

  it('redact a password that a sentence in another language gives', () => {
    fc.assert(
      fc.property(password, (secret) => {
        for (const sentence of [
          `Le mot de passe de l'utilisateur « facturation » est : ${secret}`,
          `Das Passwort für den Benutzer lautet ${secret}`,
          `La contraseña del usuario es ${secret}`,
          `Hasło do konta jest ${secret}`,
          `Ваш пароль: ${secret}`,
        ]) {
          expect(String(sanitizeValue(sentence)), sentence).not.toContain(secret);
        }
      }),
    );
    for (const sentence of [
      'Votre mot de passe expire dans 30 jours.',
      'La contraseña debe tener 8 caracteres',
      'Das Passwort ist falsch.',
    ]) {
      expect(sanitizeValue(sentence), sentence).toBe(sentence);
    }
  });

  it('leave other keys in those languages alone', () => {
    for (const line of [
      'descripción: Una tienda en Madrid',
      'nombre: José García',
      'Größe: 42',
      '用户名：张三',
      'имя: Иван Петров',
      'città: Firenze-2024',
    ]) {
      expect(sanitizeValue(line), line).toBe(line);
    }
  });
});
