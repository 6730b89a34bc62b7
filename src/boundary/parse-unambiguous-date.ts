const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * Reads a date written in a non-ISO form and returns it as `YYYY-MM-DD`, only when exactly one
 * reading exists. "08/01/2026" could be August or January, so it gives undefined; "13/08/2026",
 * "Aug 1, 2026" and "2026/08/01" give one answer each.
 */
export function parseUnambiguousDate(text: string): string | undefined {
  if (text.length > 40) return undefined;
  const value = text.trim().toLowerCase();
  let match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[t ][\d:.]+(?:z|[+-]\d\d:?\d\d)?)?$/.exec(value);
  if (match) return build(match[1], match[2], match[3]);
  match = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (match) return build(match[1], match[2], match[3]);
  match = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(value);
  if (match) {
    const first = Number(match[1]);
    const second = Number(match[2]);
    const readings = new Set<string>();
    const dayFirst = build(match[3], match[2], match[1]);
    const monthFirst = build(match[3], match[1], match[2]);
    if (dayFirst !== undefined) readings.add(dayFirst);
    if (monthFirst !== undefined) readings.add(monthFirst);
    return readings.size === 1 || first === second ? [...readings][0] : undefined;
  }
  match = /^([a-z]{3,9})\.? (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})$/.exec(value);
  if (match) return build(match[3], monthNumber(match[1]), match[2]);
  match = /^(\d{1,2})(?:st|nd|rd|th)? (?:of )?([a-z]{3,9})\.?,? (\d{4})$/.exec(value);
  if (match) return build(match[3], monthNumber(match[2]), match[1]);
  return undefined;
}

function monthNumber(name: string | undefined): string | undefined {
  if (name === undefined) return undefined;
  const index = MONTHS.indexOf(name.slice(0, 3));
  const full = [
    'january',
    'february',
    'march',
    'april',
    'may',
    'june',
    'july',
    'august',
    'september',
    'october',
    'november',
    'december',
  ];
  if (index < 0 || !(full[index]!.startsWith(name) || name === 'sept')) return undefined;
  return String(index + 1);
}

function build(year?: string, month?: string, day?: string): string | undefined {
  if (year === undefined || month === undefined || day === undefined) return undefined;
  const y = Number(year);
  const m = Number(month);
  const d = Number(day);
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d)
    return undefined;
  return `${year.padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}
