type Callback = () => void;

const subscribers = new WeakMap<AbortSignal, Set<Callback>>();

/**
 * Calls `callback` once when `signal` aborts, and returns a function that cancels it. However
 * many calls wait on one signal at once (a run's signal shared by its parallel calls and their
 * retries), the signal carries a single listener, so Node never warns about a listener leak and
 * nothing piles up. The callback never runs after it was cancelled.
 */
export function onAbort(signal: AbortSignal, callback: Callback): () => void {
  if (signal.aborted) {
    queueMicrotask(callback);
    return () => {};
  }
  let set = subscribers.get(signal);
  if (set === undefined) {
    const created = new Set<Callback>();
    set = created;
    subscribers.set(signal, created);
    signal.addEventListener(
      'abort',
      () => {
        subscribers.delete(signal);
        for (const subscriber of created) {
          try {
            subscriber();
          } catch {
            // one subscriber's failure must not keep the others from hearing the abort
          }
        }
        created.clear();
      },
      { once: true },
    );
  }
  const own = set;
  const entry: Callback = () => callback();
  own.add(entry);
  return () => {
    own.delete(entry);
  };
}
