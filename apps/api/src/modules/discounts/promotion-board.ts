import type { Db } from '../../db/client.ts';
import type { ChangeEvent } from '../../lib/change-events.ts';
import { promotionsNotEnded, runsAt, type Promotion } from './promotions.ts';

/** Reads the promotions switched on and not ended at `now`. */
export type PromotionsReader = (now: Date) => Promise<Promotion[]>;

/** A copy older than this is read again, a safety net for a change that did not arrive. */
const AT_MOST_MS = 5 * 60_000;

/**
 * The promotions switched on and not ended, kept in memory by each process (a handful of rows):
 * the catalog's reads, which come from the read cache, are priced with them on the way out, so
 * a promotion that starts or ends needs no catalog read again, only the rendered pages dropped
 * (decision 228). Read again when a `promotions` change arrives (a save in any process).
 */
export class PromotionBoard {
  readonly #readList: PromotionsReader;
  #list: Promotion[] = [];
  #readAt = 0;
  /** Counts the `promotions` changes heard; the list is current when read at the latest count. */
  #changes = 0;
  /** The count of changes when the list held now was read; -1 before the first read. */
  #listOf = -1;
  #reading: Promise<void> | null = null;
  /** The ids running at the last `tick`, as one text; null before the first. */
  #running: string | null = null;

  /** `read` is the database's list unless a test gives its own, to order reads and changes by hand. */
  constructor(db: Db, read: PromotionsReader = (now) => promotionsNotEnded(db, now)) {
    this.#readList = read;
  }

  changed(event: ChangeEvent): void {
    if (event.topic === 'promotions') this.#changes += 1;
  }

  /**
   * The promotions not ended, as of every change published so far. A read begun before the
   * last change does not answer: the caller waits for one begun after it, even when another
   * caller started that read (a flag cleared by whoever starts the next read would let a caller
   * still waiting on the older read return its list).
   */
  async current(now = new Date()): Promise<readonly Promotion[]> {
    while (this.#listOf !== this.#changes || now.getTime() - this.#readAt > AT_MOST_MS) {
      this.#reading ??= this.#read(now).finally(() => (this.#reading = null));
      await this.#reading;
    }
    return this.#list;
  }

  async #read(now: Date): Promise<void> {
    const as = this.#changes;
    const list = await this.#readList(now);
    this.#list = list;
    this.#readAt = now.getTime();
    this.#listOf = as;
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
