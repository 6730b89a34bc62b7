const ESCAPES = '"\\/bfnrt';
const HEX = /^[0-9a-fA-F]{4}$/;

/** A scanned token: where it ends, or where it went wrong. */
type Scan = { end: number } | { error: number };

type Expect = 'value' | 'value-or-end' | 'key' | 'key-or-end' | 'after-value';

/**
 * Where a JSON text first goes wrong: the index of the offending character, `text.length` when
 * the text ends before it is complete, or -1 when it is valid. JSON.parse gives no position for
 * an unexpected token on current Node versions, so the boundary finds it itself, in one pass
 * with an explicit stack so that deep nesting cannot overflow.
 */
export function jsonErrorPosition(text: string): number {
  const containers: string[] = [];
  let expect: Expect = 'value';
  let index = 0;
  while (true) {
    while (index < text.length && ' \t\n\r'.includes(text[index]!)) index++;
    const character = text[index];
    if (expect === 'after-value') {
      const top = containers.at(-1);
      if (top === undefined) return character === undefined ? -1 : index;
      if (character === undefined) return index;
      if (character === ',') expect = top === '{' ? 'key' : 'value';
      else if (character === (top === '{' ? '}' : ']')) containers.pop();
      else return index;
      index++;
      continue;
    }
    if (character === undefined) return index;
    if ((expect === 'key-or-end' && character === '}') || (expect === 'value-or-end' && character === ']')) {
      containers.pop();
      expect = 'after-value';
      index++;
      continue;
    }
    if (expect === 'key' || expect === 'key-or-end') {
      if (character !== '"') return index;
      const key = scanString(text, index);
      if ('error' in key) return key.error;
      index = key.end;
      while (index < text.length && ' \t\n\r'.includes(text[index]!)) index++;
      if (index >= text.length) return index;
      if (text[index] !== ':') return index;
      expect = 'value';
      index++;
      continue;
    }
    if (character === '{' || character === '[') {
      containers.push(character);
      expect = character === '{' ? 'key-or-end' : 'value-or-end';
      index++;
      continue;
    }
    const value =
      character === '"'
        ? scanString(text, index)
        : character === '-' || (character >= '0' && character <= '9')
          ? scanNumber(text, index)
          : scanLiteral(text, index);
    if ('error' in value) return value.error;
    index = value.end;
    expect = 'after-value';
  }
}

function scanString(text: string, start: number): Scan {
  let index = start + 1;
  while (index < text.length) {
    const character = text[index]!;
    if (character === '"') return { end: index + 1 };
    if (character === '\\') {
      const escaped = text[index + 1];
      if (escaped === undefined) return { error: text.length };
      if (escaped === 'u') {
        const hex = text.slice(index + 2, index + 6);
        if (!HEX.test(hex))
          return { error: hex.length < 4 && /^[0-9a-fA-F]*$/.test(hex) ? text.length : index };
        index += 6;
      } else if (ESCAPES.includes(escaped)) index += 2;
      else return { error: index + 1 };
      continue;
    }
    if (character.charCodeAt(0) < 0x20) return { error: index };
    index++;
  }
  return { error: text.length };
}

function scanNumber(text: string, start: number): Scan {
  let index = start;
  const digits = (): number => {
    const from = index;
    while (index < text.length && text[index]! >= '0' && text[index]! <= '9') index++;
    return index - from;
  };
  const required = (): Scan | undefined => {
    if (index >= text.length) return { error: text.length };
    return digits() === 0 ? { error: index } : undefined;
  };
  if (text[index] === '-') index++;
  if (text[index] === '0') index++;
  else {
    const failed = required();
    if (failed) return failed;
  }
  if (text[index] === '.') {
    index++;
    const failed = required();
    if (failed) return failed;
  }
  if (text[index] === 'e' || text[index] === 'E') {
    index++;
    if (text[index] === '+' || text[index] === '-') index++;
    const failed = required();
    if (failed) return failed;
  }
  return { end: index };
}

function scanLiteral(text: string, start: number): Scan {
  const literal = ['true', 'false', 'null'].find((word) => word[0] === text[start]);
  if (literal === undefined) return { error: start };
  for (let offset = 0; offset < literal.length; offset++) {
    const index = start + offset;
    if (index >= text.length) return { error: text.length };
    if (text[index] !== literal[offset]) return { error: index };
  }
  return { end: start + literal.length };
}
