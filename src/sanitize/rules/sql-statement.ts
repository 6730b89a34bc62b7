import type { LeakRule, LeakSpan } from '../leak-rule.js';
import { eachMatch, lineEnd, lineStart, nextLineStart } from '../text-scan.js';

/** The words a statement can open with; each hit is then checked against statement grammar. */
const STATEMENT_KEYWORD =
  /\b(?:select|insert|update|delete|merge|upsert|replace|drop|alter|create|truncate|with|exec|execute|call|grant|revoke|copy)\b/gi;

/** Sticky shapes tried at a keyword, over a window of at most {@link WINDOW_LENGTH} characters. */
const FROM_WORD = /\bfrom\b/gi;
/** What follows FROM: a table name, then up to 80 characters of the clause. */
const FROM_TABLE =
  /from\s+("[^"\n]+"(?:\."[^"\n]+"){0,3}|`[^`\n]+`|\[[^\]\n]+\]|[A-Za-z_][\w$]*(?:\.[\w$]+)*)/iy;
const INSERT_SHAPE =
  /(?:insert|upsert|replace)\s+(?:ignore\s+|or (?:replace|ignore|abort|fail|rollback)\s+)?into\s+("[^"\n]+"(?:\."[^"\n]+"){0,3}|`[^`\n]+`|\[[^\]\n]+\]|[A-Za-z_][\w$]*(?:\.[\w$]+)*)\s*(?:\(|values\b|select\b|set\b|default values\b)/iy;
const UPDATE_SHAPE =
  /update\s+(?:"[^"\n]+"(?:\."[^"\n]+"){0,3}|`[^`\n]+`|\[[^\]\n]+\]|[A-Za-z_][\w$]*(?:\.[\w$]+)*)\s+/iy;
/** `[alias] SET column =` after the table of an UPDATE. */
const UPDATE_SET = /(?:[A-Za-z_]\w*\s+)?set\s+[\w$."`[\]]+\s*=/iy;
const DELETE_SHAPE =
  /delete\s+from\s+("[^"\n]+"(?:\."[^"\n]+"){0,3}|`[^`\n]+`|\[[^\]\n]+\]|[A-Za-z_][\w$]*(?:\.[\w$]+)*)/iy;
const SCHEMA_SHAPE =
  /(?:drop|alter|create(?: or replace)?|truncate)\s+(?:(?:unique|temporary|temp|materialized)\s+)?(?:table|database|schema|index|view|sequence|trigger|function|procedure|role|user)\s+(?:if (?:not )?exists\s+)?("[^"\n]+"(?:\."[^"\n]+"){0,3}|`[^`\n]+`|\[[^\]\n]+\]|[A-Za-z_][\w$]*(?:\.[\w$]+)*)/iy;
