import { describe, expect, it } from 'vitest';
import type { Db } from './client.ts';
import { KeptReads, markSoleWriter, type WriteCount } from './sole-writer.ts';

/** Reads kept until the next write, where this process alone writes (the embedded database). */
describe('reads kept until the next write', () => {
  const soleWriter = () => {
    const db = {} as Db;
    const writes: WriteCount = { value: 0 };
    markSoleWriter(db, writes);
    return { db, writes };
  };
  const counting = () => {
    let reads = 0;
    return {
      load:
        (answer = 'row') =>
        async () => {
          reads++;
          return answer;
        },
      get reads() {
        return reads;
      },
    };
  };

  it('reads once until something is written, then again', async () => {
    const { db, writes } = soleWriter();
    const kept = new KeptReads<string, string>(10);
    const c = counting();
    expect(await kept.read(db, 'a', c.load())).toBe('row');
    expect(await kept.read(db, 'a', c.load())).toBe('row');
    expect(c.reads).toBe(1);
    writes.value += 2;
    expect(await kept.read(db, 'a', c.load('new'))).toBe('new');
    expect(c.reads).toBe(2);
  });

  it('keeps nothing read while a write was sent or finished', async () => {
    const { db, writes } = soleWriter();
    const kept = new KeptReads<string, string>(10);
    const c = counting();
    await kept.read(db, 'a', async () => {
      writes.value++;
      return 'read during a write';
    });
    await kept.read(db, 'a', c.load());
    expect(c.reads).toBe(1);
    expect(kept.size).toBe(1);
  });

  it('reads every time a database other processes write to, and keeps no missing answer', async () => {
    const kept = new KeptReads<string, string>(10);
    const c = counting();
    const server = {} as Db;
    await kept.read(server, 'a', c.load());
    await kept.read(server, 'a', c.load());
    expect(c.reads).toBe(2);
    const { db } = soleWriter();
    expect(await kept.read(db, 'none', async () => undefined)).toBeUndefined();
    expect(kept.size).toBe(0);
  });

  it('drops what time made wrong, and keeps at most its size, the least recently used going first', async () => {
    const { db } = soleWriter();
    const kept = new KeptReads<string, { until: number }>(2);
    let reads = 0;
    const load = (until: number) => async () => {
      reads++;
      return { until };
    };
    const alive = (answer: { until: number }) => answer.until > Date.now();
    await kept.read(db, 'gone', load(Date.now() - 1), alive);
    await kept.read(db, 'gone', load(Date.now() + 60_000), alive);
    expect(reads).toBe(2);
    await kept.read(db, 'b', load(Infinity));
    // 'gone' used last: 'b' is the first to go.
    await kept.read(db, 'gone', load(0), alive);
    await kept.read(db, 'c', load(Infinity));
    expect(kept.size).toBe(2);
    expect(reads).toBe(4);
    await kept.read(db, 'gone', load(0), alive);
    await kept.read(db, 'b', load(Infinity));
    expect(reads).toBe(5);
  });
});
