/**
 * What a Redis error means for the store:
 * - `noscript`: the script cache is cold; load the scripts and run again.
 * - `per_key`: Redis answered, but about one key (WRONGTYPE, a field that is not a number): only
 *   that key's run must leave Redis.
 * - `unsent`: the client refused before sending (offline, closed): the change never reached Redis.
 * - `down`: anything else (a lost connection, a busy or read-only server): Redis as a whole.
 */
export type RedisErrorKind = 'noscript' | 'per_key' | 'unsent' | 'down';

/** Codes with which a healthy server refuses one key's data; other error replies concern the server. */
const PER_KEY = /^(WRONGTYPE\b|ERR (value is not|hash value is not|increment or decrement would overflow))/;

/** Classifies an error from a Redis client (node-redis, ioredis, or any RedisScriptClient). */
export function classifyRedisError(error: unknown): RedisErrorKind {
  let message = '';
  let name = '';
  try {
    if (error instanceof Error) {
      message = String(error.message);
      name = String(error.name);
    }
  } catch {
    return 'down';
  }
  if (message.startsWith('NOSCRIPT')) return 'noscript';
  // a script error names the failing command's reply first: "WRONGTYPE ... script: ..."
  if (PER_KEY.test(message) || /\bWRONGTYPE\b/.test(message)) return 'per_key';
  if (
    name === 'ClientOfflineError' ||
    name === 'ClientClosedError' ||
    /client is (offline|closed)/i.test(message)
  )
    return 'unsent';
  return 'down';
}
