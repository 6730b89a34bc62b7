import { cutClear } from '../sanitize/clear-cut.js';
import { mayHoldCommandOutput, revealedOutput } from '../sanitize/command-output.js';
import { rememberOriginalLength } from '../sanitize/original-length.js';
import {
  entryValuesCanStay,
  hasSensitiveMirror,
  holdsSecretBelow,
  isEntry,
  isJudgedByNames,
  isSecretByKeyName,
  memberStrength,
  sameKeys,
  tableKeys,
  tableStrengths,
} from '../sanitize/redact-by-key-name.js';
import { isStrictlyCleanText, markCleanCopy } from '../sanitize/redact-value.js';
import type { KeyStrength } from '../sanitize/rules/secret-key-names.js';

/** Limits for {@link toJsonSafe}. */
export interface JsonSafeLimits {
  maxDepth: number;
  maxNodes: number;
  maxStringCharacters: number;
  /**
   * The most JSON text, estimated, that the copy holds; past it, lists and objects stop growing.
   * Only what can reach the model is copied (and later sanitised), so a 250k-key result costs
   * no more than one that fits.
   * @default 2 * maxStringCharacters + 16384
   */
  maxBytes?: number;
}

/**
 * Copies any value a tool returned into plain JSON data, never throwing: BigInt becomes a
 * string, cycles become "[circular]", functions and symbols are dropped, a getter or proxy trap
 * that throws becomes "[unreadable]", and depth, node count, string length and the size of the
 * whole copy are capped. A string is cut only where no leak straddles the cut.
 */
export function toJsonSafe(value: unknown, limits: JsonSafeLimits, checkClean = false): unknown {
  const copier = new Copier(limits, checkClean);
  // the path from the root lives on a stack shared by every copy: a copy made inside another
  // (a getter that copies) searches only its own part of it, above `base`, and leaves the stack
  // as it found it
  copier.base = ancestors.length;
  let copied: unknown;
  try {
    copied = copier.copy(value, 0);
  } finally {
    ancestors.length = copier.base;
  }
  if (copier.clean && typeof copied === 'object' && copied !== null) markCleanCopy(copied);
  return copied;
}

/**
 * The objects on the path from the root of each copy being made, at most maxDepth per copy: a
 * list scans as fast as a set hashes, and unlike a set or a list per copy it allocates nothing
 * once it has grown.
 */
const ancestors: object[] = [];

/**
 * One copy's walk: its counters and limits in fields of one object, where closures over them
 * cost a context and a function object each per copy.
 */
class Copier {
  nodes = 0;
  bytes = 0;
  base = 0;
  /** How many of its keys the last object copied went through: all of them, unless it filled the copy. */
  visited = 0;
  // while checking: each string and key of the copy is read as the sanitiser's clean walk reads
  // it (under every rule, the strictest allowlist); the keys of an object met before are
  // compared rather than checked again (see lastChecked)
  clean: boolean;
  readonly maxNodes: number;
  readonly maxDepth: number;
  readonly maxStringCharacters: number;
  readonly maxBytes: number;

  constructor(limits: JsonSafeLimits, checkClean: boolean) {
    this.clean = checkClean;
    this.maxNodes = limits.maxNodes;
    this.maxDepth = limits.maxDepth;
    this.maxStringCharacters = limits.maxStringCharacters;
    this.maxBytes = limits.maxBytes ?? 2 * limits.maxStringCharacters + 16_384;
  }

  full(): boolean {
    return this.nodes > this.maxNodes || this.bytes > this.maxBytes;
  }

  copy(input: unknown, depth: number): unknown {
    if (++this.nodes > this.maxNodes || this.bytes > this.maxBytes) return '[omitted]';
    this.bytes += 1; // a separator or a bracket
    switch (typeof input) {
      case 'string': {
        const kept =
          input.length > this.maxStringCharacters ? cutClear(input, this.maxStringCharacters) : input;
        this.bytes += kept.length + 2;
        return kept;
      }
      case 'number':
        this.bytes += 8;
        return Number.isFinite(input) ? input : null;
      case 'boolean':
        return input;
      case 'bigint':
        return input.toString();
      case 'undefined':
      case 'function':
      case 'symbol':
        return undefined;
    }
    if (input === null) return null;
    if (depth >= this.maxDepth) return '[too deep]';
    const object = input as object;
    if (ancestors.indexOf(object, this.base) !== -1) return '[circular]';
    ancestors.push(object);
    try {
      if (object instanceof Date) return Number.isNaN(object.getTime()) ? null : object.toISOString();
      const toJSON = (object as { toJSON?: unknown }).toJSON;
      if (typeof toJSON === 'function') return this.copy(toJSON.call(object), depth + 1);
      if (Array.isArray(object)) return this.copyList(object, depth);
      if (object instanceof Map) return this.copy(Object.fromEntries(object), depth);
      if (object instanceof Set) return this.copy([...object], depth);
      return this.copyObject(object, depth);
    } catch {
      return '[unreadable]';
    } finally {
      ancestors.pop();
    }
  }

