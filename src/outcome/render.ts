import type { Outcome } from './outcome.js';

/** Turns an outcome into the string the model reads. */
export type Renderer = (outcome: Outcome) => string;

/**
 * The default wire format: compact JSON with stable field names, `ok` and `class` first.
 * @example {"ok":false,"class":"correctable","error":"invalid_arguments","message":"…","suggestion":{"city":"Pune"}}
 */
export const structuredRenderer: Renderer = (outcome) => {
  const { ok, class: outcomeClass, ...rest } = outcome;
  return JSON.stringify({ ok, class: outcomeClass, ...rest });
};

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
