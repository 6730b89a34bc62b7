import type { LeakSpan } from './leak-rule.js';

/**
 * What the sanitiser remembers for the length of one scan (see {@link openScan}):
 *
 * - **Verdicts on short values.** Text dense with secret names repeats its values (a listing, a
 *   table, a log with `password: …` on every line), and deciding whether a value can be a
 *   credential costs microseconds of placeholder and entropy checks. Remembered, each distinct
 *   value is decided once.
 * - **The spans of the last few long texts.** A value is first checked whole and, when something
 *   in it leaks, walked again to redact it: the string that leaked would be scanned twice, and a
 *   last pass over rendered content reads strings the first pass has just read.
 *
 * The memory is emptied when the outermost scan ends. Kept across scans, it would hold values
 * that may be secrets, and slices of a text that keep all of that text alive.
 */

/** Values longer than this are decided each time: they seldom repeat, and each would hold memory. */
const VERDICT_MAX_LENGTH = 128;
/** Entries per kind of verdict before that kind forgets all at once, which costs O(1) per entry. */
const VERDICT_LIMIT = 4096;
/** Texts shorter than this are not remembered whole: they cost little, and clean ones are cached anyway. */
const SCAN_MIN_LENGTH = 257;
const SCANS_KEPT = 4;

/**
 * The kinds of verdict kept: `isPlaceholderValue`'s, `isTemplateFiller`'s, then
 * `isCredentialValue`'s, one per argument set.
 */
export const PLACEHOLDER_VERDICT_KIND = 0;
export const FILLER_VERDICT_KIND = 1;
export const CREDENTIAL_VERDICT_KIND = 2;

interface RememberedScan {
  text: string;
  rules: readonly unknown[];
  allowRules: readonly string[];
  spans: readonly LeakSpan[];
}

const verdicts: (Map<string, boolean> | undefined)[] = [];
/** Whether a verdict was kept since the memory was last emptied: most scans keep none. */
let verdictsKept = false;
let scans: RememberedScan[] = [];
let depth = 0;

/**
 * Opens a scan: until the matching {@link closeScan}, verdicts and spans are remembered. Nested
 * scans share the outermost one's memory. Callers pair the two in `try`/`finally` by hand: a
 * helper taking a closure would allocate one on every dispatch.
 */
export function openScan(): void {
  depth += 1;
}

/** Closes a scan opened by {@link openScan}; the outermost close forgets everything. */
export function closeScan(): void {
  depth -= 1;
  if (depth === 0) {
    if (verdictsKept) {
      for (const memo of verdicts) memo?.clear();
      verdictsKept = false;
    }
    if (scans.length > 0) scans = [];
  }
}

/**
 * The verdict given before in this scan on `value` by the test `kind` stands for (one per
 * function and argument set), or undefined: outside a scan, for a long value, or when none was.
 */
export function recalledVerdict(kind: number, value: string): boolean | undefined {
  if (depth === 0 || value.length > VERDICT_MAX_LENGTH) return undefined;
  return verdicts[kind]?.get(value);
}

/** Keeps a verdict for {@link recalledVerdict}, and returns it. */
export function recordVerdict(kind: number, value: string, verdict: boolean): boolean {
  if (depth === 0 || value.length > VERDICT_MAX_LENGTH) return verdict;
  let memo = verdicts[kind];
  if (memo === undefined) {
    memo = new Map();
    verdicts[kind] = memo;
  }
  if (memo.size >= VERDICT_LIMIT) memo.clear();
  memo.set(value, verdict);
  verdictsKept = true;
  return verdict;
}

/** The verdict `decide(value)` gave before in this scan, or its verdict now. */
export function rememberedVerdict(kind: number, value: string, decide: (value: string) => boolean): boolean {
  return recalledVerdict(kind, value) ?? recordVerdict(kind, value, decide(value));
}

/**
 * The spans found in `text` under the same rules and allowlist earlier in this scan, as a fresh
 * array the caller may sort or extend; undefined outside a scan, for a short text, or when it was
 * not scanned.
 */
export function recalledSpans(
  text: string,
  rules: readonly unknown[],
  allowRules: readonly string[],
): LeakSpan[] | undefined {
  if (depth === 0 || text.length < SCAN_MIN_LENGTH) return undefined;
  for (const known of scans) {
    if (known.text === text && known.rules === rules && sameNames(known.allowRules, allowRules))
      return known.spans.slice();
  }
  return undefined;
}

/** Keeps what a scan of `text` found, for {@link recalledSpans}; the last few texts are kept. */
export function recordSpans(
  text: string,
  rules: readonly unknown[],
  allowRules: readonly string[],
  spans: readonly LeakSpan[],
): void {
  if (depth === 0 || text.length < SCAN_MIN_LENGTH) return;
  if (scans.length >= SCANS_KEPT) scans.shift();
  scans.push({ text, rules, allowRules, spans: spans.slice() });
}

function sameNames(left: readonly string[], right: readonly string[]): boolean {
  if (left === right) return true;
  if (left.length !== right.length) return false;
  for (let index = 0; index < left.length; index += 1) if (left[index] !== right[index]) return false;
  return true;
}
