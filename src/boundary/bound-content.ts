import type { Outcome } from '../outcome/outcome.js';
import { compactRenderer, type Renderer, structuredRenderer } from '../outcome/render.js';
import { clearCut } from '../sanitize/clear-cut.js';
import { findLeaks } from '../sanitize/find-leaks.js';
import type { Leak } from '../sanitize/leak.js';
import type { LeakRuleName } from '../sanitize/leak-rule-name.js';
import { originalLength } from '../sanitize/original-length.js';
import { redactText } from '../sanitize/redact-text.js';
import { redactValue } from '../sanitize/redact-value.js';
import { LEAK_REPLACEMENT_MESSAGE, sanitizeOutcome } from '../sanitize/sanitize-outcome.js';
import { closeScan, openScan } from '../sanitize/scan-memory.js';

/** The leaks of content that has none, shared: the common case allocates nothing for it. */
const NO_LEAKS: readonly Leak[] = Object.freeze([]);

/** What {@link renderForModel} needs: the outcome after the run policy, and how to write it. */
export interface RenderForModelInput {
  outcome: Outcome;
  render: Renderer;
  maxContentBytes: number;
  /** Rules the tool may pass through on purpose. @default [] */
  allowRules?: readonly LeakRuleName[];
  /**
   * The outcome exactly as `sanitizeOutcome` returned it, when that pass found no leak. When
   * `outcome` is this very object (the run policy added nothing), a built-in renderer wrote it
   * and nothing was cut, the content holds only strings that pass has just read, with the same
   * allowlist, so the last pass is skipped.
   */
  sanitized?: Outcome | undefined;
}

/**
 * Renders an outcome within the size limit, then runs the sanitiser one last time over exactly
 * the text the model will read: hints and notes the run policy added after the first pass, tool
 * names quoted in them, and whatever a custom renderer writes. When that text still leaks, the
 * outcome is sanitised again and re-rendered; if even that leaks, a generic failure goes out.
 * Returns the leaks found here (field `content`), for the log.
 */
export function renderForModel(input: RenderForModelInput): {
  outcome: Outcome;
  content: string;
  leaks: readonly Leak[];
} {
  // the passes below read the same strings again when the first finds a leak: what each scan
  // found is remembered until the content is settled
  openScan();
  try {
    return settleContent(input);
  } finally {
    closeScan();
  }
}

function settleContent(input: RenderForModelInput): {
  outcome: Outcome;
  content: string;
  leaks: readonly Leak[];
} {
  const { render, maxContentBytes } = input;
  const allowRules = input.allowRules ?? [];
  const first = boundContent(input.outcome, render, maxContentBytes);
  if (
    input.sanitized === input.outcome &&
    first.outcome === input.outcome &&
    (render === structuredRenderer || render === compactRenderer)
  ) {
    return { outcome: first.outcome, content: first.content, leaks: NO_LEAKS };
  }
  const found = leaksIn(first.content, allowRules);
  if (found.length === 0) return { outcome: first.outcome, content: first.content, leaks: NO_LEAKS };
  const leaks: Leak[] = found.map((rule) => ({ field: 'content', rule }));
  const resanitized = sanitizeOutcome(input.outcome, { allowRules });
  const second = boundContent(resanitized.outcome, render, maxContentBytes);
  if (leaksIn(second.content, allowRules).length === 0) return { ...second, leaks };
  // what is left leaks inside the text the renderer wrote: redact it there
  const redacted = redactRendered(second.content, allowRules);
  if (redacted !== undefined && leaksIn(redacted, allowRules).length === 0)
    return { outcome: resanitized.outcome, content: redacted, leaks };
  // the renderer itself writes the leak, or it spans fields: say nothing but that it failed
  const generic: Outcome = {
    class: 'unavailable',
    ok: false,
    error: 'internal_error',
    message: LEAK_REPLACEMENT_MESSAGE,
    retryable: false,
  };
  let content: string;
  try {
    content = render(generic);
  } catch {
    content = structuredRenderer(generic);
  }
  if (findLeaks(content).length > 0) content = structuredRenderer(generic);
  return { outcome: generic, content, leaks };
}

function distinctRules(spans: readonly { rule: LeakRuleName }[]): LeakRuleName[] {
  const rules: LeakRuleName[] = [];
  for (const span of spans) if (!rules.includes(span.rule)) rules.push(span.rule);
  return rules;
}

