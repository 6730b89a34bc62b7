/**
 * Shannon entropy of `text` in bits per character, as secret scanners use it to tell a random
 * token ("x8Kq2vLp9...") from a word ("production"). Linear in the length of the text.
 */
export function shannonEntropyBitsPerCharacter(text: string): number {
  if (text.length === 0) return 0;
  const counts = new Map<number, number>();
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  let entropy = 0;
  for (const count of counts.values()) {
    const probability = count / text.length;
    entropy -= probability * Math.log2(probability);
  }
  return entropy;
}
