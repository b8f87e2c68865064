import { adminPaths, type AuditPage } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { signedInMember } from '../../test/staff.ts';
import { recordAudit } from './service.ts';

describe('the audit log', () => {
  let t: TestContext;
  let owner: Awaited<ReturnType<typeof signedInMember>>;
  let clerk: Awaited<ReturnType<typeof signedInMember>>;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signedInMember(t.app.db, { role: 'owner' });
    clerk = await signedInMember(t.app.db, { role: 'staff' });
    const by = (m: typeof owner) => ({ staffId: m.member.id, actor: m.member.email, ip: '192.0.2.1' });
    // Five entries: two by the clerk on order 1, one by the owner on order 2, two on products.
    const entries = [
      [clerk, 'order.mark_shipped', 'order', '1'],
      [clerk, 'order.mark_delivered', 'order', '1'],
      [owner, 'order.refund', 'order', '2'],
      [owner, 'product.update', 'product', '7'],
      [clerk, 'product.update', 'product', '8'],
    ] as const;
    for (const [member, action, entityType, entityId] of entries)
      await recordAudit(t.app.db, {
        by: by(member),
        action,
        entityType,
        entityId,
        before: { n: 1 },
        after: { n: 2 },
      });
  });
  afterAll(() => t.close());

  async function list(query: string, headers = owner.headers) {
    const res = await t.app.inject({
      method: 'GET',
      url: `${adminPaths.auditLog.pattern}?${query}`,
      headers,
    });
    return res;
  }
  const page = async (query: string) => (await list(query)).json() as AuditPage;

  it('lists newest first, with who, what, before, after, when and where', async () => {
    const all = await page('');
    expect(all.total).toBe(5);
    expect(all.items.map((e) => e.action)).toEqual([
      'product.update',
      'product.update',
      'order.refund',
      'order.mark_delivered',
      'order.mark_shipped',
    ]);
    expect(all.items[0]).toMatchObject({
      staffId: clerk.member.id,
      actor: clerk.member.email,
      entityType: 'product',
      entityId: '8',
      before: { n: 1 },
      after: { n: 2 },
      ip: '192.0.2.1',
    });
    expect(new Date(all.items[0]!.createdAt).getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('filters by member, action, entity and time, and pages', async () => {
    expect((await page(`staffId=${clerk.member.id}`)).total).toBe(3);
    expect((await page('action=product.update')).total).toBe(2);
    expect((await page('entityType=order&entityId=1')).items.map((e) => e.action)).toEqual([
      'order.mark_delivered',
      'order.mark_shipped',
    ]);
    expect((await page(`staffId=${owner.member.id}&entityType=order`)).items.map((e) => e.action)).toEqual([
      'order.refund',
    ]);
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    expect((await page(`from=${encodeURIComponent(hourAgo)}&to=${encodeURIComponent(inAnHour)}`)).total).toBe(
      5,
    );
    expect((await page(`from=${encodeURIComponent(inAnHour)}`)).total).toBe(0);
    expect((await page('to=2020-01-01')).total).toBe(0);
    const second = await page('pageSize=2&page=2');
    expect(second).toMatchObject({ page: 2, pageSize: 2, total: 5 });
    expect(second.items.map((e) => e.action)).toEqual(['order.refund', 'order.mark_delivered']);
  });

  it('refuses bad filters with a clear 400', async () => {
    for (const query of [
      'staffId=nope',
      'from=yesterday',
      'pageSize=1000',
      'page=0',
      'from=2026-02-01&to=2026-01-01',
    ]) {
      const res = await list(`${query}&lang=en`);
      expect(res.statusCode, query).toBe(400);
    }
    expect((await list('from=2026-02-01&to=2026-01-01&lang=en')).json().code).toBe('DATE_RANGE_INVALID');
  });

  it('is for owners only', async () => {
    const res = await list('', clerk.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('STAFF_ROLE_REQUIRED');
  });
});
