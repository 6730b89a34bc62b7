interface Node<V> {
  key: string;
  value: V;
  previous: Node<V> | undefined;
  next: Node<V> | undefined;
}

/**
 * A map that remembers use order: `touch` and `set` move an entry to the newest end, and the
 * oldest entry is found and dropped in O(1). A plain `Map` re-inserted on every use slows down
 * once it is full, because V8 keeps deleted slots at its front until it rehashes and every
 * `keys().next()` walks over them; a linked list has no such holes.
 */
/**
 * A key no caller can pass. Each map keeps it, so the map never empties: V8 shrinks a map's table
 * when it empties and grows it again on the next set, ~150 B each time a list goes 1, 0, 1.
 */
const KEEP = Symbol('keeps the table from shrinking');

/**
 * Entries a list holds in one flat array before it builds its map and nodes: a failed run's
 * record holds about four keyed counters, and a scan of a few keys costs less, in time and
 * above all in memory kept, than a map's table and a node per entry.
 */
const SMALL_ENTRIES = 8;

export class LruList<V> {
  /**
   * While the list is small: keys and values side by side, `[key, value, key, value, …]`, from
   * the least to the most recently used. Undefined once the map has been built.
   */
  #small: Array<string | V> | undefined = [];
  // made when the list outgrows `#small`: a run whose calls all succeed never needs one
  #nodes: Map<string | typeof KEEP, Node<V> | undefined> | undefined;
  #oldest: Node<V> | undefined;
  #newest: Node<V> | undefined;

  get size(): number {
    if (this.#small !== undefined) return this.#small.length >> 1;
    return this.#nodes === undefined ? 0 : this.#nodes.size - 1;
  }

  get(key: string): V | undefined {
    const small = this.#small;
    if (small !== undefined) {
      const index = indexOfKey(small, key);
      return index < 0 ? undefined : (small[index + 1] as V);
    }
    return this.#nodes?.get(key)?.value;
  }

  has(key: string): boolean {
    if (this.#small !== undefined) return indexOfKey(this.#small, key) >= 0;
    return this.#nodes?.has(key) === true;
  }

  /** Reads an entry and marks it as just used. */
  touch(key: string): V | undefined {
    const small = this.#small;
    if (small !== undefined) {
      const index = indexOfKey(small, key);
      if (index < 0) return undefined;
      const value = small[index + 1] as V;
      small.splice(index, 2);
      small.push(key, value);
      return value;
    }
    const node = this.#nodes?.get(key);
    if (node === undefined) return undefined;
    this.#moveToNewest(node);
    return node.value;
  }

  /** Sets an entry and marks it as just used. */
  set(key: string, value: V): void {
    const small = this.#small;
    if (small !== undefined) {
      const index = indexOfKey(small, key);
      if (index >= 0) small.splice(index, 2);
      small.push(key, value);
      if (small.length > 2 * SMALL_ENTRIES) this.#grow(small);
      return;
    }
    this.#nodes ??= new Map<string | typeof KEEP, Node<V> | undefined>([[KEEP, undefined]]);
    const node = this.#nodes.get(key);
    if (node !== undefined) {
      node.value = value;
      this.#moveToNewest(node);
      return;
    }
    const created: Node<V> = { key, value, previous: this.#newest, next: undefined };
    if (this.#newest === undefined) this.#oldest = created;
    else this.#newest.next = created;
    this.#newest = created;
    this.#nodes.set(key, created);
  }

  delete(key: string): boolean {
    const small = this.#small;
    if (small !== undefined) {
      const index = indexOfKey(small, key);
      if (index < 0) return false;
      small.splice(index, 2);
      return true;
    }
    const node = this.#nodes?.get(key);
    if (node === undefined) return false;
    this.#unlink(node);
    this.#nodes?.delete(key);
    return true;
  }

  /** The least recently used entry, without marking it used. */
  oldest(): { key: string; value: V } | undefined {
    const small = this.#small;
    if (small !== undefined)
      return small.length === 0 ? undefined : { key: small[0] as string, value: small[1] as V };
    const node = this.#oldest;
    return node === undefined ? undefined : { key: node.key, value: node.value };
  }

  /** The least recently used entry's value, without marking it used and without building an entry. */
  oldestValue(): V | undefined {
    const small = this.#small;
    if (small !== undefined) return small.length === 0 ? undefined : (small[1] as V);
    return this.#oldest?.value;
  }

  /** Drops and returns the least recently used entry. */
  shift(): { key: string; value: V } | undefined {
    const small = this.#small;
    if (small !== undefined) {
      if (small.length === 0) return undefined;
      const entry = { key: small[0] as string, value: small[1] as V };
      small.splice(0, 2);
      return entry;
    }
    const node = this.#oldest;
    if (node === undefined) return undefined;
    this.#unlink(node);
    this.#nodes?.delete(node.key);
    return { key: node.key, value: node.value };
  }

  clear(): void {
    if (this.#small !== undefined) this.#small.length = 0;
    this.#nodes = undefined;
    this.#oldest = undefined;
    this.#newest = undefined;
  }

  /** Entries from the oldest to the newest. */
  *entries(): IterableIterator<[string, V]> {
    const small = this.#small;
    if (small !== undefined) {
      const copy = [...small]; // as the list stood when iteration began
      for (let index = 0; index < copy.length; index += 2)
        yield [copy[index] as string, copy[index + 1] as V];
      return;
    }
    for (let node = this.#oldest; node !== undefined; node = node.next) yield [node.key, node.value];
  }

  /** Moves the flat entries into the map and its nodes, in the same order; for good. */
  #grow(small: Array<string | V>): void {
    this.#small = undefined;
    for (let index = 0; index < small.length; index += 2)
      this.set(small[index] as string, small[index + 1] as V);
  }

  #moveToNewest(node: Node<V>): void {
    if (this.#newest === node) return;
    this.#unlink(node);
    node.previous = this.#newest;
    node.next = undefined;
    if (this.#newest === undefined) this.#oldest = node;
    else this.#newest.next = node;
    this.#newest = node;
  }

  #unlink(node: Node<V>): void {
    if (node.previous === undefined) this.#oldest = node.next;
    else node.previous.next = node.next;
    if (node.next === undefined) this.#newest = node.previous;
    else node.next.previous = node.previous;
    node.previous = undefined;
    node.next = undefined;
  }
}

/** The index of `key` among the keys of a flat list (its even places), or -1. */
function indexOfKey(small: readonly unknown[], key: string): number {
  for (let index = 0; index < small.length; index += 2) if (small[index] === key) return index;
  return -1;
}
