import { redactText } from './redact-text.js';

/**
 * A tool name the model sent, fit to echo back to it and to log: a name that is itself a leak
 * (a DSN, a path, a token sent as a tool name) has those spans redacted, so that neither the
 * message nor the leak event quotes it.
 */
export function safeToolName(name: string): string {
  return name.length === 0 ? name : redactText(name).text;
}
