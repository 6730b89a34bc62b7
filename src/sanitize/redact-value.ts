import { mayHoldCommandOutput, revealedOutput } from './command-output.js';
import { ECHOED_SECRETS, findLeaks, isEchoable, isKnownClean } from './find-leaks.js';
import type { Leak } from './leak.js';
import type { LeakSpan } from './leak-rule.js';
import type { LeakRuleName } from './leak-rule-name.js';
import { carryOriginalLength } from './original-length.js';
import {
  argvStrengths,
  fieldStrength,
  hasSensitiveMirror,
  headerRowStrengths,
  holdsSecretBelow,
  isEntry,
  isJudgedByNames,
  isListedSecret,
  isSecretByKeyName,
  lentStrength,
  listStrength,
  memberStrength,
  mirrorBelow,
  pairStrengths,
  sameKeys,
  sensitiveMirrors,
  tableKeys,
  tableStrengths,
  wrappedStrength,
} from './redact-by-key-name.js';
import { REDACTED, redactText } from './redact-text.js';
import type { KeyStrength } from './rules/secret-key-names.js';
import { closeScan, openScan } from './scan-memory.js';

/** A value with every leaking span redacted, and where each leak was. */
export interface RedactedValue {
  value: unknown;
  leaks: Leak[];
}

/** A path kept as a linked list, so that a string is only built when a leak needs one. */
interface PathNode {
  parent: PathNode | null;
  segment: string;
}

