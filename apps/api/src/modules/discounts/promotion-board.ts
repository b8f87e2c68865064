import type { Db } from '../../db/client.ts';
import type { ChangeEvent } from '../../lib/change-events.ts';
import { promotionsNotEnded, runsAt, type Promotion } from './promotions.ts';

/** A copy older than this is read again, a safety net for a change that did not arrive. */
const AT_MOST_MS = 5 * 60_000;

/**
 * The promotions switched on and not ended, kept in memory by each process (a handful of rows):
 * the catalog's reads, which come from the read cache, are priced with them on the way out, so
 * a promotion that starts or ends needs no catalog read again, only the rendered pages dropped
 * (decision 228). Read again when a `promotions` change arrives (a save in any process).
 */
export class PromotionBoard {
  readonly #db: Db;
  #list: Promotion[] = [];
  #readAt = 0;
  #stale = true;
  #reading: Promise<void> | null = null;
  /** The ids running at the last `tick`, as one text; null before the first. */
  #running: string | null = null;

  constructor(db: Db) {
    this.#db = db;
  }

  changed(event: ChangeEvent): void {
    if (event.topic === 'promotions') this.#stale = true;
  }

  /** The promotions not ended, as of every change published so far. */
  async current(now = new Date()): Promise<readonly Promotion[]> {
    while (this.#stale || now.getTime() - this.#readAt > AT_MOST_MS) {
      this.#reading ??= this.#read(now).finally(() => (this.#reading = null));
      await this.#reading;
    }
    return this.#list;
  }

  async #read(now: Date): Promise<void> {
    this.#stale = false;
    const list = await promotionsNotEnded(this.#db, now);
    this.#list = list;
    this.#readAt = now.getTime();
  }

  /**
   * True when the promotions running at `now` are not those running at the last tick: one
   * started or ended, and the pages that show prices must be rendered again.
   */
  async tick(now = new Date()): Promise<boolean> {
    const running = (await this.current(now))
      .filter((p) => runsAt(p, now))
      .map((p) => p.id)
      .join(',');
    const moved = this.#running !== null && running !== this.#running;
    this.#running = running;
    return moved;
  }
}
