import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.ts';

describe('database connections', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sets the search thresholds on every session', async () => {
    const result = await t.app.db.execute(
      sql`select current_setting('pg_trgm.word_similarity_threshold') as near, current_setting('pg_trgm.similarity_threshold') as typo`,
    );
    expect((result as unknown as { rows: unknown[] }).rows[0]).toEqual({ near: '0.5', typo: '0.2' });
  });

  it('cancels the running statement when the client goes away (the server); runs it through (embedded)', async () => {
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(new Error('gone')), 200);
    const outcome = await t.database
      .cancellable(controller.signal, (db) => db.execute(sql`select pg_sleep(1.5)`))
      .then(
        () => 'finished',
        (error: unknown) => error,
      );
    if (t.database.kind === 'postgres') {
      // query_canceled (57014), long before the 1.5 s sleep would end.
      const cause = (outcome as { cause?: { code?: string } }).cause;
      expect(cause?.code).toBe('57014');
      expect(Date.now() - started).toBeLessThan(1400);
      // The connection went back to the pool in a usable state.
      await expect(t.app.db.execute(sql`select 1`)).resolves.toBeDefined();
    } else {
      // The embedded database runs in this process and cannot be interrupted.
      expect(outcome).toBe('finished');
    }
  });
});