const MERGE_SHAPE =
  /merge\s+into\s+(?:"[^"\n]+"(?:\."[^"\n]+"){0,3}|`[^`\n]+`|\[[^\]\n]+\]|[A-Za-z_][\w$]*(?:\.[\w$]+)*)(?:\s+(?:as\s+)?[A-Za-z_]\w*)?\s+using\b/iy;
const CTE_SHAPE = /with\s+(?:recursive\s+)?[A-Za-z_]\w*\s+as\s*\(\s*select\b/iy;
/** `GRANT <privilege> … ON <object> TO <role>` and `REVOKE … FROM`; the ON and TO are found in code. */
const PRIVILEGE_SHAPE =
  /(?:grant|revoke)\s+(?:all|select|insert|update|delete|usage|execute|connect|create|references|trigger|truncate|temporary|temp|alter|drop|index)\b/iy;
const ON_WORD = /\son\s/i;
const TO_OR_FROM_WORD = /\s(?:to|from)\s/i;
/**
 * PostgreSQL's `COPY <table> [(columns)] FROM|TO STDIN|STDOUT|'file'|PROGRAM`, and Snowflake's
 * `COPY INTO <table>|@stage FROM @stage|'s3://…'|(SELECT …)`.
 */
const COPY_SHAPE =
  /copy\s+(?:into\s+)?("[^"\n]+"|@?[A-Za-z_][\w$]*(?:\.[\w$]+)*)\s*(?:\([^)\n]{0,400}\)\s*)?(?:from|to)\s+(stdin|stdout|program\b|'|@|\()/iy;
const PRIVILEGE_REACH = 200;
const PROCEDURE_SHAPE = /(?:exec|execute|call)\s+(?:[A-Za-z_]\w*\.){1,3}[A-Za-z_]\w*\s*\(?[@:$?'\d]/iy;

/**
 * Database error texts, which quote schema, SQL or the server: vendor codes and exception
 * classes (SQLSTATE, ORA-, MySQL's `ERROR 1146 (42S02)`, SQL Server's `Msg 208, Level 16`, DB2's
 * `SQL0204N`, ClickHouse's `DB::Exception`, JDBC, SQLAlchemy, Hibernate, ActiveRecord), and the
 * phrases drivers use for a missing, duplicate or forbidden object.
 */
const DATABASE_ERROR_PHRASES = [
  String.raw`(?:syntax error at or near|relation "|column "|duplicate key value violates|violates (?:foreign key|not-null|unique|check) constraint|SQLSTATE|ORA-\d{5}|ER_[A-Z_]{3}|SQLITE_[A-Z]{3}|PG::[A-Z]|You have an error in your SQL syntax|Unknown (?:column|table|database) |no such (?:table|column|index): |deadlock detected|could not serialize access|QueryFailedError|SequelizeDatabaseError|PrismaClientKnownRequestError|MongoServerError|MongoError|E11000 duplicate key|Deadlock found when trying to get lock|Lock wait timeout exceeded|canceling statement due to (?:lock|statement) timeout|WRONGTYPE Operation against a key|Invalid \`prisma\.)`,
  // psql and libpq write their severities with two spaces after the colon
  '(?:ERROR|FATAL|PANIC):  [a-z]',
  String.raw`(?:ERROR|Error) \d{4} \([0-9A-Z]{5}\)|Msg \d{3,5}, Level \d{1,2}, State \d{1,3}|SQL\d{4}[NWC]\b|DB::Exception\b|SQL compilation error\b`,
  String.raw`(?:java\.sql\.SQL|org\.hibernate\.|sqlalchemy\.exc\.|psycopg2?\.errors\.|sqlite3\.|ActiveRecord::|Microsoft\.Data\.SqlClient\.|System\.Data\.SqlClient\.|Npgsql\.|MySql\.Data\.)\w`,
  String.raw`(?:Invalid (?:object|column) name '|Violation of (?:PRIMARY|UNIQUE) KEY constraint|Cannot insert (?:the value NULL|duplicate key)|conflicted with the (?:FOREIGN KEY|REFERENCE|CHECK) constraint|Duplicate entry '|Access denied for user '|permission denied for (?:table|relation|schema|sequence|database|view|function) |null value in column "|password authentication failed for user|unconfigured table |index_not_found_exception|search_phase_execution_exception|query_shard_exception|mapper_parsing_exception|version_conflict_engine_exception|no such index \[|Not found: (?:Table|Dataset) )`,
  // graph and key-value stores: Neo4j's status codes and a Cypher pattern, DynamoDB's exceptions
  String.raw`Neo\.(?:ClientError|TransientError|DatabaseError)\.|(?:OPTIONAL )?MATCH \((?:[A-Za-z_]\w{0,63})?:[A-Za-z_]|ConditionalCheckFailedException|ProvisionedThroughputExceededException|TransactionCanceledException|One or more parameter values were invalid`,
  // Postgres in other languages names the relation in guillemets or quotes
  '(?:la relation|la relación|la relazione|Relation|отношение) [«»"„]',
  // a missing or duplicate object: quoted, or qualified with a schema (`analytics.events`)
  String.raw`(?:[Tt]able|[Vv]iew|[Oo]bject|[Cc]olumn|[Ii]ndex|[Dd]atabase|[Ss]chema|[Dd]ataset|[Ss]equence|[Rr]elation) (?:['"\`\[][\w$.:-]{1,128}['"\`\]] (?:does ?n[o']t exist|does not exist|already exists|is an undefined name)|[A-Za-z_][\w$-]{0,63}(?:[.:][\w$-]{1,64}){1,3} (?:does ?n[o']t exist|does not exist|was not found|not found|already exists))`,
  // a MongoDB shell command names its collection
  String.raw`db\.[A-Za-z_][\w-]{0,63}\.(?:find|findOne|aggregate|insertOne|insertMany|updateOne|updateMany|deleteOne|deleteMany|replaceOne|countDocuments|createIndex|drop|bulkWrite|distinct)\(`,
];

