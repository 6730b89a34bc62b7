/** Something that waits on a deadline: `expire` is called once it passes. Must not throw. */
export interface Expiring {
  expire(): void;
}

/** A wait in a {@link DeadlineQueue}, linked in deadline order; only the queue writes it. */
export interface Deadline {
  readonly owner: Expiring;
  at: number;
  queue: DeadlineQueue | undefined;
  previous: Deadline | undefined;
  next: Deadline | undefined;
}

/**
 * Deadlines of one duration, on the monotonic clock (`performance.now`, which no change of the
 * wall clock moves), served by one Node timer. Entries arrive in deadline order, since they share
 * the duration, so adding and leaving are O(1) list operations: a call's timeout costs no timer of
 * its own. The timer keeps the process alive exactly while an entry waits, as a timer per entry
 * would; it fires at the first deadline (or earlier, for an entry that has left since), expires
 * what is due and is set again for the next one.
 */
export class DeadlineQueue {
  readonly durationMs: number;
  #head: Deadline | undefined;
  #tail: Deadline | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #referenced = false;
  readonly #onEmpty: ((queue: DeadlineQueue) => void) | undefined;

  constructor(durationMs: number, onEmpty?: (queue: DeadlineQueue) => void) {
    this.durationMs = durationMs;
    this.#onEmpty = onEmpty;
  }

  /** True while an entry waits. */
  get waiting(): boolean {
    return this.#head !== undefined;
  }

  /** Starts `owner`'s wait: it expires `durationMs` from now unless it leaves first. */
  add(owner: Expiring): Deadline {
    const entry: Deadline = {
      owner,
      at: performance.now() + this.durationMs,
      queue: this,
      previous: this.#tail,
      next: undefined,
    };
    if (this.#tail === undefined) this.#head = entry;
    else this.#tail.next = entry;
    this.#tail = entry;
    if (this.#timer === undefined) {
      // armed for the first deadline; an entry added later is due later
      this.#timer = setTimeout(this.#fire, this.durationMs);
      this.#referenced = true;
    } else if (!this.#referenced) {
      this.#timer.ref();
      this.#referenced = true;
    }
    return entry;
  }

  /** Ends a wait without expiring it; nothing happens if it is not waiting here. */
  leave(entry: Deadline): void {
    if (entry.queue !== this) return;
    this.#unlink(entry);
    // an armed timer with nothing to wait for must not keep the process alive
    if (this.#head === undefined && this.#referenced) {
      this.#timer?.unref();
      this.#referenced = false;
    }
  }

  #unlink(entry: Deadline): void {
    const { previous, next } = entry;
    if (previous === undefined) this.#head = next;
    else previous.next = next;
    if (next === undefined) this.#tail = previous;
    else next.previous = previous;
    entry.queue = undefined;
    entry.previous = undefined;
    entry.next = undefined;
  }

  readonly #fire = (): void => {
    this.#timer = undefined;
    this.#referenced = false;
    const now = performance.now();
    for (let entry = this.#head; entry !== undefined && entry.at <= now; entry = this.#head) {
      this.#unlink(entry);
      try {
        entry.owner.expire();
      } catch {
        // one entry's failure must not keep the others from expiring
      }
    }
    const next = this.#head;
    if (next === undefined) {
      this.#onEmpty?.(this);
      return;
    }
    this.#timer = setTimeout(this.#fire, Math.max(1, Math.ceil(next.at - now)));
    this.#referenced = true;
  };
}

/** The queues by duration; a queue is dropped once its timer finds it empty. */
const queues = new Map<number, DeadlineQueue>();
const forget = (queue: DeadlineQueue) => {
  if (!queue.waiting && queues.get(queue.durationMs) === queue) queues.delete(queue.durationMs);
};

/** The process's queue for deadlines `durationMs` away. */
export function deadlineQueue(durationMs: number): DeadlineQueue {
  let queue = queues.get(durationMs);
  if (queue === undefined) {
    queue = new DeadlineQueue(durationMs, forget);
    queues.set(durationMs, queue);
  }
  return queue;
}
