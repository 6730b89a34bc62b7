/**
 * The keyword prefilter: the words a reader's pattern cannot match without, searched for all at
 * once. A short text is searched once for every word of every reader, and a reader whose words
 * it lacks does not search it at all. Most strings of tool data are short and hold none of them,
 * and entering a pattern's search (or a search for one word) costs about as much as searching
 * for all the words together, so the cost of a string no longer grows with each reader gated.
 */

/** The words one reader needs: every match of its pattern holds at least one of them, in any case. */
export interface Keywords {
  readonly words: readonly string[];
  /** This set's bit in the answer of {@link keywordsIn}. */
  readonly bit: number;
}

/** A pattern and the words each of its matches holds, for the test that no gate hides a match. */
export type PatternGate = readonly [pattern: RegExp, keywords: Keywords];

/**
 * The longest text that is gated. A longer one is read by every reader, as it was before the
 * prefilter: on a long text each reader's own search is a small part of its cost.
 */
const GATED_LENGTH = 2_048;

/** The answer for a text that is not gated: every set held. */
const EVERY_SET = -1;

const registered: Keywords[] = [];
let prefilter: { pattern: RegExp; bitsOf: Map<string, number> } | undefined;

/**
 * Registers the words a reader's pattern needs (each of at least two characters, in lower case,
 * matched without regard to ASCII case as a pattern with the `i` flag matches them). At most 31
 * sets, one bit each.
 */
export function keywords(...words: string[]): Keywords {
  if (registered.length >= 31) throw new Error('toolbound: at most 31 keyword sets can be registered');
  for (const word of words) {
    if (word.length < 2 || word !== word.toLowerCase())
      throw new Error(`toolbound: a keyword must be two characters or more, in lower case: ${word}`);
  }
  const set: Keywords = { words, bit: 1 << registered.length };
  registered.push(set);
  prefilter = undefined;
  return set;
}

function escaped(word: string): string {
  return word.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
}

/**
 * One pattern for every word, longest first, so that where several words start at one place the
 * longest is the one matched; each word then stands for every set of any word it starts with.
 */
function buildPrefilter(): { pattern: RegExp; bitsOf: Map<string, number> } {
  const words = [...new Set(registered.flatMap((set) => set.words))].sort(
    (left, right) => right.length - left.length,
  );
  const bitsOf = new Map<string, number>();
  for (const word of words) {
    let bits = 0;
    for (const set of registered) if (set.words.some((listed) => word.startsWith(listed))) bits |= set.bit;
    bitsOf.set(word, bits);
  }
  return { pattern: new RegExp(words.map(escaped).join('|'), 'gi'), bitsOf };
}

/**
 * Which keyword sets `text` holds, as bits (see {@link holds}): every set for a text too long to
 * gate. Every place is searched (the search resumes one character after each match), so a word
 * that starts inside another is found too.
 */
export function keywordsIn(text: string): number {
  if (text.length > GATED_LENGTH) return EVERY_SET;
  prefilter ??= buildPrefilter();
  const { pattern, bitsOf } = prefilter;
  let held = 0;
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    held |= bitsOf.get(match[0].toLowerCase()) ?? EVERY_SET;
    pattern.lastIndex = match.index + 1;
  }
  return held;
}

/** Whether a text whose {@link keywordsIn} answer is `held` can hold a match of a pattern that needs `set`. */
export function holds(held: number, set: Keywords): boolean {
  return (held & set.bit) !== 0;
}