  copyList(list: readonly unknown[], depth: number): unknown[] {
    const items: unknown[] = [];
    for (const item of list) {
      const copied = this.copy(item, depth + 1);
      if (this.clean && typeof copied === 'string' && !isStrictlyCleanText(copied)) this.clean = false;
      items.push(copied === undefined ? null : copied);
      if (this.full()) break;
    }
    // a name/value list (`["requirepass", "X"]`) is judged by its names: the careful walk does that
    if (this.clean && isJudgedByNames(items)) this.clean = false;
    rememberOriginalLength(items, list.length);
    return items;
  }

  copyObject(object: object, depth: number): Record<string, unknown> {
    const keys = Object.keys(object);
    // a row with the keys of the last one checked reuses their strengths; any other object has
    // its keys checked one by one as they are copied (only what is kept is read)
    // (read as a pair: a getter that copies in between writes both or neither)
    const last = lastChecked;
    const known = this.clean && last !== undefined && sameKeys(keys, last.keys) ? last : undefined;
    // sized once: pushing onto an empty list allocates room for 17
    const strengths: KeyStrength[] | undefined =
      this.clean && known === undefined ? new Array<KeyStrength>(keys.length) : undefined;
    const result =
      (keys.length <= MAX_CLONED_KEYS ? this.copyClone(object, keys, depth, known, strengths) : undefined) ??
      this.copyKeyByKey(object, keys, depth, known, strengths);
    const complete = this.visited === keys.length;
    // only the keys the copy holds are judged: a huge object filled the copy after a few, and
    // reading all 250,000 names again cost a third of its dispatch
    const held = complete ? keys : keys.slice(0, this.visited);
    // fields beside a mirror of their sensitivity (Terraform's `sensitive_values`) take the careful
    // walk (a known shape was checked for one when it was first met), and so does a command's
    // output that the command beside it shows is a secret; such a shape is never kept as known,
    // since what decides is in its values
    if (this.clean && known === undefined && hasSensitiveMirror(held)) this.clean = false;
    const commandOutput = known === undefined && mayHoldCommandOutput(held);
    if (
      this.clean &&
      commandOutput &&
      revealedOutput(
        held,
        held.map((key) => result[key]),
      ) !== undefined
    )
      this.clean = false;
    // a name/value entry's value is judged by the name beside it: `{"name": "DB_PASSWORD", "value": …}`
    const entry = known !== undefined ? known.entry : isEntry(held);
    if (this.clean && entry && !entryValuesCanStay(held, result)) this.clean = false;
    // and so is a table whose columns name a secret (`{"columns": ["api_key"], "rows": …}`)
    const table = known !== undefined ? known.table : tableKeys(held) !== undefined;
    if (
      this.clean &&
      table &&
      tableStrengths(
        held,
        held.map((key) => result[key]),
      ) !== undefined
    )
      this.clean = false;
    if (this.clean && strengths !== undefined && complete && !commandOutput)
      lastChecked = { keys, strengths, entry, table, cleanValues: new Array<string>(keys.length) };
    return result;
  }

  /**
   * The usual case, copied fast: a clone of the object's own fields made at once by the engine,
   * then each field read in the order of `keys`, copied, checked, and written back only where
   * its copy differs. Undefined when the clone cannot stand for the object (it threw, it has
   * symbol keys, or its fields are not `keys` in their order, as a proxy may make them): the
   * counters are then as they were, and the object is copied key by key.
   */
  copyClone(
    object: object,
    keys: readonly string[],
    depth: number,
    known: CheckedShape | undefined,
    strengths: KeyStrength[] | undefined,
  ): Record<string, unknown> | undefined {
    let result: Record<string, unknown>;
    try {
      result = { ...object } as Record<string, unknown>;
    } catch {
      return undefined;
    }
    // a clone keeps symbol-keyed fields, which JSON has no place for: an object that has any is
    // copied key by key. Rows share the shape of the last object cloned, so only a new shape
    // is looked at (the look costs more than the clone).
    if (!(known !== undefined && known.keys === lastClonedKeys) && !sameKeys(keys, lastClonedKeys)) {
      if (Object.getOwnPropertySymbols(result).length > 0) return undefined;
      lastClonedKeys = keys;
    }
    const { nodes, bytes, clean } = this;
    let index = 0;
    let full = false;
    // a for-in over a fresh clone reads its fields by their place, where `object[key]` hashes
    for (const key in result) {
      // a key out of place (or one an enumerable field on Object.prototype adds): not a copy
      if (key !== keys[index]) {
        this.nodes = nodes;
        this.bytes = bytes;
        this.clean = clean;
        return undefined;
      }
      const strength = this.strengthOf(keys, index, known, strengths);
      const column = index++;
      if (key === '__proto__') {
        delete result[key];
        continue;
      }
      const field = result[key];
      const copied = this.copyField(key, field, strength, depth, known, column);
      if (copied === undefined) delete result[key];
      else if (copied !== field) result[key] = copied;
      if (this.full()) {
        full = true;
        break;
      }
    }
    if (full) for (let rest = index; rest < keys.length; rest++) delete result[keys[rest]!];
    // fewer keys than listed, all in place: the last ones were deleted while the object was
    // read, and a key-by-key copy would have dropped them too
    this.visited = index;
    return result;
  }