interface Task {
  input: unknown;
  path: PathNode;
  assign: (output: unknown) => void;
  /** Whether `toJSON` already ran for this node, so a `toJSON` that returns itself cannot loop. */
  serialised: boolean;
  /** How strongly the property name above this value announces a secret. */
  keyStrength?: KeyStrength;
  /** Whether the value is an item of a list under that name, judged by {@link isListedSecret}. */
  listed?: boolean;
  /** For a table's rows: the strengths of its columns, by which each row's cells are judged. */
  rowStrengths?: readonly KeyStrength[];
  /** For a row or a name/value list: the strength each item is judged by. */
  itemStrengths?: readonly KeyStrength[];
  /** What a sensitivity mirror says of this value's fields (see `sensitiveMirrors`). */
  sensitive?: object;
  /** Spans of this string that its context shows are secret (see `revealedOutput`). */
  revealed?: readonly LeakSpan[];
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

function pathText(node: PathNode): string {
  const segments: string[] = [];
  for (let cursor: PathNode | null = node; cursor !== null; cursor = cursor.parent)
    segments.push(cursor.segment);
  return segments.reverse().join('');
}

function keySegment(key: string): string {
  return IDENTIFIER.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
}

/**
 * Copies `value` with every leaking span in every string and object key replaced by
 * `[redacted]`, recording each leak under a path below `rootPath` (`data.rows[2].note`).
 * Iterative, so nesting depth cannot overflow the stack; shared and cyclic references are copied
 * once. Objects with `toJSON` (such as Date) are walked as they will be serialised. A property
 * that throws when read becomes `[redacted]`. The input is never mutated.
 */
export function redactValue(
  value: unknown,
  rootPath: string,
  allowRules: readonly LeakRuleName[] = [],
): RedactedValue {
  // the check and the walk after it read the same strings: what the check found is remembered
  openScan();
  try {
    return redactWalk(value, rootPath, allowRules);
  } finally {
    closeScan();
  }
}

function redactWalk(value: unknown, rootPath: string, allowRules: readonly LeakRuleName[]): RedactedValue {
  if (isClean(value, allowRules)) return { value, leaks: [] }; // nothing to copy
  const leaks: Leak[] = [];
  const checkKeyNames = !allowRules.includes('credential');
  const copies = new Map<object, unknown>(); // lives for one call; a Map is cheaper than a WeakMap
  let result: unknown;
  /** Secrets redacted by their key's name, to be redacted wherever else the value repeats them. */
  const echoed = new Set<string>();
  const stack: Task[] = [
    {
      input: value,
      path: { parent: null, segment: rootPath },
      assign: (output) => {
        result = output;
      },
      serialised: false,
    },
  ];
  const record = (path: PathNode, rules: readonly LeakRuleName[]) => {
    const field = pathText(path);
    for (const rule of rules) leaks.push({ field, rule });
  };
  while (stack.length > 0) {
    const task = stack.pop() as Task;
    const { input, path, assign } = task;
    if (typeof input === 'string') {
      const strength = task.keyStrength;
      if (
        strength !== undefined &&
        checkKeyNames &&
        (task.listed === true ? isListedSecret(strength, input) : isSecretByKeyName(strength, input))
      ) {
        record(path, ['credential']);
        assign(REDACTED);
        if (echoed.size < ECHOED_SECRETS && isEchoable(input)) echoed.add(input);
        continue;
      }
      const redacted = redactText(input, allowRules, checkKeyNames ? task.revealed : undefined);
      if (redacted.rules.length > 0) record(path, redacted.rules);
      assign(redacted.text);
      continue;
    }
    if (typeof input !== 'object' || input === null) {
      assign(input);
      continue;
    }
    const existing = copies.get(input);
    if (existing !== undefined) {
      assign(existing);
      continue;
    }
    try {
      if (Array.isArray(input)) {
        const copy: unknown[] = new Array(input.length);
        carryOriginalLength(input, copy);
        copies.set(input, copy);
        assign(copy);
        // a table's row, a command's arguments (`["mysql", "-pX"]`, read as its command line) or a
        // name/value list (`["requirepass", "X"]`): each item is judged by its column's, the
        // command line's or its name's strength
        const items =
          task.itemStrengths ?? (checkKeyNames ? (argvStrengths(input) ?? pairStrengths(input)) : undefined);
        // and a table's rows by its columns: given by the object that holds them, or by its first row
        const headed =
          task.rowStrengths === undefined && checkKeyNames ? headerRowStrengths(input) : undefined;
        const rows = task.rowStrengths ?? headed;
        const lent = listStrength(task.keyStrength);
        for (let index = input.length - 1; index >= 0; index -= 1) {
          const paired = items?.[index];
          const byPair = paired !== undefined && paired !== 'none';
          const mirrored = mirrorBelow(task.sensitive, index);
          const strength = mirrored === true ? 'password' : byPair ? paired : (lent ?? 'none');
          stack.push({
            input: input[index],
            path: { parent: path, segment: `[${index}]` },
            assign: (output) => {
              copy[index] = output;
            },
            serialised: false,
            ...(strength === 'none' ? {} : { keyStrength: strength }),
            ...(!byPair && lent !== undefined ? { listed: true } : {}),
            ...(rows === undefined || (headed !== undefined && index === 0) ? {} : { itemStrengths: rows }),
            ...(mirrored === undefined || mirrored === true ? {} : { sensitive: mirrored }),
          });
        }
        continue;
      }
      const toJson = (input as { toJSON?: unknown }).toJSON;
      if (typeof toJson === 'function' && !task.serialised) {
        // walk what JSON.stringify will write, not the object's internals
        stack.push({ input: toJson.call(input), path, assign, serialised: true });
        continue;
      }
      const copy: Record<string, unknown> = {};
      copies.set(input, copy);
      assign(copy);
      const keys = Object.keys(input);
      // keys are created in their original order first, so the copy serialises like the input
      const outputKeys = keys.map((key) => {
        const redactedKey = redactText(key, allowRules);
        let outputKey = redactedKey.text;
        if (redactedKey.rules.length > 0) {
          // two keys that redact alike must not overwrite each other
          for (let suffix = 2; Object.hasOwn(copy, outputKey) || keys.includes(outputKey); suffix += 1) {
            outputKey = `${redactedKey.text}#${suffix}`;
          }
          record({ parent: path, segment: keySegment(outputKey) }, redactedKey.rules);
        }
        setOwn(copy, outputKey, undefined);
        return outputKey;
      });
      // every field read once, first: a name/value entry's value is judged by its name
      const fields = keys.map((key) => readProperty(input, key));
      const entry = isEntry(keys);
      const lent = entry ? lentStrength(keys, fields, task.keyStrength ?? 'none') : 'none';
      const table = checkKeyNames ? tableStrengths(keys, fields) : undefined;
      // Terraform's `values` beside `sensitive_values`: what the mirror marks is a secret
      const mirrors = checkKeyNames ? sensitiveMirrors(keys, fields) : undefined;
      // and a shell tool's output is read with the command beside it
      const revealed = checkKeyNames && mayHoldCommandOutput(keys) ? revealedOutput(keys, fields) : undefined;
      for (let index = keys.length - 1; index >= 0; index -= 1) {
        const key = keys[index] as string;
        const outputKey = outputKeys[index] as string;
        const own = fieldStrength(key, lent, entry, checkKeyNames ? memberStrength(key, keys) : 'none');
        const mirrored = mirrors?.get(index) ?? mirrorBelow(task.sensitive, key);
        // a field that wraps the text of a value under a secret's name holds that secret
        const strength =
          mirrored === true
            ? 'password'
            : own === 'none'
              ? (wrappedStrength(key, task.keyStrength) ?? 'none')
              : own;
        stack.push({
          input: fields[index],
          path: { parent: path, segment: keySegment(outputKey) },
          assign: (output) => {
            setOwn(copy, outputKey, output);
          },
          serialised: false,
          ...(strength === 'none' ? {} : { keyStrength: strength }),
          ...(index === table?.rows ? { rowStrengths: table.strengths } : {}),
          ...(mirrored === undefined || mirrored === true ? {} : { sensitive: mirrored }),
          ...(index === revealed?.index ? { revealed: revealed.spans } : {}),
        });
      }
    } catch {
      assign(REDACTED);
    }
  }
  if (echoed.size > 0) redactEchoes(result, { parent: null, segment: rootPath }, echoed, record);
  return { value: result, leaks };
}

/**
 * Redacts, in the copy the walk made, every other string that is one of the `secrets` redacted
 * by their key's name: Postmark's SMTP login takes its server token as both user and password,
 * and a value under `username` is no secret by its name alone. The copy is the walk's own, so it
 * is changed in place; an object shared in it is visited once.
 */
function redactEchoes(
  copy: unknown,
  rootPath: PathNode,
  secrets: ReadonlySet<string>,
  record: (path: PathNode, rules: readonly LeakRuleName[]) => void,
): void {
  const seen = new Set<object>();
  const stack: { node: unknown; path: PathNode }[] = [{ node: copy, path: rootPath }];
  while (stack.length > 0) {
    const { node, path } = stack.pop()!;
    if (typeof node !== 'object' || node === null || seen.has(node)) continue;
    seen.add(node);
    const fields = node as Record<string, unknown>;
    for (const key of Object.keys(fields)) {
      const field = fields[key];
      const segment = Array.isArray(node) ? `[${key}]` : keySegment(key);
      if (typeof field === 'string') {
        if (secrets.has(field)) {
          fields[key] = REDACTED;
          record({ parent: path, segment }, ['credential']);
        }
      } else if (typeof field === 'object' && field !== null)
        stack.push({ node: field, path: { parent: path, segment } });
    }
  }
}

function readProperty(input: object, key: string): unknown {
  try {
    return (input as Record<string, unknown>)[key];
  } catch {
    return REDACTED;
  }
}

/** Plain assignment, except that a `__proto__` key from parsed JSON stays an own property. */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    target[key] = value;
  }
}

