import type { Outcome } from './outcome.js';

/** Turns an outcome into the string the model reads. */
export type Renderer = (outcome: Outcome) => string;

/**
 * The default wire format: compact JSON with stable field names, `ok` and `class` first.
 * @example {"ok":false,"class":"correctable","error":"invalid_arguments","message":"…","suggestion":{"city":"Pune"}}
 */
export const structuredRenderer: Renderer = (outcome) => {
  const { ok, class: outcomeClass } = outcome;
  // the outcomes the boundary builds are plain objects with `class` and `ok` as their first two
  // keys: one JSON.stringify, and the two swapped in place, with no copy of the outcome
  const order = typeof ok === 'boolean' && typeof outcomeClass === 'string' ? leadingKeys(outcome) : 'other';
  if (order === 'ok-class') return JSON.stringify(outcome);
  if (order === 'class-ok') {
    const json = JSON.stringify(outcome);
    const classJson = JSON.stringify(outcomeClass);
    // skip `{"class":<class>,"ok":<ok>` and write them the other way round
    return `{"ok":${ok},"class":${classJson}${json.slice(9 + classJson.length + 6 + (ok ? 4 : 5))}`;
  }
  const { ok: _ok, class: _class, ...rest } = outcome;
  return JSON.stringify({ ok, class: outcomeClass, ...rest });
};

/**
 * Which of `ok` and `class` come first among a plain outcome's keys, when they are its first two
 * and it has no `toJSON`; else 'other', and the renderer copies it.
 */
function leadingKeys(outcome: Outcome): 'ok-class' | 'class-ok' | 'other' {
  if (Object.getPrototypeOf(outcome) !== Object.prototype) return 'other';
  let first: string | undefined;
  let second: string | undefined;
  for (const key in outcome) {
    if (key === 'toJSON') return 'other';
    if (first === undefined) first = key;
    else second ??= key;
  }
  if (first === 'ok' && second === 'class') return 'ok-class';
  if (first === 'class' && second === 'ok') return 'class-ok';
  return 'other';
}

/**
 * The minimal shape many tutorials use: the data itself on success, `{"error": message}` on
 * failure. It drops hints and suggestions, so prefer the structured renderer for real agents.
 */
export const compactRenderer: Renderer = (outcome) => {
  if (!outcome.ok) return JSON.stringify({ error: outcome.message });
  const data = JSON.stringify(outcome.data) ?? 'null';
  if (outcome.class === 'ok' && outcome.note === undefined) return data;
  const message = outcome.class === 'ok' ? outcome.note : outcome.message;
  return JSON.stringify({
    data: outcome.data,
    message,
    ...(outcome.class !== 'ok' && outcome.note ? { note: outcome.note } : {}),
  });
};