/**
 * The rules that fire on rendered content. JSON content is read as the model reads it, string
 * by string (keys included), so that its escaping cannot make a benign backslash look like a
 * UNC path; any other content is scanned as it is. Strings seen clean before are answered from
 * the sanitiser's cache, so the common case costs one parse.
 */
function leaksIn(content: string, allowRules: readonly LeakRuleName[]): LeakRuleName[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return distinctRules(findLeaks(content, { allowRules }));
  }
  const rules: LeakRuleName[] = [];
  const note = (text: string) => {
    for (const span of findLeaks(text, { allowRules })) if (!rules.includes(span.rule)) rules.push(span.rule);
  };
  const stack: unknown[] = [parsed];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') note(value);
    else if (Array.isArray(value)) for (const item of value) stack.push(item);
    else if (typeof value === 'object' && value !== null) {
      for (const [key, field] of Object.entries(value)) {
        note(key);
        stack.push(field);
      }
    }
  }
  return rules;
}

/** Content with its leaking spans redacted where they are: string by string when it is JSON. */
function redactRendered(content: string, allowRules: readonly LeakRuleName[]): string | undefined {
  try {
    const parsed: unknown = JSON.parse(content);
    return JSON.stringify(redactValue(parsed, 'content', allowRules).value);
  } catch {
    return redactText(content, allowRules).text;
  }
}

/**
 * Renders an outcome within `maxContentBytes`. An oversized list keeps as many leading items as
 * fit, anything else becomes truncated JSON text, and either way a note tells the model the
 * result was cut, so it never believes it has the full set.
 */
export function boundContent(
  outcome: Outcome,
  render: Renderer,
  maxContentBytes: number,
): { outcome: Outcome; content: string } {
  const content = render(outcome);
  if (fitsFlat(content, maxContentBytes)) return { outcome, content };
  if (!outcome.ok) return shrinkFailure(outcome, render, maxContentBytes);

  const { data } = outcome;
  const list: ListLocation | undefined = Array.isArray(data) ? { items: data } : largestList(data);
  if (list !== undefined && list.items.length > 0) {
    const fitted = fitItems(outcome, list, render, maxContentBytes);
    if (fitted !== undefined) return fitted;
  }
  const note = noteFor(
    outcome,
    `The result was larger than the ${maxContentBytes}-byte limit, so it was cut short and the data below is only its beginning, as text. Narrow the request to see the rest.`,
  );
  let budget = maxContentBytes;
  for (let tries = 0; tries < 8; tries++) {
    const json = JSON.stringify(outcome.data) ?? '';
    const fitted = truncateToBytes(json, budget);
    // cut where no leak straddles the cut, so no half-secret is left at the end
    const text = json.slice(0, clearCut(json, fitted.length));
    const cut = { ...outcome, data: `${text}…`, note } as Outcome;
    const rendered = render(cut);
    const over = byteLength(rendered) - maxContentBytes;
    if (over <= 0) return { outcome: cut, content: rendered };
    budget = Math.max(0, budget - over - 16);
  }
  const bare = { ...outcome, data: null, note } as Outcome;
  const bareContent = render(bare);
  if (byteLength(bareContent) <= maxContentBytes) return { outcome: bare, content: bareContent };
  return shortenTexts(outcome, render, maxContentBytes);
}

/**
 * The last resort for a success whose own texts (a long note, message or missing list) are over
 * the limit: no data, every text cut to a share of the budget, and a note that says so.
 */
function shortenTexts(
  outcome: Extract<Outcome, { ok: true }>,
  render: Renderer,
  maxContentBytes: number,
): { outcome: Outcome; content: string } {
  const note = `The result was larger than the ${maxContentBytes}-byte limit, so its data was left out and its texts were cut short. Narrow the request to see the rest.`;
  const source = outcome as Extract<Outcome, { ok: true }> & Record<string, unknown>;
  let share = Math.floor(maxContentBytes / 4);
  let cut: Outcome = { ...outcome, data: null, note } as Outcome;
  for (let tries = 0; tries < 12; tries++, share = Math.floor(share / 2)) {
    const shorten = (text: unknown) =>
      typeof text === 'string' && byteLength(text) > share ? `${truncateToBytes(text, share)}…` : text;
    const fields: Record<string, unknown> = { data: null, note };
    for (const key of ['message', 'searched'])
      if (typeof source[key] === 'string') fields[key] = shorten(source[key]);
    if (Array.isArray(source['missing'])) {
      const missing: unknown[] = [];
      let used = 0;
      for (const item of source['missing']) {
        const shortened = shorten(item);
        used += byteLength(JSON.stringify(shortened) ?? '') + 1;
        if (used > share) break;
        missing.push(shortened);
      }
      fields['missing'] = missing;
    }
    cut = { ...outcome, ...fields } as Outcome;
    const content = render(cut);
    if (byteLength(content) <= maxContentBytes) return { outcome: cut, content };
  }
  return { outcome: cut, content: render(cut) };
}

