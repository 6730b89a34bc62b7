/** The longest wait a Retry-After can ask for; anything longer reads as this (one day). */
export const MAX_RETRY_AFTER_MS = 86_400_000;

const DELAY_SECONDS = /^\d+(?:\.\d+)?$/;
// IMF-fixdate ("Sun, 06 Nov 1994 08:49:37 GMT"), RFC 850 ("Sunday, 06-Nov-94 08:49:37 GMT") and
// asctime ("Sun Nov  6 08:49:37 1994"): each starts with a day name.
const HTTP_DATE = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*,? [\w -]+ \d{2}:\d{2}:\d{2}(?: GMT| \d{4})$/;

/**
 * Reads a Retry-After header value, in delay-seconds or HTTP-date form, as milliseconds from
 * `nowMs`. A date in the past reads as 0; garbage reads as undefined; a huge value is capped at
 * {@link MAX_RETRY_AFTER_MS}.
 * @example parseRetryAfter('120', Date.now()) // 120000
 */
export function parseRetryAfter(value: unknown, nowMs: number): number | undefined {
  if (typeof value !== 'string' || value.length > 64) return undefined;
  const text = value.trim();
  if (DELAY_SECONDS.test(text)) return Math.min(Number(text) * 1000, MAX_RETRY_AFTER_MS);
  if (!HTTP_DATE.test(text)) return undefined;
  // asctime carries no zone, and HTTP dates are always GMT
  const at = Date.parse(/\d{4}$/.test(text) ? `${text} GMT` : text);
  if (Number.isNaN(at)) return undefined;
  return Math.min(Math.max(0, at - nowMs), MAX_RETRY_AFTER_MS);
}

/** Reads a `retry-after-ms` header value (OpenAI and Azure send one) as milliseconds. */
export function parseRetryAfterMilliseconds(value: unknown): number | undefined {
  if (typeof value !== 'string' || !DELAY_SECONDS.test(value.trim())) return undefined;
  return Math.min(Number(value.trim()), MAX_RETRY_AFTER_MS);
}
