import { createHash } from 'node:crypto';
import type { Found } from '../leak-rule.js';
import { eachMatch } from '../text-scan.js';
import { BIP39_ENGLISH } from './bip39-english.js';

/** Each word of the list and its index: the 11 bits it encodes. */
const WORD_INDEX: ReadonlyMap<string, number> = new Map(BIP39_ENGLISH.map((word, index) => [word, index]));

/** A word as the list writes them: three to eight lower-case letters. */
const LIST_WORD = /(?<![A-Za-z])[a-z]{3,8}(?![A-Za-z])/g;
/** What may part two words of a phrase: blanks, commas, quotes, and a wallet's numbering (`1. `, `2) `). */
const PHRASE_GAP = /^[\s,"'[\]]{0,4}(?:\d{1,2}[.):]?[\s"']{1,3})?$/;
/** Words that say a phrase restores a wallet, in the text before it. */
const PHRASE_WORDS =
  /mnemonic|seed|recovery|backup|phrase|wallet|words|助记词|助記詞|ニーモニック|semilla|frase|graine/i;
/** How far before a phrase such a word is looked for. */
const PHRASE_CONTEXT = 400;
/** Twelve words of three to eight lower-case letters, parted as {@link PHRASE_GAP} may part them. */
// each word whole (the look-arounds), so that no run is tried from inside a word or at each of its lengths
const PHRASE_CANDIDATE = /(?<![A-Za-z])[a-z]{3,8}(?![A-Za-z])(?:[^A-Za-z]{1,10}[a-z]{3,8}(?![A-Za-z])){11}/;
/** The longest text the candidate search is run on first. */
const CANDIDATE_REACH = 4096;

/** Every pattern above, for the linear-time audit. */
export const RECOVERY_PHRASE_PATTERNS: readonly RegExp[] = [
  LIST_WORD,
  PHRASE_GAP,
  PHRASE_WORDS,
  PHRASE_CANDIDATE,
];

/** Words off the list a phrase may hold when the text before it says what it is. */
const MISSES_ALLOWED = 2;
/** The lengths BIP 39 allows, in words. */
const PHRASE_LENGTHS = new Set([12, 15, 18, 21, 24]);

/**
 * Wallet recovery phrases: twelve or more words in a row, all from BIP 39's English list. Such a
 * run is a phrase when its length is one BIP 39 allows and its last word carries the checksum
 * of the rest, or when the text before it speaks of a mnemonic, a seed or a recovery phrase.
 * Prose seldom strings twelve list words together (`the`, `of`, `is` and `and` are not on it),
 * and a list of fruit or colours that does has neither. Each word is looked up once.
 */
export function findRecoveryPhrases(text: string, found: Found): void {
  if (text.length < 12 * 4) return;
  // one native search tells the usual text, which has no twelve such words in a row, at once;
  // a long text is read word by word straight away, since the search may read each run twelve times
  if (text.length <= CANDIDATE_REACH && !PHRASE_CANDIDATE.test(text)) return;
  let runStart = -1;
  let runEnd = -1;
  let words: number[] = [];
  let misses = 0;
  // where the last word read ends, on the list or not
  let lastEnd = 0;
  const close = () => {
    // a word off the list ends the run when it is its last
    while (words.length > 0 && words[words.length - 1] === -1) {
      words.pop();
      misses -= 1;
    }
    if (words.length >= 12 && isRecoveryPhrase(text, runStart, words, misses)) found(runStart, runEnd);
    runStart = -1;
    words = [];
    misses = 0;
  };
  eachMatch(LIST_WORD, text, (match) => {
    if (runStart !== -1 && !PHRASE_GAP.test(text.slice(lastEnd, Math.min(match.index, lastEnd + 12))))
      close();
    lastEnd = match.index + match[0].length;
    const index = WORD_INDEX.get(match[0]);
    if (index === undefined) {
      // a phrase copied by hand may hold a word or two that is not on the list
      if (runStart === -1 || misses === MISSES_ALLOWED) close();
      else {
        misses += 1;
        words.push(-1);
      }
      return;
    }
    if (runStart === -1) runStart = match.index;
    // past 48 words the run is read no further: a longer one is no phrase and need not be kept
    if (words.length < 48) words.push(index);
    runEnd = lastEnd;
  });
  close();
}

function isRecoveryPhrase(text: string, start: number, words: readonly number[], misses: number): boolean {
  if (PHRASE_WORDS.test(text.slice(Math.max(0, start - PHRASE_CONTEXT), start))) return true;
  return misses === 0 && PHRASE_LENGTHS.has(words.length) && hasValidChecksum(words);
}

/**
 * Whether the phrase's last bits are the start of the SHA-256 of the entropy before them, as
 * BIP 39 writes it: 11 bits a word, of which one bit in 33 is checksum.
 */
function hasValidChecksum(words: readonly number[]): boolean {
  const bits = words.length * 11;
  const checksumBits = bits / 33;
  const entropy = Buffer.alloc(((bits - checksumBits) / 8) | 0);
  let bit = 0;
  let checksum = 0;
  for (const word of words) {
    for (let place = 10; place >= 0; place -= 1, bit += 1) {
      const value = (word >> place) & 1;
      if (bit < bits - checksumBits) {
        if (value === 1) entropy[bit >> 3]! |= 0x80 >> (bit & 7);
      } else checksum = (checksum << 1) | value;
    }
  }
  const digest = createHash('sha256').update(entropy).digest();
  return digest[0]! >> (8 - checksumBits) === checksum;
}