/**
 * Most objects and lists {@link isClean} visits before it leaves the value to the careful walk.
 * A shared object is walked once per reference (a set of the objects seen costs more, on the tree
 * that tool data almost always is), so a web of shared references that would expand past the
 * budget takes the careful walk, which visits each object once.
 */
const CLEAN_WALK_BUDGET = 200_000;
/** Marks, on the walk's stack, where an object's fields end: its place on the path is given up. */
const LEAVE: object = Object.freeze({});

/**
 * True when no string or key in `value` leaks and nothing in it needs the careful walk (a toJSON
 * method, a property that throws, a cycle), so the value can be returned as it is. Iterative and
 * allocation-light: the common case of clean, plain data costs one read of each string.
 */
function isClean(value: unknown, allowRules: readonly LeakRuleName[]): boolean {
  if (value === cleanCopy && cleanCopy !== undefined) {
    cleanCopy = undefined; // answered once: the mark never outlives the check it stands for
    return true;
  }
  const options = { allowRules };
  const checkKeyNames = !allowRules.includes('credential');
  // the rows of a list repeat the same keys in the same order: the last object's keys, found
  // clean, with their strengths, are compared string by string rather than looked up again
  let lastKeys: readonly string[] | undefined;
  let lastStrengths: KeyStrength[] | undefined;
  let lastEntry = false;
  let lastTable = false;
  let lastMirrored = false;
  let lastCommandOutput = false;
  let budget = CLEAN_WALK_BUDGET;
  if (typeof value === 'string') return cleanText(options, value);
  // the objects on the path from the root: one met again is a cycle, whose far side is being
  // walked already (the path is short, and scanning it allocates nothing)
  const path: object[] = [];
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const input = stack.pop();
    if (input === LEAVE) {
      path.pop();
      continue;
    }
    if (typeof input !== 'object' || input === null || path.includes(input)) continue;
    if (--budget < 0) return false;
    path.push(input);
    stack.push(LEAVE);
    try {
      if (Array.isArray(input)) {
        // a name/value list (`["requirepass", "X"]`) takes the careful walk, which judges each
        // value by its name
        if (checkKeyNames && isJudgedByNames(input)) return false;
        for (const item of input) {
          if (typeof item === 'string') {
            // most strings of tool data were seen clean before: answer those without the call
            if (!cleanText(options, item)) return false;
          } else if (typeof item === 'object' && item !== null) stack.push(item);
        }
        continue;
      }
      if (typeof (input as { toJSON?: unknown }).toJSON === 'function') return false;
      const keys = Object.keys(input);
      let strengths = lastStrengths;
      if (strengths === undefined || !sameKeys(keys, lastKeys)) {
        strengths = [];
        for (const key of keys) {
          if (!cleanText(options, key)) return false;
          strengths.push(checkKeyNames ? memberStrength(key, keys) : 'none');
        }
        lastKeys = keys;
        lastStrengths = strengths;
        lastEntry = checkKeyNames && isEntry(keys);
        lastTable = checkKeyNames && tableKeys(keys) !== undefined;
        lastMirrored = checkKeyNames && hasSensitiveMirror(keys);
        lastCommandOutput = checkKeyNames && mayHoldCommandOutput(keys);
      }
      // a name/value entry's value is judged by the name beside it (`{"name": "DB_PASSWORD",
      // "value": …}`), and a table's cells by their columns; their fields are read once, first
      const entry = lastEntry;
      const fields =
        entry || lastTable ? keys.map((key) => (input as Record<string, unknown>)[key]) : undefined;
      // a table whose columns name a secret (`{"columns": ["api_key"], "rows": …}`) takes the careful
      // walk, and so do fields beside a mirror that says which of them are sensitive
      if (lastTable && tableStrengths(keys, fields!) !== undefined) return false;
      if (lastMirrored) return false;
      if (
        lastCommandOutput &&
        revealedOutput(keys, fields ?? keys.map((key) => (input as Record<string, unknown>)[key])) !==
          undefined
      )
        return false;
      const lent = entry ? lentStrength(keys, fields!, 'none') : 'none';
      for (let index = 0; index < keys.length; index++) {
        const key = keys[index]!;
        const field = fields === undefined ? (input as Record<string, unknown>)[key] : fields[index];
        const strength = entry ? fieldStrength(key, lent, true, strengths[index]) : strengths[index]!;
        if (typeof field === 'string') {
          if (strength !== 'none' && isSecretByKeyName(strength, field)) return false;
          if (!cleanText(options, field)) return false;
        } else if (typeof field === 'object' && field !== null) {
          // an entry or a list under a secret's name is judged by that name: the careful walk
          // lends it (`"spring.datasource.password": {"value": …}`, `"userPassword": ["X"]`)
          if (holdsSecretBelow(strength, field)) return false;
          stack.push(field);
        }
      }
    } catch {
      return false; // a getter or proxy that throws: the full walk knows what to do with it
    }
  }
  return true;
}

/** The allowlist of the strictest check: no rule passed through. */
const NO_RULES: { allowRules: readonly LeakRuleName[] } = Object.freeze({ allowRules: Object.freeze([]) });

/**
 * The copy that `toJsonSafe` last made while checking, as {@link isClean} would, every string and
 * key in it, and found clean under every rule (so under any allowlist). The next `isClean` of that
 * very object answers at once instead of walking it again; any other value is walked as usual.
 * A fresh copy that no one else holds, so nothing can change it between the copy and the check.
 */
let cleanCopy: object | undefined;

/** Marks `copy` as checked clean (see {@link cleanCopy}). */
export function markCleanCopy(copy: object): void {
  cleanCopy = copy;
}

/** Drops the mark, so that it cannot outlive the step that made it. */
export function forgetCleanCopy(): void {
  cleanCopy = undefined;
}

/** Whether a string is clean under every rule, as {@link isClean} checks it. */
export function isStrictlyCleanText(text: string): boolean {
  return cleanText(NO_RULES, text);
}

/** Whether a string is clean: most strings of tool data were seen clean before, and answer at once. */
function cleanText(options: { allowRules: readonly LeakRuleName[] }, text: string): boolean {
  return isKnownClean(text) || findLeaks(text, options).length === 0;
}
