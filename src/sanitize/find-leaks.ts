import { detachedCopy } from '../util/detached-copy.js';
import { type DecodedWindow, decodedWindows, originalSpan } from './decoded-view.js';
import type { LeakRule, LeakSpan } from './leak-rule.js';
import type { LeakRuleName } from './leak-rule-name.js';
import { LEAK_RULES } from './leak-rules.js';
import { REDACTED } from './redacted.js';
import { recalledSpans, recordSpans } from './scan-memory.js';

/** Options for {@link findLeaks}. */
export interface FindLeaksOptions {
  /** Rule names to skip, from the tool's allowlist. */
  allowRules?: readonly LeakRuleName[];
  /** The rules to run. @default LEAK_RULES */
  rules?: readonly LeakRule[];
}

/**
 * Short strings known to be clean under every built-in rule. Tool data repeats its keys and many
 * of its values (field names, states, units) from call to call, so most strings are answered
 * here. Clean under every rule means clean under any allowlist too. Two generations: when the
 * young one is full it becomes the old one and the older is dropped whole, so adding a string
 * costs O(1) (deleting a Set's first entry one at a time leaves holes that later reads walk).
 * A string joins on its second clean scan (see {@link rememberClean}).
 */
let knownCleanYoung = new Set<string>();
let knownCleanOld = new Set<string>();
const KNOWN_CLEAN_GENERATION = 4_096;
const KNOWN_CLEAN_MAX_LENGTH = 256;

/** Whether `text` is a short string found clean under every built-in rule before. */
export function isKnownClean(text: string): boolean {
  return knownCleanYoung.has(text) || knownCleanOld.has(text);
}

/**
 * A string is remembered on its second sight. The first time it is found clean only a hash of
 * it is noted, in a table that allocates nothing; the second time, the hash is there and the
 * string is copied into the cache. Ids, timestamps and counters are new on every call and are
 * never seen twice: copying each of them into the cache, and the collector then moving the
 * copies to the old generation, cost a quarter of their scan.
 *
 * The table has two places for each hash. A full pair takes a new hash only every other time, in
 * one place and then the other: strings that recur together on one pair, more of them than it
 * holds, would otherwise push each other out for ever (each replacing the one about to be seen
 * again); skipping a write lets the hashes written stay until they are seen. A hash shared by
 * two strings only remembers one of them a sight early.
 * The number of pairs is a power of two, since a hash's low bits pick its pair.
 */
export const SEEN_PAIRS = 8_192;
const seenHashes = new Int32Array(2 * SEEN_PAIRS);
/** Per pair, how many new hashes met it full: 1 writes its first place, 3 its second, 0 and 2 neither. */
const seenTurns = new Uint8Array(SEEN_PAIRS);

/** FNV-1a over the string's UTF-16 units: the hash the second-sight table keeps. Exported for its test. */
export function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1)
    hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return hash | 0;
}

/** Whether a clean string was seen before; if not, notes that it now has been. */
function seenBefore(text: string): boolean {
  const hash = hashOf(text);
  const index = hash & (SEEN_PAIRS - 1);
  const pair = index << 1;
  if (seenHashes[pair] === hash || seenHashes[pair + 1] === hash) return true;
  if (seenHashes[pair] === 0) seenHashes[pair] = hash;
  else if (seenHashes[pair + 1] === 0) seenHashes[pair + 1] = hash;
  else {
    const turn = (seenTurns[index] as number) & 3;
    seenTurns[index] = turn + 1;
    if (turn === 1) seenHashes[pair] = hash;
    else if (turn === 3) seenHashes[pair + 1] = hash;
  }
  return false;
}

function rememberClean(text: string): void {
  if (!seenBefore(text)) return;
  if (knownCleanYoung.size >= KNOWN_CLEAN_GENERATION) {
    knownCleanOld = knownCleanYoung;
    knownCleanYoung = new Set<string>();
  }
  knownCleanYoung.add(detachedCopy(text));
}

/**
 * Whether the whole text is one UUID, `8-4-4-4-12` hex digits: an id such as a failure's
 * reference, which no built-in rule reads as a leak on its own (a UUID is a secret only beside a
 * word that says so, such as `heroku` or `password`, and that text is longer). Checked by hand,
 * so a new reference on every failed call costs no scan.
 */
function isBareUuid(text: string): boolean {
  if (text.length !== 36) return false;
  for (let index = 0; index < 36; index += 1) {
    const code = text.charCodeAt(index);
    if (index === 8 || index === 13 || index === 18 || index === 23) {
      if (code !== 45) return false;
    } else if (!((code >= 48 && code <= 57) || (code >= 97 && code <= 102) || (code >= 65 && code <= 70))) {
      return false;
    }
  }
  return true;
}

/**
 * Every span of `text` that leaks internal detail, sorted by start. Spans of one rule are merged
 * where they overlap or touch; spans of different rules may overlap. Linear in the length of the
 * text: each rule scans with bounded windows.
 *
 * Text with JSON string escapes or percent-encoding is also read as it decodes, around its
 * escapes (see {@link decodedWindows}), so `postgres:\/\/…`, `postgres%3A%2F%2F…` and a trace written with `\"`
 * are found too; such spans are mapped back onto the original text.
 *
 * @example
 * findLeaks('connect ECONNREFUSED 10.0.3.7:5432');
 * // [{ rule: 'stack-trace', start: 8, end: 20 }, { rule: 'internal-address', start: 21, end: 34 }]
 */
