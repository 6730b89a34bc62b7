import { CODE, isDigit, isLower, isUpper } from '../char-codes.js';
import { holds, keywords, keywordsIn, type PatternGate } from '../keyword-gate.js';
import type { Found } from '../leak-rule.js';
import {
  eachMatch,
  hasWhitespace,
  isBlank,
  isSpaceCode,
  isWordCode,
  lastIndexBetween,
  lineStart,
  scanRight,
} from '../text-scan.js';
import { cachedKeyStrength, isCredentialValue } from './find-secret-assignments.js';
import { describesValue } from './plain-secret-values.js';
import type { KeyStrength } from './secret-key-names.js';

/**
 * Secrets in a table row whose name sits in another cell: markdown tables (`| DB_PASSWORD |
 * s3cr3t |`), psql and mysql client tables (`key | value` over a `---+---` rule, `+----+`
 * boxes), box-drawn tables (`│ API_TOKEN │ … │`), and listings aligned in columns (`vault kv
 * get`'s `Key  Value` over `---  -----`, `az … -o table`, `DB_PASSWORD    hunter2`).
 *
 * The secret-named cell decides. With a header row, its `Value` column holds the values and its
 * `Name`/`Key` column (or the first) the names; a header cell that is itself secret-named
 * (`password`, `api_key`) makes its column's cells secrets; a header with neither (`NAME  DIGEST
 * UPDATED`) says the rows hold no values. Without a header, the cell after a secret-named cell is
 * its value. Header rows, cells that describe (`required`, `Encrypted`, `string`), masks, and
 * cells of several words stay.
 */

/** Longest line read as a row, widest name cell, most cells read in a row. */
const LINE_LENGTH = 4096;
const NAME_CELL_LENGTH = 64;
const MAX_CELLS = 32;
/** Longest line read as a CSV header. */
const CSV_HEADER_LENGTH = 512;
/** At most this many blanks before a listing line's first cell. */
const LISTING_INDENT = 8;

/**
 * The start of a line that can belong to a table: a separator, a rule stroke or a box stroke
 * first (`| a |`, `+---+`, `---+---`, `│ a │`), or a first cell of one word followed by a comma,
 * a tab, two blanks or a blank and a separator (`a,b`, `Key    Value`, ` admin | x`), or of up to
 * three words followed by a comma (`User name,Password`, as AWS's credential exports head theirs),
 * or a quoted first cell of a CSV row, which may be an address (`"https://…",`, as a browser's
 * password export writes it). A pipe inside a word is no cell's edge: `auth0|6f1c…` is an id.
 */
