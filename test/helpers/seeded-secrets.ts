import fc from 'fast-check';

/** The characters of an issued token: letters and digits. */
export const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** The characters of a typed password: letters without look-alikes, digits and a few symbols. */
export const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789-!#';

/**
 * A secret of `prefix` then `minLength` to `maxLength` characters of `alphabet`, drawn from a seed
 * so that shrinking cannot turn it into `aaaa…`, which is rightly read as a placeholder. The
 * prefix gives every draw the letters and the digit a real secret has.
 */
export function seededSecret(
  alphabet: string,
  prefix: string,
  minLength: number,
  maxLength: number,
): fc.Arbitrary<string> {
  return fc.tuple(fc.integer(), fc.integer({ min: minLength, max: maxLength })).map(([seed, length]) => {
    let state = seed >>> 0;
    let body = '';
    for (let index = 0; index < length; index += 1) {
      state = (Math.imul(state ^ (state >>> 15), 2_246_822_507) + 0x9e3779b9) >>> 0;
      body += alphabet.charAt(state % alphabet.length);
    }
    return `${prefix}${body}`;
  });
}
