/** UTF-16 code units the scanners compare against, by name rather than by number. */
export const CODE = {
  TAB: 9,
  NEWLINE: 10,
  CARRIAGE_RETURN: 13,
  SPACE: 32,
  EXCLAMATION: 33,
  DOUBLE_QUOTE: 34,
  HASH: 35,
  DOLLAR: 36,
  PERCENT: 37,
  AMPERSAND: 38,
  SINGLE_QUOTE: 39,
  OPEN_PAREN: 40,
  CLOSE_PAREN: 41,
  ASTERISK: 42,
  PLUS: 43,
  COMMA: 44,
  HYPHEN: 45,
  DOT: 46,
  SLASH: 47,
  DIGIT_0: 48,
  DIGIT_8: 56,
  DIGIT_9: 57,
  COLON: 58,
  SEMICOLON: 59,
  LESS_THAN: 60,
  EQUALS: 61,
  GREATER_THAN: 62,
  QUESTION: 63,
  AT: 64,
  UPPER_A: 65,
  UPPER_F: 70,
  UPPER_Z: 90,
  OPEN_BRACKET: 91,
  BACKSLASH: 92,
  CLOSE_BRACKET: 93,
  UNDERSCORE: 95,
  BACKTICK: 96,
  LOWER_A: 97,
  LOWER_C: 99,
  LOWER_D: 100,
  LOWER_E: 101,
  LOWER_F: 102,
  LOWER_N: 110,
  LOWER_R: 114,
  LOWER_Z: 122,
  OPEN_BRACE: 123,
  PIPE: 124,
  CLOSE_BRACE: 125,
  TILDE: 126,
  /** `：`, which Chinese and Japanese text writes after a name. */
  FULLWIDTH_COLON: 0xff1a,
} as const;

/** `0`-`9`. */
export function isDigit(code: number): boolean {
  return code >= CODE.DIGIT_0 && code <= CODE.DIGIT_9;
}

/** `A`-`Z`. */
export function isUpper(code: number): boolean {
  return code >= CODE.UPPER_A && code <= CODE.UPPER_Z;
}

/** `a`-`z`. */
export function isLower(code: number): boolean {
  return code >= CODE.LOWER_A && code <= CODE.LOWER_Z;
}

/** ASCII letters and digits. */
export function isAlphanumeric(code: number): boolean {
  return isDigit(code) || isUpper(code) || isLower(code);
}

/** Hexadecimal digits of either case. */
export function isHex(code: number): boolean {
  return (
    isDigit(code) ||
    (code >= CODE.LOWER_A && code <= CODE.LOWER_F) ||
    (code >= CODE.UPPER_A && code <= CODE.UPPER_F)
  );
}

/** The value of one hex digit (a code {@link isHex} accepts). */
export function hexValue(code: number): number {
  return code <= CODE.DIGIT_9 ? code - CODE.DIGIT_0 : (code | 0x20) - 87;
}

/** The value of `count` hex digits at `index`, or -1 when they are not all hex digits. */
export function hexAt(text: string, index: number, count: number): number {
  if (index + count > text.length) return -1;
  let value = 0;
  for (let offset = 0; offset < count; offset += 1) {
    const code = text.charCodeAt(index + offset);
    if (!isHex(code)) return -1;
    value = value * 16 + hexValue(code);
  }
  return value;
}

/** A quote that can open a string literal: `"`, `'` or a backtick. */
export function isQuote(code: number): boolean {
  return code === CODE.DOUBLE_QUOTE || code === CODE.SINGLE_QUOTE || code === CODE.BACKTICK;
}

/** A 128-entry table of the ASCII codes that satisfy `accepts`, for scanners on hot loops. */
export function asciiTable(accepts: (code: number) => boolean): Uint8Array {
  const table = new Uint8Array(128);
  for (let code = 0; code < 128; code += 1) table[code] = accepts(code) ? 1 : 0;
  return table;
}
