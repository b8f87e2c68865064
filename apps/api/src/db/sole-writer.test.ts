import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Db } from './client.ts';
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

  it('sends one read for many requests at once asking the same', async () => {
    const { db } = soleWriter();
    const kept = new KeptReads<string, string>(10);
    const c = counting();
    const answers = await Promise.all([1, 2, 3].map(() => kept.read(db, 'a', c.load())));
    expect(answers).toEqual(['row', 'row', 'row']);
    expect(c.reads).toBe(1);
  });

  it("counts the embedded database's writes, not its reads nor a transaction that only read", async () => {
    if (process.env.TEST_DATABASE_URL) return;
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      const { db } = database;
      const kept = new KeptReads<string, number>(10);
      let reads = 0;
      const read = () =>
        kept.read(db, 'n', async () => {
          reads++;
          const { rows } = (await db.execute(sql`select count(*)::int as n from kept`)) as unknown as {
            rows: { n: number }[];
          };
          return Number(rows[0]!.n);
        });
      await db.execute(sql`create table kept (id int)`);
      expect(await read()).toBe(0);
      await db.execute(sql`select 1`);
      await db.transaction(async (tx) => {
        await tx.execute(sql`select * from kept for update`);
      });
      expect(await read()).toBe(0);
      expect(reads).toBe(1);
      await db.transaction(async (tx) => {
        await tx.execute(sql`insert into kept values (1)`);
      });
      expect(await read()).toBe(1);
      await db.execute(sql`insert into kept values (2)`);
      expect(await read()).toBe(2);
      expect(reads).toBe(3);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('keeps apart what it read of two databases', async () => {
    const first = soleWriter();
    const second = soleWriter();
    const kept = new KeptReads<string, string>(10);
    await kept.read(first.db, 'a', async () => 'first');
    expect(await kept.read(second.db, 'a', async () => 'second')).toBe('second');
    expect(await kept.read(first.db, 'a', async () => 'read again')).toBe('first');
  });
});
