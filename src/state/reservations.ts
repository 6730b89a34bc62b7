/**
 * One call in flight: where its call key is read, and when its reservation lapses. The key is
 * read only when another call of the run is in flight beside it, so a lone call's key (its
 * canonical arguments) need never be built.
 */
export interface HeldReservation {
  source: { readonly call: string };
  expiresAt: number;
}

/** What {@link Reservations.scan} found among the live reservations. */
export interface InFlightCount {
  /** Live reservations. */
  inFlight: number;
  /** Live reservations of the call key asked about. */
  sameInFlight: number;
  /** When the first live reservation lapses; Infinity when none is live. */
  nextExpiry: number;
}

/**
 * A run's calls in flight, by reservation id. A run usually has one call in flight at a time, so
 * the first reservation is held in fields of its own and a Map is only made for a second one:
 * the usual call then neither builds nor hashes into a table.
 */
export class Reservations {
  #soleId: string | undefined;
  #sole: HeldReservation | undefined;
  #more: Map<string, HeldReservation> | undefined;

  get size(): number {
    return (this.#sole === undefined ? 0 : 1) + (this.#more?.size ?? 0);
  }

  has(id: string): boolean {
    return this.#soleId === id || this.#more?.has(id) === true;
  }

  set(id: string, reservation: HeldReservation): void {
    if (this.#soleId === id || (this.#sole === undefined && this.#more?.has(id) !== true)) {
      this.#soleId = id;
      this.#sole = reservation;
      return;
    }
    this.#more ??= new Map();
    this.#more.set(id, reservation);
  }

  /** Drops a reservation; true when it was held. */
  delete(id: string): boolean {
    if (this.#soleId === id) {
      this.#soleId = undefined;
      this.#sole = undefined;
      return true;
    }
    return this.#more?.delete(id) === true;
  }

  /** Drops the reservations that lapsed by `nowMs` and counts the live ones (of `of.call` too). */
  scan(nowMs: number, of: { readonly call: string }): InFlightCount {
    let inFlight = 0;
    let sameInFlight = 0;
    let nextExpiry = Number.POSITIVE_INFINITY;
    const sole = this.#sole;
    if (sole !== undefined) {
      if (sole.expiresAt <= nowMs) {
        this.#soleId = undefined;
        this.#sole = undefined;
      } else {
        inFlight++;
        if (sole.source.call === of.call) sameInFlight++;
        nextExpiry = sole.expiresAt;
      }
    }
    if (this.#more !== undefined) {
      for (const [id, reservation] of this.#more) {
        if (reservation.expiresAt <= nowMs) {
          this.#more.delete(id);
          continue;
        }
        inFlight++;
        if (reservation.source.call === of.call) sameInFlight++;
        nextExpiry = Math.min(nextExpiry, reservation.expiresAt);
      }
    }
    return { inFlight, sameInFlight, nextExpiry };
  }

  /** Live reservations at `nowMs`, without dropping anything. */
  live(nowMs: number): number {
    let live = this.#sole !== undefined && this.#sole.expiresAt > nowMs ? 1 : 0;
    if (this.#more !== undefined)
      for (const reservation of this.#more.values()) if (reservation.expiresAt > nowMs) live++;
    return live;
  }
}
