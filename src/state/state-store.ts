/**
 * Where per-run counters, cached outcomes and breaker state live. Each operation is atomic on
 * one record (a "scope", such as one run), so a Redis implementation can serve each with a
 * single command or Lua script. Records expire `ttlMs` after their last write.
 */
export interface StateStore {
  /** Reads fields of one record; absent fields and expired records read as undefined. */
  read(scope: string, fields: readonly string[]): Promise<Array<string | undefined>>;
  /**
   * Adds each delta to its field (absent counts as 0), refreshes the record's time to live and
   * returns the new values in order, all atomically.
   */
  increment(
    scope: string,
    deltas: ReadonlyArray<readonly [field: string, delta: number]>,
    ttlMs: number,
  ): Promise<number[]>;
  /** Sets fields and refreshes the record's time to live. */
  write(scope: string, values: Readonly<Record<string, string>>, ttlMs: number): Promise<void>;
  /** Deletes a record, for example when its run ends. */
  clear(scope: string): Promise<void>;
  /** Takes a lease when nobody holds it; true when this holder now has it. */
  acquireLease(key: string, holder: string, ttlMs: number): Promise<boolean>;
  /** Gives a lease back, only when this holder still has it. */
  releaseLease(key: string, holder: string): Promise<void>;
}
