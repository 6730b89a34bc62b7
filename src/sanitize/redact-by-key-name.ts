import { isPlaceholderValue } from './rules/placeholders.js';
import { describesValue } from './rules/plain-secret-values.js';
import { type KeyStrength, keyStrength } from './rules/secret-key-names.js';

/** Short enum-like words that a secret-named key may hold without holding a secret: `bearer`, `active`. */
const ENUM_LIKE = /^[a-z]+(?:[_-][a-z]+){0,2}$/;
const ENUM_LIKE_LENGTH = 12;

const strengthCache = new Map<string, KeyStrength>();
const CACHE_LIMIT = 4096;

/**
 * How strongly a property name announces a credential, cached because data repeats its keys.
 * Only `password` and `secret` strengths redact by name; a provider's name alone does not.
 */
export function secretKeyStrength(key: string): KeyStrength {
  let strength = strengthCache.get(key);
  if (strength === undefined) {
    strength = keyStrength(key);
    if (strengthCache.size >= CACHE_LIMIT) strengthCache.clear();
    strengthCache.set(key, strength);
  }
  return strength === 'provider' ? 'none' : strength;
}

/**
 * Whether a string under a secret-named key (`password`, `api_key`, `client_secret`, `token`,
 * `Authorization`, `cookie`, `dsn`, …) must be redacted whatever it looks like. Values that
 * cannot be credentials stay: empty strings, placeholders (`***`, `<your-token>`, `${VAR}`),
 * words that describe the value under a name that says it holds a secret (`required`), and short
 * enum-like words under other secret-named keys (`bearer`, `active`, `none`).
 */
export function isSecretByKeyName(strength: KeyStrength, value: string): boolean {
  if (strength === 'none') return false;
  const trimmed = value.trim();
  if (trimmed.length === 0 || isPlaceholderValue(trimmed)) return false;
  if (strength === 'password') return true;
  // a name that says it holds a secret (`client_secret`, `api_key`) takes a plain word too, unless
  // the word describes the value (`required`, `encrypted`)
  if (strength === 'explicit' || strength === 'provider-secret') return !describesValue(trimmed);
  return !(trimmed.length <= ENUM_LIKE_LENGTH && ENUM_LIKE.test(trimmed));
}

/** The regular expressions above, for the ReDoS check. */
export const KEY_NAME_VALUE_PATTERNS: readonly RegExp[] = [ENUM_LIKE];
