const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?([Zz]|[+-]\d{2}:\d{2})?)?$/;

/**
 * Reads an ISO 8601 date (`2026-08-01`) or date-time (`2026-08-01T09:30:00Z`) strictly, for the
 * date fields a model sends as strings. Anything else, or a day that does not exist, gives
 * undefined. A time without an offset is read as UTC, so the result never depends on the server.
 */
export function parseIsoDate(text: string): Date | undefined {
  if (text.length > 40) return undefined;
  const match = ISO_DATE.exec(text);
  if (match === null) return undefined;
  const [, year, month, day, hours = '00', minutes = '00', seconds = '00', fraction = '', offset = 'Z'] =
    match;
  const calendar = new Date(0);
  calendar.setUTCFullYear(Number(year), Number(month) - 1, Number(day)); // Date.UTC moves years below 100
  if (
    calendar.getUTCFullYear() !== Number(year) ||
    calendar.getUTCMonth() !== Number(month) - 1 ||
    calendar.getUTCDate() !== Number(day) ||
    Number(hours) > 23 ||
    Number(minutes) > 59 ||
    Number(seconds) > 59
  )
    return undefined;
  const milliseconds = fraction === '' ? '' : `.${fraction.padEnd(3, '0').slice(0, 3)}`;
  const date = new Date(
    `${year}-${month}-${day}T${hours}:${minutes}:${seconds}${milliseconds}${offset.toUpperCase()}`,
  );
  return Number.isNaN(date.getTime()) ? undefined : date;
}