export function findLeaks(text: string, options: FindLeaksOptions = {}): LeakSpan[] {
  const { allowRules = [], rules = LEAK_RULES } = options;
  const builtIn = rules === LEAK_RULES;
  if (builtIn && (isKnownClean(text) || isBareUuid(text))) return [];
  const known = recalledSpans(text, rules, allowRules);
  if (known !== undefined) return known;
  const spans = scanText(text, rules, allowRules, builtIn);
  recordSpans(text, rules, allowRules, spans);
  return spans;
}

function scanText(
  text: string,
  rules: readonly LeakRule[],
  allowRules: readonly LeakRuleName[],
  builtIn: boolean,
): LeakSpan[] {
  const windows = decodedWindows(text);
  const marked = text.includes(REDACTED);
  const spans: LeakSpan[] = [];
  for (const rule of rules) {
    if (allowRules.includes(rule.name)) continue;
    const found = runRule(rule, text);
    for (const window of windows) {
      for (const span of runRule(rule, window.view.text)) found.push(mapBack(window, span));
    }
    if (found.length === 0) continue;
    if (rule.name === 'credential') addEchoes(text, found);
    for (const merged of mergeSpans(found)) {
      if (merged.end > merged.start && !(marked && holdsOnlyMarkers(text, merged))) spans.push(merged);
    }
  }
  if (builtIn && spans.length === 0 && allowRules.length === 0 && text.length <= KNOWN_CLEAN_MAX_LENGTH) {
    rememberClean(text);
  }
  return spans.length <= 1
    ? spans
    : spans.sort((left, right) => left.start - right.start || left.end - right.end);
}

/** Texts longer than this are not searched for echoes: a tool's result is cut well before it. */
const ECHO_TEXT_LENGTH = 65_536;
/** The most distinct secrets whose echoes one text, or one value, is searched for. */
export const ECHOED_SECRETS = 32;
const ECHO_MIN_LENGTH = 8;
const ECHO_MAX_LENGTH = 256;
/** A plain word (`production`, `Welcome`): found once as a password, it is still a word elsewhere. */
const PLAIN_WORD = /^[A-Za-z][a-z]*$/;

/**
 * Whether a secret, once found, is to be looked for again wherever else the text or the value
 * repeats it: long enough to be no accident, short enough to be one secret, not a plain word.
 */
export function isEchoable(secret: string): boolean {
  return (
    secret.length >= ECHO_MIN_LENGTH &&
    secret.length <= ECHO_MAX_LENGTH &&
    !PLAIN_WORD.test(secret) &&
    !secret.includes(REDACTED)
  );
}

/**
 * Adds every other place where a secret already found appears again in the same text: a password
 * a tool prints twice, once where its name says what it is (`password: X`) and once on its own
 * (`gopass show -o` before `gopass show`), or quoted back in a message, must go from both.
 */
function addEchoes(text: string, found: LeakSpan[]): void {
  if (text.length > ECHO_TEXT_LENGTH) return;
  const searched = new Set<string>();
  const count = found.length;
  for (let index = 0; index < count && searched.size < ECHOED_SECRETS; index += 1) {
    const { start, end } = found[index]!;
    const secret = text.slice(start, end);
    if (searched.has(secret) || !isEchoable(secret)) continue;
    searched.add(secret);
    for (let at = text.indexOf(secret); at !== -1; at = text.indexOf(secret, at + secret.length)) {
      if (at !== start) found.push({ rule: 'credential', start: at, end: at + secret.length });
    }
  }
}

/**
 * Whether a span holds nothing but redaction markers, blanks, quotes, brackets and separators:
 * text redacted once reads clean on the last pass, even to a rule that takes the marker for a
 * value (a block line of a Kubernetes Secret's `data:`, say). Any other character may be part of
 * a secret (a password of symbols), so a span holding one stays.
 */
function holdsOnlyMarkers(text: string, span: LeakSpan): boolean {
  return MARKERS_AND_SEPARATORS.test(text.slice(span.start, span.end).replaceAll(REDACTED, ''));
}

const MARKERS_AND_SEPARATORS = /^[\s"'`,;:|()[\]{}]*$/;

/** A rule's spans; a rule that fails cannot vouch for the text, so all of it counts as leaking. */
function runRule(rule: LeakRule, text: string): LeakSpan[] {
  try {
    return rule.find(text);
  } catch {
    return [{ rule: rule.name, start: 0, end: text.length }];
  }
}

function mapBack({ offset, view }: DecodedWindow, span: LeakSpan): LeakSpan {
  const { start, end } = originalSpan(view, span.start, span.end);
  return { rule: span.rule, start: offset + start, end: offset + end };
}

/**
 * Sorts spans and merges those that overlap or touch; a merged span keeps its first part's rule.
 * Spans already in order and apart, as most rules find them, come back as they are: on text dense
 * with leaks, copying each one would double what the collector has to move.
 */
export function mergeSpans(spans: readonly LeakSpan[]): readonly LeakSpan[] {
  if (isOrderedAndApart(spans)) return spans;
  const sorted = [...spans].sort((left, right) => left.start - right.start || right.end - left.end);
  const merged: LeakSpan[] = [];
  for (const found of sorted) {
    const last = merged[merged.length - 1];
    if (last !== undefined && found.start <= last.end) {
      last.end = Math.max(last.end, found.end);
    } else {
      merged.push({ ...found });
    }
  }
  return merged;
}

function isOrderedAndApart(spans: readonly LeakSpan[]): boolean {
  let previousEnd = -1;
  for (const found of spans) {
    if (found.start <= previousEnd || found.end < found.start) return false;
    previousEnd = found.end;
  }
  return true;
}