interface ListLocation {
  items: unknown[];
  /** The key of the list inside an object, or undefined when the data is the list. */
  key?: string;
}

function largestList(data: unknown): ListLocation | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  let best: ListLocation | undefined;
  for (const [key, value] of Object.entries(data)) {
    if (Array.isArray(value) && (best === undefined || value.length > best.items.length))
      best = { items: value, key };
  }
  return best;
}

function fitItems(
  outcome: Extract<Outcome, { ok: true }>,
  list: ListLocation,
  render: Renderer,
  maxContentBytes: number,
): { outcome: Outcome; content: string } | undefined {
  const total = originalLength(list.items);
  const build = (count: number): Outcome => {
    const items = list.items.slice(0, count);
    const data = list.key === undefined ? items : { ...(outcome.data as object), [list.key]: items };
    const label = list.key === undefined ? 'items' : `${list.key} items`;
    return {
      ...outcome,
      data,
      note: noteFor(
        outcome,
        `Only the first ${count} of ${total} ${label} are shown; the result was cut to fit the size limit. Narrow the request to see the rest.`,
      ),
    } as Outcome;
  };
  let low = 0;
  let high = total - 1;
  let best: { outcome: Outcome; content: string } | undefined;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const candidate = build(middle);
    const content = render(candidate);
    if (byteLength(content) <= maxContentBytes) {
      best = { outcome: candidate, content };
      low = middle + 1;
    } else high = middle - 1;
  }
  return best;
}

function shrinkFailure(
  outcome: Extract<Outcome, { ok: false }>,
  render: Renderer,
  maxContentBytes: number,
): { outcome: Outcome; content: string } {
  const {
    suggestion: _suggestion,
    candidates: _candidates,
    offer: _offer,
    hint: _hint,
    ...core
  } = outcome as Extract<Outcome, { ok: false }> & Record<string, unknown>;
  const bare = core as unknown as Outcome;
  const content = render(bare);
  if (byteLength(content) <= maxContentBytes) return { outcome: bare, content };
  const message = truncateToBytes(
    outcome.message,
    Math.max(0, maxContentBytes - (byteLength(content) - byteLength(outcome.message)) - 8),
  );
  const cut = { ...bare, message: `${message}…` } as Outcome;
  return { outcome: cut, content: render(cut) };
}

function noteFor(outcome: Extract<Outcome, { ok: true }>, addition: string): string {
  return outcome.note === undefined ? addition : `${outcome.note} ${addition}`;
}

function byteLength(text: string): number {
  return Buffer.byteLength(text);
}

/** Where {@link fitsFlat} writes the character it reads, so that the read is not optimised away. */
let _readToFlatten = 0;

/**
 * Whether rendered content fits in `maxBytes` of UTF-8, leaving it flat. A string of at most a
 * third as many UTF-16 units fits whatever it holds (a unit is at most 3 bytes, a surrogate
 * pair 4), so the usual short message is not counted byte by byte. Either way the string is
 * flattened: a JSON.stringify result is built in pieces, and each message kept by the caller
 * held the pieces of its content (about 1 MB more heap in test/load/concurrent-runs.test.ts).
 */
function fitsFlat(content: string, maxBytes: number): boolean {
  if (content.length * 3 <= maxBytes) {
    // reading a character of a rope flattens it; kept where the optimiser cannot drop the read
    _readToFlatten = content.charCodeAt(0);
    return true;
  }
  return byteLength(content) <= maxBytes;
}

function truncateToBytes(text: string, maxBytes: number): string {
  if (byteLength(text) <= maxBytes) return text;
  let end = Math.min(text.length, maxBytes);
  while (end > 0 && byteLength(text.slice(0, end)) > maxBytes) end = Math.floor(end * 0.9);
  // don't cut a surrogate pair in half
  if (end > 0 && /[\uD800-\uDBFF]/.test(text[end - 1] ?? '')) end--;
  return text.slice(0, end);
}