/** A query plan: Postgres's EXPLAIN prints the cost and rows of every node. */
const QUERY_PLAN_NODE = String.raw`\((?:cost|actual time)=\d{1,12}\.\d{1,4}\.\.\d{1,12}\.\d{1,4} rows=\d`;

/**
 * Cassandra's error class before its message, `code=2200 [Invalid query] message="…"`: it opens
 * with a bracket, so it cannot follow a word boundary.
 */
const CASSANDRA_INVALID_QUERY = String.raw`\[Invalid query\] message=`;

/** One word boundary for every phrase, so the scan tests it once per position. */
const DATABASE_ERROR = new RegExp(
  String.raw`\b(?:${DATABASE_ERROR_PHRASES.join('|')})|${QUERY_PLAN_NODE}|${CASSANDRA_INVALID_QUERY}`,
  'g',
);

/**
 * The same, one phrase group at a time, for the ReDoS audit. recheck can only fuzz the union, and
 * its fuzzer now and then reports it quadratic though V8 scans it in linear time. The union's cost
 * at any position is the sum of its groups' costs there, so it is linear when every group is.
 */
const DATABASE_ERROR_PARTS = [
  ...DATABASE_ERROR_PHRASES.map((phrase) => new RegExp(String.raw`\b(?:${phrase})`)),
  new RegExp(QUERY_PLAN_NODE),
  new RegExp(CASSANDRA_INVALID_QUERY),
];

/** After `relation "` or `column "`, the error words that make it a database error. */
const QUOTED_NAME_ERROR = /^" (?:does not exist|of relation|violates|already exists)/;

/** Lines that carry on a database error: indented, or Postgres's `LINE 1:`, `DETAIL:`, `HINT:`. */
const CONTINUATION = /[ \t]{2}|\t|\\t|(?:LINE \d{1,6}|DETAIL|HINT|CONTEXT|QUERY|WHERE|POSITION):/y;

/** How far back an error line is read for its start, and how many lines carry it on. */
const LINE_START_REACH = 240;
const CONTINUATION_LINES = 4;

/** Signs that a clause is code: punctuation, qualified or snake_case names, placeholders, clauses. */
const SQL_SYNTAX =
  /[*,();=`"[\]?]|[a-z]\.[a-z]|\w_\w|\$\d|:\w|\b(?:where|join|limit|order by|group by|having|returning|on conflict|values)\b/i;
/** A column list has a name or a `*` in it. */
const COLUMN_LIST = /[\w*]/;
const SELECT_LIST_WORDS = /^[\w.*, ()"`[\]\n\t]*$/;
const CLAUSE_AFTER_TABLE = /^\s+(?:where|join|inner|left|right|limit|order|group|as|;)\b/i;
const CLAUSE_AFTER_DELETE = /^\s*(?:where|returning|using|;|$)/i;

/** Words after FROM that show English, not a table: "select a plan from the list". */
const ENGLISH_DETERMINER =
  /^(?:the|a|an|and|or|your|my|our|their|his|her|its|this|that|these|those|each|every|any|some|one|below|above|here|there|them|it|which|what|home|scratch|memory|stock|today)$/i;

const WINDOW_LENGTH = 600;

function span(start: number, end: number): LeakSpan {
  return { rule: 'sql', start, end };
}

function isUpperCase(word: string): boolean {
  return word === word.toUpperCase();
}

function hasSqlSyntax(fragment: string): boolean {
  return SQL_SYNTAX.test(fragment);
}

