import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { PromotionBoard } from './promotion-board.ts';
import type { Promotion } from './promotions.ts';

/** A read the test answers by hand, so reads and changes happen in the order it chooses. */
function handReads() {
  const pending: ((list: Promotion[]) => void)[] = [];
  const read = () => new Promise<Promotion[]>((resolve) => pending.push(resolve));
  return { read, pending };
}

const promotion = (id: number) => ({ id }) as Promotion;
const change = { topic: 'promotions' } as const;

describe('the promotion board', () => {
  it('reads once for callers that come together, and not again until a change', async () => {
    const { read, pending } = handReads();
    const board = new PromotionBoard({} as Db, read);
    const first = board.current();
    const second = board.current();
    expect(pending).toHaveLength(1);
    pending[0]!([promotion(1)]);
    expect((await first).map((p) => p.id)).toEqual([1]);
    expect((await second).map((p) => p.id)).toEqual([1]);
    expect((await board.current()).map((p) => p.id)).toEqual([1]);
    expect(pending).toHaveLength(1);
  });

  it('never answers a caller that came after a change with a list read before it', async () => {
    const { read, pending } = handReads();
    const board = new PromotionBoard({} as Db, read);
    // A read is under way when a promotion is saved; a shopper's request comes after the save.
    const before = board.current();
    board.changed(change);
    const after = board.current();
    let answered: readonly Promotion[] | undefined;
    void after.then((list) => (answered = list));

    // The read begun before the save ends with the old list. A caller reads again (the change
    // came while both waited); the later caller must wait for that read, not take the old list.
    pending[0]!([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(pending).toHaveLength(2);
    expect(answered).toBeUndefined();

    pending[1]!([promotion(7)]);
    expect((await after).map((p) => p.id)).toEqual([7]);
    expect((await before).map((p) => p.id)).toEqual([7]);
  });

  it('reads again on a change of promotions only', async () => {
    const { read, pending } = handReads();
    const board = new PromotionBoard({} as Db, read);
    const first = board.current();
    pending[0]!([]);
    await first;
    board.changed({ topic: 'catalog' });
    expect(await board.current()).toEqual([]);
    expect(pending).toHaveLength(1);
    board.changed(change);
    const next = board.current();
    pending[1]!([promotion(3)]);
    expect((await next).map((p) => p.id)).toEqual([3]);
  });
});