  /** Any object, one key at a time: only what is kept is read, and a getter that throws is one unreadable field. */
  copyKeyByKey(
    object: object,
    keys: readonly string[],
    depth: number,
    known: CheckedShape | undefined,
    strengths: KeyStrength[] | undefined,
  ): Record<string, unknown> {
    const result: Record<string, unknown> = {};
    let index = 0;
    while (index < keys.length) {
      const key = keys[index]!;
      const strength = this.strengthOf(keys, index, known, strengths);
      const column = index++;
      if (key === '__proto__') continue;
      let field: unknown;
      try {
        field = (object as Record<string, unknown>)[key];
      } catch {
        field = '[unreadable]';
      }
      const copied = this.copyField(key, field, strength, depth, known, column);
      if (copied !== undefined) result[key] = copied;
      if (this.full()) break;
    }
    this.visited = index;
    return result;
  }

  /** A key's strength as a secret's name: known from the last row, or checked now while the copy is clean. */
  strengthOf(
    keys: readonly string[],
    index: number,
    known: CheckedShape | undefined,
    strengths: KeyStrength[] | undefined,
  ): KeyStrength {
    if (known !== undefined) return known.strengths[index]!;
    if (strengths === undefined || !this.clean) return 'none';
    const key = keys[index]!;
    if (!isStrictlyCleanText(key)) this.clean = false;
    const strength = memberStrength(key, keys);
    strengths[index] = strength;
    return strength;
  }

  /**
   * One field's copy, checked as the sanitiser's clean walk would read it under its key. A field
   * of a known shape (the key at `column` of `known`) that holds the string found clean there
   * last is not checked again: columns repeat their values (states, dates, units) row after row.
   */
  copyField(
    key: string,
    field: unknown,
    strength: KeyStrength,
    depth: number,
    known: CheckedShape | undefined,
    column: number,
  ): unknown {
    this.bytes += key.length + 3;
    let copied: unknown;
    // a string that fits, and a finite number, are their own copies: counted here as `copy`
    // would count them, without the call
    if (typeof field === 'number' && this.nodes < this.maxNodes && this.bytes <= this.maxBytes) {
      this.nodes++;
      this.bytes += 9;
      return Number.isFinite(field) ? field : null;
    }
    if (
      typeof field === 'string' &&
      field.length <= this.maxStringCharacters &&
      this.nodes < this.maxNodes &&
      this.bytes <= this.maxBytes
    ) {
      this.nodes++;
      this.bytes += field.length + 3;
      copied = field;
    } else copied = this.copy(field, depth + 1);
    if (!this.clean) return copied;
    if (typeof copied === 'string') {
      if (known !== undefined && known.cleanValues[column] === copied) return copied;
      if ((strength !== 'none' && isSecretByKeyName(strength, copied)) || !isStrictlyCleanText(copied))
        this.clean = false;
      else if (known !== undefined && copied.length <= MAX_REMEMBERED_VALUE)
        known.cleanValues[column] = copied;
    } else if (typeof copied === 'object' && copied !== null && holdsSecretBelow(strength, copied)) {
      // an entry under a secret's name holds that secret (`"x.password": {"value": …}`), and a
      // list under a password's name holds passwords (`"userPassword": ["X"]`)
      this.clean = false;
    }
    return copied;
  }
}

/**
 * The most fields an object may have to be copied by cloning it first: a clone copies every
 * field, so a huge object (a 250k-key result) is copied key by key, and only what is kept is read.
 */
const MAX_CLONED_KEYS = 256;

/** The keys of the last object cloned that had no symbol-keyed field (see copyClone). */
let lastClonedKeys: readonly string[] | undefined;

/**
 * The keys of an object a checking copy read in full and found clean, and what was learnt of
 * them. A key's cleanness and strength depend on the key alone (and on its neighbours, for a
 * JWK's members), so an object with the same keys needs no check of them again.
 */
interface CheckedShape {
  readonly keys: readonly string[];
  /** Each key's strength as a secret's name. */
  readonly strengths: readonly KeyStrength[];
  /** Whether the keys make a name/value entry (see `isEntry`). */
  readonly entry: boolean;
  /** Whether the keys can make a table of columns and rows (see `tableKeys`). */
  readonly table: boolean;
  /** Per key, the last short string found clean under it (see copyField). */
  readonly cleanValues: (string | undefined)[];
}

/**
 * The last shape checked, kept from one copy to the next: the rows of a list repeat their keys,
 * and so do the results of one tool from call to call. One object, replaced whole, so that a
 * getter that copies in between leaves a shape's parts together.
 */
let lastChecked: CheckedShape | undefined;

/** The longest string a shape remembers as clean: a column's states and dates, not its documents. */
const MAX_REMEMBERED_VALUE = 256;
