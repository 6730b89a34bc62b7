import type { JsonSchema } from '../tool/define-tool.js';

const FORMAT_WORDS: Record<string, string> = {
  date: 'a date in YYYY-MM-DD form',
  'date-time': 'a date and time in ISO 8601 form, such as 2026-08-01T09:30:00Z',
  time: 'a time in HH:MM:SS form',
  email: 'an email address',
  uri: 'a full URL',
  url: 'a full URL',
  uuid: 'a UUID',
};

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  null: 'null',
};

const LISTED_OPTIONS = 12;

/** The allowed values of an enum-like schema, or undefined. */
export function enumOptions(schema: JsonSchema | undefined): unknown[] | undefined {
  if (schema === undefined) return undefined;
  if (Array.isArray(schema['enum'])) return schema['enum'];
  if ('const' in schema) return [schema['const']];
  return undefined;
}

/** Lists options in plain words: "Pune, Mumbai, Delhi". */
export function listOptions(options: readonly unknown[]): string {
  const shown = options
    .slice(0, LISTED_OPTIONS)
    .map((option) => (typeof option === 'string' ? option : JSON.stringify(option)));
  return (
    shown.join(', ') +
    (options.length > LISTED_OPTIONS ? `, and ${options.length - LISTED_OPTIONS} more` : '')
  );
}

/** What a schema wants, in words a user could read: "a whole number from 1 to 200". */
export function describeExpectation(schema: JsonSchema | undefined): string | undefined {
  if (schema === undefined) return undefined;
  const options = enumOptions(schema);
  if (options !== undefined)
    return options.length === 1 ? `exactly ${listOptions(options)}` : `one of ${listOptions(options)}`;
  const format = typeof schema['format'] === 'string' ? FORMAT_WORDS[schema['format']] : undefined;
  if (format !== undefined) return format;
  const type = Array.isArray(schema['type']) ? schema['type'][0] : schema['type'];
  let words = typeof type === 'string' ? TYPE_WORDS[type] : undefined;
  if (words === undefined) return undefined;
  const minimum = numberField(schema, 'minimum');
  const maximum = numberField(schema, 'maximum');
  const above = numberField(schema, 'exclusiveMinimum');
  const below = numberField(schema, 'exclusiveMaximum');
  const safe = (value: number | undefined) =>
    value !== undefined && Math.abs(value) < Number.MAX_SAFE_INTEGER;
  if (safe(minimum) && safe(maximum)) words += ` from ${minimum} to ${maximum}`;
  else if (safe(minimum)) words += ` of at least ${minimum}`;
  else if (safe(maximum)) words += ` of at most ${maximum}`;
  // without these, a refused -1 would read "must be a number; you provided -1"
  if (safe(above)) words += `${safe(minimum) || safe(maximum) ? ',' : ''} greater than ${above}`;
  if (safe(below)) words += `${safe(minimum) || safe(maximum) || safe(above) ? ',' : ''} less than ${below}`;
  const multipleOf = numberField(schema, 'multipleOf');
  if (multipleOf !== undefined && multipleOf !== 1) words += ` that is a multiple of ${multipleOf}`;
  const minLength = numberField(schema, 'minLength') ?? numberField(schema, 'minItems');
  const maxLength = numberField(schema, 'maxLength') ?? numberField(schema, 'maxItems');
  const unit = type === 'array' ? 'items' : 'characters';
  if (minLength !== undefined && minLength === maxLength) words += ` of exactly ${minLength} ${unit}`;
  else if (minLength !== undefined && maxLength !== undefined)
    words += ` of ${minLength} to ${maxLength} ${unit}`;
  else if (minLength !== undefined && minLength > 0) words += ` of at least ${minLength} ${unit}`;
  else if (maxLength !== undefined) words += ` of at most ${maxLength} ${unit}`;
  // the pattern itself is schema jargon; saying there is one keeps "must be a string" truthful
  if (typeof schema['pattern'] === 'string') words += ' in the expected format';
  return words;
}

function numberField(schema: JsonSchema, key: string): number | undefined {
  const value = schema[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