/** The end of the error line at `from` and of up to {@link CONTINUATION_LINES} lines that carry it on. */
function errorEnd(text: string, from: number): number {
  let end = lineEnd(text, from, 512);
  for (let line = 0; line < CONTINUATION_LINES; line += 1) {
    const next = nextLineStart(text, end);
    if (next >= text.length) break;
    CONTINUATION.lastIndex = next;
    if (!CONTINUATION.test(text)) break;
    end = lineEnd(text, next, 512);
  }
  return end;
}

function statementEnd(text: string, from: number): number {
  const limit = Math.min(text.length, from + 4096);
  for (let index = from; index < limit; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 59) return index + 1;
    if (code === 10 && text.charCodeAt(index + 1) === 10) return index;
  }
  return limit;
}

function matchesAt(shape: RegExp, window: string): RegExpExecArray | null {
  shape.lastIndex = 0;
  return shape.exec(window);
}

/** `SELECT <list> FROM <table> <tail>`, where `fromOffset` is the first FROM in the window or -1. */
function isSelect(keyword: string, window: string, fromOffset: number): boolean {
  if (fromOffset < 0) return false;
  const list = window.slice(keyword.length, fromOffset).trim();
  // a column list names something, or is `*`: `SELECT, FROM and WHERE` is a list of keywords
  if (list.length > 400 || !COLUMN_LIST.test(list)) return false;
  FROM_TABLE.lastIndex = fromOffset;
  const match = FROM_TABLE.exec(window);
  if (match === null) return false;
  const table = match[1] ?? '';
  const tailStart = fromOffset + match[0].length;
  const tail = window.slice(tailStart, tailStart + 80);
  if (ENGLISH_DETERMINER.test(table)) return false;
  const fromKeyword = window.slice(fromOffset, fromOffset + 4);
  const keywordsUpper = isUpperCase(keyword) && fromKeyword === 'FROM';
  return (
    (keywordsUpper && !/^[A-Z][a-z]/.test(table) && SELECT_LIST_WORDS.test(list)) ||
    hasSqlSyntax(list) ||
    /[._"`[]/.test(table) ||
    CLAUSE_AFTER_TABLE.test(tail)
  );
}

/**
 * `GRANT … ON … TO …` or `REVOKE … ON … FROM …`, in capitals or naming a qualified object:
 * "grant select access on the dashboard to your team" is English.
 */
function isPrivilegeStatement(keyword: string, window: string): boolean {
  if (matchesAt(PRIVILEGE_SHAPE, window) === null) return false;
  const head = window.slice(0, PRIVILEGE_REACH);
  const on = ON_WORD.exec(head);
  if (on === null) return false;
  const rest = head.slice(on.index + on[0].length);
  const to = TO_OR_FROM_WORD.exec(rest);
  if (to === null) return false;
  // capitals, a qualified or quoted object, or one role and the semicolon that ends a statement
  return (
    isUpperCase(keyword) || /[._"`[]/.test(rest.slice(0, to.index)) || ROLE_AND_END.test(rest.slice(to.index))
  );
}

const ROLE_AND_END = /^\s(?:to|from)\s+[\w"]{1,63}\s*;/i;

/** Whether the statement opening at the start of `window` is real SQL, not an English sentence. */
function isStatement(keyword: string, window: string, fromOffset: number): boolean {
  const lower = keyword.toLowerCase();
  if (lower === 'select') return isSelect(keyword, window, fromOffset);
  if (lower === 'insert' || lower === 'upsert' || lower === 'replace') {
    const match = matchesAt(INSERT_SHAPE, window);
    return match !== null && !ENGLISH_DETERMINER.test(match[1] ?? '');
  }
  if (lower === 'update') {
    const match = matchesAt(UPDATE_SHAPE, window);
    if (match === null) return false;
    UPDATE_SET.lastIndex = match[0].length;
    return UPDATE_SET.exec(window) !== null;
  }
  if (lower === 'delete') {
    const match = matchesAt(DELETE_SHAPE, window);
    if (match === null || ENGLISH_DETERMINER.test(match[1] ?? '')) return false;
    return (
      isUpperCase(keyword) ||
      /[._"`[]/.test(match[1] ?? '') ||
      CLAUSE_AFTER_DELETE.test(window.slice(match[0].length, match[0].length + 80))
    );
  }
  if (lower === 'grant' || lower === 'revoke') return isPrivilegeStatement(keyword, window);
  if (lower === 'copy') {
    const match = matchesAt(COPY_SHAPE, window);
    if (match === null) return false;
    return isUpperCase(keyword) || /^std/i.test(match[2] ?? '') || /[."]/.test(match[1] ?? '');
  }
  if (lower === 'merge') return matchesAt(MERGE_SHAPE, window) !== null;
  if (lower === 'with') return matchesAt(CTE_SHAPE, window) !== null;
  if (lower === 'exec' || lower === 'execute' || lower === 'call')
    return matchesAt(PROCEDURE_SHAPE, window) !== null;
  const match = matchesAt(SCHEMA_SHAPE, window);
  if (match === null) return false;
  const name = match[1] ?? '';
  return isUpperCase(keyword) || /[._"`[(;]/.test(name + window.charAt(match[0].length));
}

/** SQL statements (not English using the same verbs) and database error texts that quote schema. */
export const sqlStatementRule: LeakRule = {
  name: 'sql',
  description:
    'SQL statements (SELECT ... FROM, INSERT INTO, UPDATE ... SET, DELETE FROM, DDL, GRANT and REVOKE, COPY, CTEs, procedure calls) checked against statement grammar so that English such as "select a plan from the list" passes, and database error texts with the lines that carry them on (SQLSTATE, ORA-, MySQL, SQL Server, DB2, ClickHouse and Snowflake codes, driver exception classes, missing or duplicate objects, query plans, MongoDB shell commands).',
  patterns: [
    STATEMENT_KEYWORD,
    FROM_WORD,
    FROM_TABLE,
    INSERT_SHAPE,
    UPDATE_SHAPE,
    UPDATE_SET,
    DELETE_SHAPE,
    SCHEMA_SHAPE,
    MERGE_SHAPE,
    CTE_SHAPE,
    PROCEDURE_SHAPE,
    PRIVILEGE_SHAPE,
    ON_WORD,
    TO_OR_FROM_WORD,
    COPY_SHAPE,
    ROLE_AND_END,
    ...DATABASE_ERROR_PARTS,
    QUOTED_NAME_ERROR,
    CONTINUATION,
    SQL_SYNTAX,
    COLUMN_LIST,
    SELECT_LIST_WORDS,
    CLAUSE_AFTER_TABLE,
    CLAUSE_AFTER_DELETE,
    ENGLISH_DETERMINER,
  ],
  find(text) {
    const spans: LeakSpan[] = [];
    let coveredUntil = 0;
    // the next FROM after the current keyword, found once and reused, so the scan stays linear
    let nextFrom = -1;
    eachMatch(STATEMENT_KEYWORD, text, (match) => {
      if (match.index < coveredUntil) return;
      if (nextFrom !== Number.POSITIVE_INFINITY && nextFrom < match.index) {
        FROM_WORD.lastIndex = match.index;
        nextFrom = FROM_WORD.exec(text)?.index ?? Number.POSITIVE_INFINITY;
      }
      const fromOffset = nextFrom - match.index < WINDOW_LENGTH ? nextFrom - match.index : -1;
      const window = text.slice(match.index, match.index + WINDOW_LENGTH);
      if (isStatement(match[0], window, fromOffset)) {
        coveredUntil = statementEnd(text, match.index);
        spans.push(span(match.index, coveredUntil));
      }
    });
    eachMatch(DATABASE_ERROR, text, (match) => {
      if (match[0].endsWith('"') && !match[0].startsWith('null')) {
        const nameEnd = text.indexOf('"', match.index + match[0].length);
        const closes = nameEnd > 0 && nameEnd - match.index < 160;
        if (!closes || !QUOTED_NAME_ERROR.test(text.slice(nameEnd, nameEnd + 40))) return;
      }
      // the whole error: its line, which may name the object before the code (DB2, SQL Server),
      // and the lines that carry it on (libpq's indented hints, Postgres's LINE/DETAIL)
      const start = lineStart(text, match.index, LINE_START_REACH);
      const end = errorEnd(text, match.index);
      spans.push(span(start, end));
      return end;
    });
    return spans;
  },
};
