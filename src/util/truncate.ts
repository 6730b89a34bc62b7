/**
 * Cuts `text` to at most `maxCharacters` UTF-16 units and marks the cut with `marker`. The cut
 * never splits a surrogate pair, so the result is always well-formed text.
 */
export function truncate(text: string, maxCharacters: number, marker = '…'): string {
  if (text.length <= maxCharacters) return text;
  let end = maxCharacters;
  const last = text.charCodeAt(end - 1);
  if (last >= HIGH_SURROGATE_FIRST && last <= HIGH_SURROGATE_LAST) end -= 1; // keep the pair whole
  return `${text.slice(0, end)}${marker}`;
}

const HIGH_SURROGATE_FIRST = 0xd800;
const HIGH_SURROGATE_LAST = 0xdbff;