export const TABLE_LINE =
  /^[ \t]{0,8}(?:[-=|+:\u2500-\u257f]|[\w."'-]{1,64}(?:,|\t| {2}| [|\u2502\u2503\u2551])|[\w.-]{1,32}(?: [\w.-]{1,32}){1,2},|"[\w.:/@-]{1,128}",)/gm;

/** Header cells over the names of a name/value table, compared without case, blanks or separators. */
const NAME_HEADERS = new Set([
  'name',
  'key',
  'variable',
  'var',
  'env',
  'envvar',
  'environmentvariable',
  'setting',
  'settingname',
  'parameter',
  'param',
  'field',
  'property',
  'option',
  'config',
  'configkey',
  'item',
  'attribute',
  // MySQL's `SHOW VARIABLES` and the like
  'variablename',
  'keyname',
  'paramname',
  'parametername',
  'propertyname',
  'optionname',
  'configname',
]);

/** Header cells over the values of a name/value table. */
const VALUE_HEADERS = new Set([
  'value',
  'values',
  'val',
  'secretvalue',
  'currentvalue',
  'plaintext',
  'settingvalue',
  'data',
]);

/**
 * Words that head a column: a row whose value cell holds one (`| secret | description |`) is a
 * header, whether or not a rule follows it.
 */
const COLUMN_HEADERS = new Set([
  'description',
  'desc',
  'notes',
  'note',
  'comment',
  'comments',
  'type',
  'default',
  'defaultvalue',
  'example',
  'purpose',
  'usage',
  'status',
  'scope',
  'scopes',
  'owner',
  'expires',
  'expiry',
  'created',
  'updated',
  'environment',
  'environments',
  'source',
  'format',
  'required',
  'meaning',
  'details',
  'location',
  'digest',
]);

interface Cell {
  start: number;
  end: number;
}

interface Header {
  /** Column of the names, or -1 when the header names no values column. */
  nameColumn: number;
  /** Column of the values, or -1. */
  valueColumn: number;
  /** Per column, the strength of a header cell that is itself secret-named. */
  columnStrengths: KeyStrength[];
}

/** `|`, `│`, `┃`, `║`: the separators between cells. */
function isCellSeparator(code: number): boolean {
  return code === CODE.PIPE || code === 0x2502 || code === 0x2503 || code === 0x2551;
}

/** A horizontal stroke of a rule: `-`, `=`, or a box-drawing line or corner. */
function isStrokeCode(code: number): boolean {
  return (
    code === CODE.HYPHEN ||
    code === CODE.EQUALS ||
    (code >= 0x2500 && code <= 0x257f && code !== 0x2502 && code !== 0x2503 && code !== 0x2551)
  );
}

/** `|---|:--:|`, `---------+--------`, `+----+----+`, `├────┼────┤`, `---   -----`: a rule between rows. */
function isRuleLine(text: string, start: number, end: number): boolean {
  let strokes = 0;
  for (let index = start; index < end; index += 1) {
    const code = text.charCodeAt(index);
    if (isStrokeCode(code)) strokes += 1;
    else if (!(isBlank(code) || isCellSeparator(code) || code === CODE.PLUS || code === CODE.COLON))
      return false;
  }
  return strokes >= 3;
}

/** The cell `[start, end)` without its blanks and the marks that wrap a value: `` ` ``, quotes, `**`, `(…)`. */
function trimCell(text: string, start: number, end: number): Cell {
  let from = start;
  let to = end;
  while (from < to && isBlank(text.charCodeAt(from))) from += 1;
  while (to > from && isBlank(text.charCodeAt(to - 1))) to -= 1;
  for (let round = 0; round < 2 && to - from >= 2; round += 1) {
    const first = text.charCodeAt(from);
    const last = text.charCodeAt(to - 1);
    if (
      (first === last &&
        (first === CODE.BACKTICK ||
          first === CODE.DOUBLE_QUOTE ||
          first === CODE.SINGLE_QUOTE ||
          first === CODE.ASTERISK)) ||
      (first === CODE.OPEN_PAREN && last === CODE.CLOSE_PAREN)
    ) {
      from += 1;
      to -= 1;
    }
  }
  return { start: from, end: to };
}

/** The cells of a row split at `|`, `│`, `┃` or `║`; the empty cells outside a row's edges are dropped. */
function pipeCells(text: string, start: number, end: number): Cell[] {
  const cells: Cell[] = [];
  let cellStart = start;
  for (let index = start; index <= end && cells.length < MAX_CELLS; index += 1) {
    if (index < end && !isCellSeparator(text.charCodeAt(index))) continue;
    cells.push(trimCell(text, cellStart, index));
    cellStart = index + 1;
  }
  if (cells.length > 0 && (cells[0] as Cell).end === (cells[0] as Cell).start) cells.shift();
  const last = cells[cells.length - 1];
  if (last !== undefined && last.end === last.start) cells.pop();
  return cells;
}

/** The cells of a listing line, split at a tab or a run of two or more blanks. */
function listingCells(text: string, start: number, end: number): Cell[] {
  const cells: Cell[] = [];
  let index = start;
  while (index < end && isBlank(text.charCodeAt(index))) index += 1;
  let cellStart = index;
  while (index < end && cells.length < MAX_CELLS) {
    const code = text.charCodeAt(index);
    const gap =
      code === CODE.TAB || (code === CODE.SPACE && isBlank(text.charCodeAt(index + 1)) && index + 1 < end);
    if (!gap) {
      index += 1;
      continue;
    }
    cells.push(trimCell(text, cellStart, index));
    while (index < end && isBlank(text.charCodeAt(index))) index += 1;
    cellStart = index;
  }
  if (cellStart < end) cells.push(trimCell(text, cellStart, end));
  return cells;
}

/** A header cell folded for lookup: lower case, without blanks or separators. */
function fold(text: string, cell: Cell): string {
  let folded = '';
  for (let index = cell.start; index < cell.end && folded.length <= 24; index += 1) {
    const code = text.charCodeAt(index);
    if (isUpper(code)) folded += String.fromCharCode(code + 32);
    else if (isLower(code) || isDigit(code)) folded += text.charAt(index);
  }
  return folded;
}

/** Whether a cell can name a setting: letters, digits and `_-./:`, at most three words. */
function isNameCell(text: string, cell: Cell): boolean {
  if (cell.end - cell.start < 2 || cell.end - cell.start > NAME_CELL_LENGTH) return false;
  let blanks = 0;
  for (let index = cell.start; index < cell.end; index += 1) {
    const code = text.charCodeAt(index);
    if (code === CODE.SPACE) {
      blanks += 1;
      if (blanks > 2) return false;
    } else if (
      !(
        isUpper(code) ||
        isLower(code) ||
        isDigit(code) ||
        code === CODE.UNDERSCORE ||
        code === CODE.HYPHEN ||
        code === CODE.DOT ||
        code === CODE.SLASH ||
        code === CODE.COLON
      )
    )
      return false;
  }
  return true;
}

/**
 * How strongly a name cell announces a secret. A provider's name alone says nothing in a table,
 * and a bare `token` column is as often a word's tokens as a credential, so it needs a token's
 * randomness.
 */
function cellStrength(text: string, cell: Cell): KeyStrength {
  if (!isNameCell(text, cell)) return 'none';
  const name = text.slice(cell.start, cell.end);
  const strength = cachedKeyStrength(name);
  if (strength === 'provider') return 'none';
  const lower = name.toLowerCase();
  return strength === 'explicit' && (lower === 'token' || lower === 'tokens') ? 'secret' : strength;
}

/** Reports a value cell that holds a credential: one word, not a description, a credential for its name. */
function reportValue(text: string, cell: Cell | undefined, strength: KeyStrength, found: Found): void {
  if (cell === undefined || strength === 'none' || cell.end - cell.start < 3) return;
  const value = text.slice(cell.start, cell.end);
  for (let index = 0; index < value.length; index += 1) if (isBlank(value.charCodeAt(index))) return;
  if (COLUMN_HEADERS.has(fold(text, cell))) return;
  if (describesValue(value) || !isCredentialValue(value, strength)) return;
  found(cell.start, cell.end);
}

/** Column types as a database shell writes them under the names: `varchar`, `decimal(18,3)`, `timestamp with time zone`. */
const TYPE_NAMES = new Set([
  'varchar',
  'char',
  'text',
  'string',
  'int',
  'integer',
  'bigint',
  'smallint',
  'tinyint',
  'hugeint',
  'uinteger',
  'ubigint',
  'double',
  'float',
  'real',
  'decimal',
  'numeric',
  'boolean',
  'bool',
  'date',
  'time',
  'timestamp',
  'timestamptz',
  'interval',
  'uuid',
  'blob',
  'bytea',
  'json',
  'jsonb',
  'list',
  'struct',
  'map',
  'enum',
  'int8',
  'int16',
  'int32',
  'int64',
  'float32',
  'float64',
  'utf8',
  'binary',
]);

/** Whether every cell of a row names a column type. */
function isTypeRow(text: string, cells: Cell[]): boolean {
  return (
    cells.length > 0 &&
    cells.every((cell) => {
      // the type's first word: `decimal` of `decimal(18,3)`
      const wordEnd = scanRight(text, cell.start, isWordCode, cell.end - cell.start);
      return TYPE_NAMES.has(text.slice(cell.start, wordEnd).toLowerCase());
    })
  );
}

/** A header row's columns: which holds the names, which the values, and what each column's name announces. */
function readHeader(text: string, cells: Cell[]): Header {
  let nameColumn = -1;
  let valueColumn = -1;
  const columnStrengths: KeyStrength[] = [];
  cells.forEach((cell, column) => {
    const folded = fold(text, cell);
    if (nameColumn === -1 && NAME_HEADERS.has(folded)) nameColumn = column;
    else if (valueColumn === -1 && VALUE_HEADERS.has(folded)) valueColumn = column;
    columnStrengths.push(cellStrength(text, cell));
  });
  if (valueColumn !== -1 && nameColumn === -1) nameColumn = valueColumn === 0 ? 1 : 0;
  return { nameColumn, valueColumn, columnStrengths };
}

/**
 * The secrets of one data row, read by its table's header, or by its secret-named cell when there
 * is none. `framed`: the row is drawn as a table (it starts with a separator, or a rule came
 * before it), so a name cell may hold a few words (`API key`); otherwise (`cat token | xargs`) the
 * name must be one word.
 */
function readRow(
  text: string,
  cells: Cell[],
  header: Header | undefined,
  framed: boolean,
  found: Found,
): void {
  if (header !== undefined) {
    if (header.valueColumn !== -1) {
      const name = cells[header.nameColumn];
      if (name !== undefined) reportValue(text, cells[header.valueColumn], cellStrength(text, name), found);
    }
    header.columnStrengths.forEach((strength, column) => {
      if (strength !== 'none' && column !== header.nameColumn)
        reportValue(text, cells[column], strength, found);
    });
    return;
  }
  for (let column = 0; column + 1 < cells.length; column += 1) {
    const cell = cells[column] as Cell;
    if (!framed && text.slice(cell.start, cell.end).includes(' ')) continue;
    const strength = cellStrength(text, cell);
    if (strength === 'none') continue;
    reportValue(text, cells[column + 1], strength, found);
    return;
  }
}

/** How many rows above a listing row {@link isHeadedListingRow} looks for the header. */
const HEADER_ROWS_ABOVE = 64;

/**
 * Whether the line starting at `rowStart` is a row of a column listing with a header above it
 * (`NAME  DIGEST  CREATED AT`): such a row is read here, under what its header says each column
 * holds, and other readers leave it alone.
 */
export function isHeadedListingRow(text: string, rowStart: number): boolean {
  let start = rowStart;
  for (let rows = 0; rows < HEADER_ROWS_ABOVE; rows += 1) {
    // the line above, read when a line break ends it: from its start to that break
    if (text.charCodeAt(start - 1) !== CODE.NEWLINE) return false;
    let breakAt = start - 1;
    if (text.charCodeAt(breakAt) === CODE.NEWLINE && text.charCodeAt(breakAt - 1) === CODE.CARRIAGE_RETURN)
      breakAt -= 1;
    const above = lineStart(text, breakAt, SHORT_LINE);
    let first = above;
    while (first < breakAt && first - above <= LISTING_INDENT && isBlank(text.charCodeAt(first))) first += 1;
    if (first - above > LISTING_INDENT || !isListingLine(text, first, breakAt)) return false;
    // a header in capitals, as CLIs print one (`kubectl`, `fly`, `docker`); `Name  es` in Fluent
    // Bit's config is a setting, and the lines below it are settings too
    if (isListingHeader(text, listingCells(text, first, breakAt))) return !hasLowerCase(text, first, breakAt);
    start = above;
  }
  return false;
}

function hasLowerCase(text: string, start: number, end: number): boolean {
  for (let index = start; index < end; index += 1) if (isLower(text.charCodeAt(index))) return true;
  return false;
}

/** Whether a listing line's cells read as a header: short words, the first of them a name header. */
function isListingHeader(text: string, cells: Cell[]): boolean {
  if (cells.length < 2 || !NAME_HEADERS.has(fold(text, cells[0] as Cell))) return false;
  for (const cell of cells) {
    if (cell.end - cell.start > 24) return false;
    for (let index = cell.start; index < cell.end; index += 1) {
      const code = text.charCodeAt(index);
      // `ms-Mcs-AdmPwd`, an Active Directory attribute in a PowerShell table, holds hyphens
      const wordCode = isUpper(code) || isLower(code) || code === CODE.UNDERSCORE || code === CODE.HYPHEN;
      if (!wordCode && code !== CODE.SPACE) return false;
    }
  }
  return true;
}

/** `DB_PASSWORD`, `PASSWORD`, `db.password`, `apiKey`: a name that reads as a setting, not a word that starts a sentence. */
function isCompoundName(text: string, cell: Cell): boolean {
  let upper = true;
  for (let index = cell.start; index < cell.end; index += 1)
    if (isLower(text.charCodeAt(index))) upper = false;
  if (upper) return true; // `PASSWORD`: an environment variable
  for (let index = cell.start; index < cell.end; index += 1) {
    const code = text.charCodeAt(index);
    if (code === CODE.UNDERSCORE || code === CODE.HYPHEN || code === CODE.DOT) return true;
    if (index > cell.start && isUpper(code) && isLower(text.charCodeAt(index - 1))) return true;
  }
  return false;
}

/** The longest one-line text {@link mayStartTable} reads by hand; a longer one goes to TABLE_LINE. */
const SHORT_LINE = 512;

/**
 * Whether a text can hold a line that TABLE_LINE matches. A short text of one line that starts
 * with no separator, rule or quote (after at most LISTING_INDENT blanks) and holds no comma, tab,
 * two blanks in a row or blank before a cell separator cannot: most strings of tool data are such
 * a text, and reading it here costs a fraction of entering the pattern. Any other text may.
 */
export function mayStartTable(text: string): boolean {
  if (text.length > SHORT_LINE) return true;
  let index = 0;
  while (index < LISTING_INDENT && isBlank(text.charCodeAt(index))) index += 1;
  const first = text.charCodeAt(index);
  if (
    first === CODE.HYPHEN ||
    first === CODE.EQUALS ||
    first === CODE.PIPE ||
    first === CODE.PLUS ||
    first === CODE.COLON ||
    first === CODE.DOUBLE_QUOTE ||
    (first >= 0x2500 && first <= 0x257f)
  )
    return true;
  for (let cursor = index; cursor < text.length; cursor += 1) {
    const code = text.charCodeAt(cursor);
    // a line break of any kind starts a line of its own: the pattern reads those
    if (code === CODE.NEWLINE || code === CODE.CARRIAGE_RETURN || code === 0x2028 || code === 0x2029)
      return true;
    if (code === CODE.COMMA || code === CODE.TAB) return true;
    if (code === CODE.SPACE) {
      const next = text.charCodeAt(cursor + 1);
      if (next === CODE.SPACE || isCellSeparator(next)) return true;
    }
  }
  return false;
}

/**
 * Finds secrets in table rows and column listings. One pass over the lines: each line is read a
 * bounded number of times (once, and once more as the line after a row, to see whether a rule
 * follows it, which makes that row a header).
 */
export function findTableSecrets(text: string, found: Found): void {
  if (!mayStartTable(text)) return;
  // a pipe table: its header once read, how many data rows were read, and whether a rule framed it
  let pipeHeader: Header | undefined;
  let inPipeTable = false;
  let pipeRows = 0;
  let ruled = false;
  // the cells of its first row, while no header was read
  let firstRow: Cell[] | undefined;
  // a listing: its header, while its rows last
  let listingHeader: Header | undefined;
  // a CSV table: its header and how many cells each row has
  let csvHeader: Header | undefined;
  let csvColumns = 0;
  // how many cells the line before had, when it was a comma-separated line that headed nothing
  let commaCellsBefore = 0;
  const line: LineScan = { end: 0, next: 0, separator: false, comma: false, gap: false };
  const reset = () => {
    pipeHeader = undefined;
    inPipeTable = false;
    pipeRows = 0;
    ruled = false;
    listingHeader = undefined;
    csvHeader = undefined;
    csvColumns = 0;
    commaCellsBefore = 0;
  };
  // reads the line at `start` as part of the table the lines before it began; returns where the next line starts
  const readLine = (start: number): number => {
    scanLine(text, start, line);
    const { end, next: following, separator: hasSeparator, comma: hasComma, gap: hasGap } = line;
    if (end - start > LINE_LENGTH) {
      // a line this long is prose or data, not a table row
      inPipeTable = false;
      listingHeader = undefined;
      csvHeader = undefined;
      return following;
    }
    const first = firstNonBlank(text, start, end);
    const firstCode = text.charCodeAt(first);
    if (
      (hasSeparator || isStrokeCode(firstCode) || firstCode === CODE.PLUS) &&
      isRuleLine(text, start, end)
    ) {
      if (!inPipeTable) {
        pipeHeader = undefined;
        pipeRows = 0;
        firstRow = undefined;
      }
      inPipeTable = true;
      ruled = true;
      return following;
    }
    if (hasSeparator) {
      listingHeader = undefined;
      const cells = pipeCells(text, start, end);
      if (!inPipeTable) {
        inPipeTable = true;
        ruled = false;
        pipeHeader = undefined;
        pipeRows = 0;
        firstRow = undefined;
      }
      if (pipeHeader === undefined && pipeRows === 0 && followedByRule(text, following)) {
        pipeHeader = readHeader(text, cells);
      } else if (
        pipeHeader === undefined &&
        pipeRows === 1 &&
        firstRow !== undefined &&
        followedByRule(text, following) &&
        isTypeRow(text, cells)
      ) {
        // DuckDB and the like write each column's type under its name: the names head the table
        pipeHeader = readHeader(text, firstRow);
      } else {
        if (pipeRows === 0) firstRow = cells;
        const framed = ruled || isCellSeparator(firstCode);
        readRow(text, cells, pipeHeader, framed, found);
        pipeRows += 1;
      }
      return following;
    }
    inPipeTable = false;
    if (csvHeader !== undefined) {
      // a row of a CSV table: as many cells as its header, or the table has ended
      const cells = hasComma ? commaCells(text, start, end) : [];
      if (cells.length === csvColumns) {
        readRow(text, cells, csvHeader, true, found);
        return following;
      }
      csvHeader = undefined;
    }
    const previousCommaCells = commaCellsBefore;
    commaCellsBefore = 0;
    if (hasComma && end - start <= CSV_HEADER_LENGTH && startsLikeCsvHeader(text, start, end)) {
      const cells = commaCells(text, start, end);
      commaCellsBefore = cells.length;
      // a header is the first line of its block: `field,type,required` over `password,string,yes`
      if (previousCommaCells !== cells.length && isCsvHeader(text, cells)) {
        csvHeader = readHeader(text, cells);
        csvColumns = cells.length;
        listingHeader = undefined;
        return following;
      }
    }
    if (hasGap && first - start <= LISTING_INDENT && isListingLine(text, first, end)) {
      const cells = listingCells(text, first, end);
      if (isListingHeader(text, cells)) listingHeader = readHeader(text, cells);
      else if (listingHeader !== undefined) readRow(text, cells, listingHeader, true, found);
      else if (
        isCompoundName(text, cells[0] as Cell) ||
        (cells.length === 2 && hasDigit(text, cells[1] as Cell))
      )
        readRow(text, cells.slice(0, 2), undefined, false, found);
    } else listingHeader = undefined;
    return following;
  };
  // Only lines that start like a table's are read. A line that does not ends any table, so the
  // state is kept only from one line to the line right after it.
  let expected = -1;
  eachMatch(TABLE_LINE, text, (match) => {
    const start = match.index;
    if (start !== expected) reset();
    expected = readLine(start);
    return expected;
  });
}

/** One line as {@link scanLine} reads it. */
interface LineScan {
  /** Where the line ends, before `\r\n` or `\n`. */
  end: number;
  /** Where the next line starts. */
  next: number;
  /** Whether the line holds a cell separator. */
  separator: boolean;
  /** Whether the line holds a comma. */
  comma: boolean;
  /** Whether the line holds a tab or two blanks in a row, as columns do. */
  gap: boolean;
}

/**
 * Reads one line from `start` with a plain character loop (a native search per line can cost the
 * whole rest of a rope-shaped string once optimised), noting its separators and commas.
 */
function scanLine(text: string, start: number, line: LineScan): void {
  let index = start;
  let separator = false;
  let comma = false;
  let gap = false;
  let previous = 0;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    if (code === CODE.NEWLINE) break;
    if (code === CODE.COMMA) comma = true;
    else if (code === CODE.TAB || (code === CODE.SPACE && previous === CODE.SPACE)) gap = true;
    else if (code === CODE.PIPE || code >= 0x2500) separator = separator || isCellSeparator(code);
    previous = code;
    index += 1;
  }
  line.gap = gap;
  line.next = index < text.length ? index + 1 : text.length;
  line.end = index > start && text.charCodeAt(index - 1) === CODE.CARRIAGE_RETURN ? index - 1 : index;
  line.separator = separator;
  line.comma = comma;
}

/** The cells of a CSV line split at commas, each without its blanks and quotes. */
function commaCells(text: string, start: number, end: number): Cell[] {
  const cells: Cell[] = [];
  let cellStart = start;
  for (let index = start; index <= end && cells.length < MAX_CELLS; index += 1) {
    if (index < end && text.charCodeAt(index) !== CODE.COMMA) continue;
    cells.push(trimCell(text, cellStart, index));
    cellStart = index + 1;
  }
  return cells;
}

/** Whether a line's first cell, up to its first comma, is a short name: the cheap test before {@link isCsvHeader}. */
function startsLikeCsvHeader(text: string, start: number, end: number): boolean {
  const limit = Math.min(end, start + NAME_CELL_LENGTH);
  let blanks = 0;
  for (let index = start; index < limit; index += 1) {
    const code = text.charCodeAt(index);
    if (code === CODE.COMMA) return index > start;
    if (code === CODE.SPACE && ++blanks > 2) return false;
    if (
      !(
        isUpper(code) ||
        isLower(code) ||
        isDigit(code) ||
        code === CODE.SPACE ||
        code === CODE.UNDERSCORE ||
        code === CODE.DOUBLE_QUOTE ||
        code === CODE.HYPHEN ||
        code === CODE.DOT
      )
    )
      return false;
  }
  return false;
}

/**
 * Whether a CSV line reads as a header over secrets: two or more cells, each a name of at most
 * three words (AWS writes `IAM user name,SMTP user name,SMTP password`), with a `name`/`value`
 * pair of headers or a secret-named header (`username,password`).
 */
function isCsvHeader(text: string, cells: Cell[]): boolean {
  if (cells.length < 2) return false;
  let names = false;
  let values = false;
  let secret = false;
  for (const cell of cells) {
    if (!isNameCell(text, cell) || text.slice(cell.start, cell.end).split(' ').length > 3) return false;
    const folded = fold(text, cell);
    if (NAME_HEADERS.has(folded)) names = true;
    else if (VALUE_HEADERS.has(folded)) values = true;
    else if (cellStrength(text, cell) !== 'none') secret = true;
  }
  return (names && values) || secret;
}

/** Whether a line can be a row of a column listing: a one-word name, then a tab or two blanks, then more. */
function isListingLine(text: string, first: number, end: number): boolean {
  const code = text.charCodeAt(first);
  if (!(isUpper(code) || isLower(code) || code === CODE.UNDERSCORE)) return false;
  let cursor = first;
  const nameLimit = Math.min(end, first + NAME_CELL_LENGTH);
  while (cursor < nameLimit && !isBlank(text.charCodeAt(cursor))) cursor += 1;
  const next = text.charCodeAt(cursor);
  if (!(next === CODE.TAB || (next === CODE.SPACE && text.charCodeAt(cursor + 1) === CODE.SPACE)))
    return false;
  while (cursor < end && isBlank(text.charCodeAt(cursor))) cursor += 1;
  return cursor < end;
}

/** `password    Gizo41`: a plain word may name a value on its own line when the value has a digit. */
function hasDigit(text: string, cell: Cell): boolean {
  for (let index = cell.start; index < cell.end; index += 1) if (isDigit(text.charCodeAt(index))) return true;
  return false;
}

function firstNonBlank(text: string, start: number, end: number): number {
  let index = start;
  while (index < end && isBlank(text.charCodeAt(index))) index += 1;
  return index;
}

/** Whether the line at `start` is a rule: the row before it is a header. */
function followedByRule(text: string, start: number): boolean {
  if (start >= text.length) return false;
  const line: LineScan = { end: 0, next: 0, separator: false, comma: false, gap: false };
  scanLine(text, start, line);
  if (line.end - start > LINE_LENGTH) return false;
  const first = text.charCodeAt(firstNonBlank(text, start, line.end));
  return (
    (isStrokeCode(first) || isCellSeparator(first) || first === CODE.PLUS) &&
    isRuleLine(text, start, line.end)
  );
}

/** The close of an HTML cell or term that may name a secret: `</th>`, `</td>`, `</dt>`. */
const NAME_CELL_CLOSE = /<\/(?:th|td|dt)>/gi;
/** What every closing tag holds: the HTML readers here and in find-access-prose share the set. */
export const CLOSING_TAG = keywords('</');
/** The opening of the cell or description after it: `<td>`, `<td class="x">`, `<dd>`. */
const VALUE_CELL_OPEN = /\s{0,16}<(?:td|dd)\b[^<>]{0,64}>/iy;
const HTML_NAME_LENGTH = 64;
const HTML_VALUE_LENGTH = 256;

/**
 * A secret in an HTML row or definition list, as wiki and ticket pages (Confluence, a runbook's
 * handover table) hold one: `<tr><th>Password</th><td>X</td></tr>`, `<td>API key</td><td>X</td>`,
 * `<dt>Token</dt><dd>X</dd>`. The name is the text of a cell, and the value the text of the
 * next cell, read up to its closing tag.
 */
export function findHtmlCellSecrets(text: string, found: Found, held = keywordsIn(text)): void {
  if (!holds(held, CLOSING_TAG) || text.indexOf('</') === -1) return;
  eachMatch(NAME_CELL_CLOSE, text, (match) => {
    const close = match.index;
    const nameStart = lastIndexBetween(text, CODE.GREATER_THAN, Math.max(0, close - HTML_NAME_LENGTH), close);
    if (nameStart === -1) return;
    const name = text
      .slice(nameStart + 1, close)
      .trim()
      .replace(/:$/, '');
    if (name.length === 0 || name.includes('<')) return;
    const strength = cachedKeyStrength(name);
    if (strength === 'none') return;
    VALUE_CELL_OPEN.lastIndex = close + match[0].length;
    if (VALUE_CELL_OPEN.exec(text) === null) return;
    let start = VALUE_CELL_OPEN.lastIndex;
    const limit = Math.min(text.length, start + HTML_VALUE_LENGTH);
    let end = scanRight(text, start, (code) => code !== CODE.LESS_THAN, limit - start);
    if (text.charCodeAt(end) !== CODE.LESS_THAN) return;
    while (start < end && isSpaceCode(text.charCodeAt(start))) start += 1;
    while (end > start && isSpaceCode(text.charCodeAt(end - 1))) end -= 1;
    // as in a table's cell: one word, not a word that describes the value (`hidden`, `required`)
    const value = text.slice(start, end);
    if (end > start && !hasWhitespace(value) && !describesValue(value) && isCredentialValue(value, strength))
      found(start, end);
    return end;
  });
}

/** A row of an HTML table: `<tr>`, `<tr class="odd">`. */
const HTML_ROW = /<tr\b[^<>]{0,128}>/gi;
/** The end of a table: the names its header gave its columns end there. */
const TABLE_CLOSE = /<\/table\b/gi;
/** A header cell's close: a table whose columns are named holds one. */
const HEADER_CELL_CLOSE = /<\/th>/i;
/** The most cells of a row read, and the longest tag read. */
const HTML_ROW_CELLS = 32;
const HTML_TAG_LENGTH = 160;

function isNotTagEnd(code: number): boolean {
  return code !== CODE.GREATER_THAN;
}

/** One cell of an HTML row: a header cell or not, and its text (one stretch between tags, or none). */
interface HtmlCell {
  header: boolean;
  /** Where its text is, when it is one stretch of text; -1 when it has none or several. */
  start: number;
  end: number;
}

/** Whether `<t…` at `index` opens a cell, a row, or closes one: the tag's name after `<` or `</`. */
function tagNameAt(text: string, index: number): string {
  let cursor = index + 1;
  if (text.charCodeAt(cursor) === CODE.SLASH) cursor += 1;
  const name = text.slice(cursor, cursor + 3).toLowerCase();
  const after = text.charCodeAt(cursor + 2);
  if (!(after === CODE.GREATER_THAN || isSpaceCode(after) || Number.isNaN(after))) return '';
  return text.charCodeAt(cursor - 1) === CODE.SLASH ? `/${name.slice(0, 2)}` : name.slice(0, 2);
}

/**
 * The cells of the row that starts at `from` (after its `<tr>`), each read once, into `cells`;
 * returns where the row ends. A cell's text is read between its tags, under any inline markup
 * (`<td><code>X</code></td>`), no further than {@link HTML_VALUE_LENGTH} characters.
 */
function readHtmlRow(text: string, from: number, cells: HtmlCell[]): number {
  cells.length = 0;
  let cursor = from;
  while (cells.length < HTML_ROW_CELLS) {
    while (cursor < text.length && isSpaceCode(text.charCodeAt(cursor))) cursor += 1;
    if (text.charCodeAt(cursor) !== CODE.LESS_THAN) return cursor;
    const name = tagNameAt(text, cursor);
    if (name !== 'th' && name !== 'td') return cursor;
    const tagEnd = scanRight(text, cursor, isNotTagEnd, HTML_TAG_LENGTH);
    if (text.charCodeAt(tagEnd) !== CODE.GREATER_THAN) return cursor;
    const cell: HtmlCell = { header: name === 'th', start: -1, end: -1 };
    let stretches = 0;
    let at = tagEnd + 1;
    const limit = Math.min(text.length, at + HTML_VALUE_LENGTH);
    // the cell's text and markup, to its close or to the next cell or row
    while (at < limit) {
      if (text.charCodeAt(at) === CODE.LESS_THAN) {
        const inner = tagNameAt(text, at);
        if (inner === 'th' || inner === 'td' || inner === 'tr' || inner === '/tr') break;
        const close = scanRight(text, at, isNotTagEnd, limit - at);
        if (text.charCodeAt(close) !== CODE.GREATER_THAN) return limit;
        at = close + 1;
        if (inner === '/th' || inner === '/td') break;
        continue;
      }
      let end = scanRight(text, at, (code) => code !== CODE.LESS_THAN, limit - at);
      let start = at;
      at = end;
      while (start < end && isSpaceCode(text.charCodeAt(start))) start += 1;
      while (end > start && isSpaceCode(text.charCodeAt(end - 1))) end -= 1;
      if (end === start) continue;
      stretches += 1;
      cell.start = stretches === 1 ? start : -1;
      cell.end = stretches === 1 ? end : -1;
    }
    cells.push(cell);
    cursor = at;
  }
  return cursor;
}

/**
 * A secret in the column of an HTML table whose header names it, as a scraped wiki or runbook
 * page holds one: `<tr><th>Device</th><th>Password</th></tr><tr><td>printer</td><td>X</td></tr>`.
 * A row of header cells names the columns until the next such row or the table's end; the
 * value is the text of a body row's cell under a secret-named column, one word. Linear: each
 * row is read once, from its `<tr>`.
 */
export function findHtmlTableSecrets(text: string, found: Found, held = keywordsIn(text)): void {
  if (!holds(held, CLOSING_TAG) || !HEADER_CELL_CLOSE.test(text)) return;
  const cells: HtmlCell[] = [];
  let columns: KeyStrength[] | undefined;
  // where the table being read ends, searched for again only once a row starts past it
  let tableEnd: number | undefined;
  eachMatch(HTML_ROW, text, (match) => {
    const rowStart = match.index;
    if (tableEnd !== undefined && tableEnd !== -1 && tableEnd < rowStart) columns = undefined;
    if (tableEnd === undefined || (tableEnd !== -1 && tableEnd < rowStart)) {
      TABLE_CLOSE.lastIndex = rowStart;
      tableEnd = TABLE_CLOSE.exec(text)?.index ?? -1;
    }
    const rowEnd = readHtmlRow(text, rowStart + match[0].length, cells);
    if (cells.length > 0 && cells.every((cell) => cell.header)) {
      const named = cells.map((cell) =>
        cell.start === -1 ? 'none' : cachedKeyStrength(text.slice(cell.start, cell.end).replace(/:$/, '')),
      );
      columns = named.some((strength) => strength !== 'none') ? named : undefined;
      return rowEnd;
    }
    if (columns === undefined) return rowEnd;
    for (let index = 0; index < cells.length && index < columns.length; index += 1) {
      const strength = columns[index] as KeyStrength;
      const cell = cells[index] as HtmlCell;
      if (strength === 'none' || cell.header || cell.start === -1) continue;
      const value = text.slice(cell.start, cell.end);
      if (!hasWhitespace(value) && !describesValue(value) && isCredentialValue(value, strength))
        found(cell.start, cell.end);
    }
    return rowEnd;
  });
}

/** The gate above, for the test that no gate hides a match. */
export const TABLE_GATES: readonly PatternGate[] = [[NAME_CELL_CLOSE, CLOSING_TAG]];

/** The regular expressions above, for the ReDoS check. */
export const TABLE_PATTERNS: readonly RegExp[] = [
  TABLE_LINE,
  NAME_CELL_CLOSE,
  VALUE_CELL_OPEN,
  HTML_ROW,
  HEADER_CELL_CLOSE,
  TABLE_CLOSE,
];
