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

export class LruList<V> {
  // made on the first set: a run whose calls all succeed never needs one
  #nodes: Map<string | typeof KEEP, Node<V> | undefined> | undefined;
  #oldest: Node<V> | undefined;
  #newest: Node<V> | undefined;

  get size(): number {
    return this.#nodes === undefined ? 0 : this.#nodes.size - 1;
  }

  get(key: string): V | undefined {
    return this.#nodes?.get(key)?.value;
  }

  has(key: string): boolean {
    return this.#nodes?.has(key) === true;
  }

  /** Reads an entry and marks it as just used. */
  touch(key: string): V | undefined {
    const node = this.#nodes?.get(key);
    if (node === undefined) return undefined;
    this.#moveToNewest(node);
    return node.value;
  }

  /** Sets an entry and marks it as just used. */
  set(key: string, value: V): void {
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
    const node = this.#nodes?.get(key);
    if (node === undefined) return false;
    this.#unlink(node);
    this.#nodes?.delete(key);
    return true;
  }

  /** The least recently used entry, without marking it used. */
  oldest(): { key: string; value: V } | undefined {
    const node = this.#oldest;
    return node === undefined ? undefined : { key: node.key, value: node.value };
  }

  /** The least recently used entry's value, without marking it used and without building an entry. */
  oldestValue(): V | undefined {
    return this.#oldest?.value;
  }

  /** Drops and returns the least recently used entry. */
  shift(): { key: string; value: V } | undefined {
    const node = this.#oldest;
    if (node === undefined) return undefined;
    this.#unlink(node);
    this.#nodes?.delete(node.key);
    return { key: node.key, value: node.value };
  }

  clear(): void {
    this.#nodes = undefined;
    this.#oldest = undefined;
    this.#newest = undefined;
  }

  /** Entries from the oldest to the newest. */
  *entries(): IterableIterator<[string, V]> {
    for (let node = this.#oldest; node !== undefined; node = node.next) yield [node.key, node.value];
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
