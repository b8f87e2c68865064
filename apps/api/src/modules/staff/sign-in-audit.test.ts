import { adminPaths } from '@shop/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../audit/schema.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import {
  ADMIN_HOST,
  ADMIN_ORIGIN,
  insertMember,
  STAFF_PASSWORD,
  staffCookieToken,
  staffHeaders,
} from '../../test/staff.ts';

describe('signing in and out is in the audit log', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const signIn = (email: string, password: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: adminPaths.signIn.pattern,
      remoteAddress,
      headers: { origin: ADMIN_ORIGIN, host: ADMIN_HOST },
      payload: { email, password },
    });
  const entriesOf = async (entityId: string) =>
    (await t.app.db.select().from(auditLog).where(eq(auditLog.entityId, entityId))).sort(
      (a, b) => a.id - b.id,
    );

  it('records a sign-in, a sign-out and sign-out everywhere, with who and from where', async () => {
    const member = await insertMember(t.app.db, { email: 'audited@shop.test' });
    const first = await signIn('audited@shop.test', STAFF_PASSWORD, '10.9.0.1');
    expect(first.statusCode).toBe(200);
    const token = staffCookieToken(first.headers['set-cookie'])!;
    const out = await t.app.inject({
      method: 'POST',
      url: adminPaths.signOut.pattern,
      remoteAddress: '10.9.0.1',
      headers: staffHeaders(token),
    });
    expect(out.statusCode).toBe(200);
    const second = staffCookieToken(
      (await signIn('audited@shop.test', STAFF_PASSWORD, '10.9.0.2')).headers['set-cookie'],
    )!;
    const everywhere = await t.app.inject({
      method: 'POST',
      url: adminPaths.signOutEverywhere.pattern,
      remoteAddress: '10.9.0.2',
      headers: staffHeaders(second),
    });
    expect(everywhere.statusCode).toBe(200);

    const entries = await entriesOf(member.id);
    expect(entries.map((e) => [e.action, e.staffId, e.actor, e.ip])).toEqual([
      ['staff.sign_in', member.id, 'audited@shop.test', '10.9.0.1'],
      ['staff.sign_out', member.id, 'audited@shop.test', '10.9.0.1'],
      ['staff.sign_in', member.id, 'audited@shop.test', '10.9.0.2'],
      ['staff.sign_out_everywhere', member.id, 'audited@shop.test', '10.9.0.2'],
    ]);
    expect(entries[0]!.after).toMatchObject({ method: 'password' });
  });

  it('records failed sign-ins with the IP and why, never the password typed', async () => {
    const member = await insertMember(t.app.db, { email: 'failing@shop.test' });
    const disabled = await insertMember(t.app.db, { email: 'off@shop.test', disabled: true });
    expect((await signIn('failing@shop.test', 'not the password', '10.9.1.1')).statusCode).toBe(401);
    expect((await signIn(' Nobody@Shop.test ', STAFF_PASSWORD, '10.9.1.2')).statusCode).toBe(401);
    expect((await signIn('off@shop.test', STAFF_PASSWORD, '10.9.1.3')).statusCode).toBe(401);

    const wrong = await entriesOf(member.id);
    expect(wrong.map((e) => [e.action, e.staffId, e.ip, e.after])).toEqual([
      ['staff.sign_in_failed', member.id, '10.9.1.1', { reason: 'wrong_password' }],
    ]);
    const unknown = await entriesOf('nobody@shop.test');
    expect(unknown.map((e) => [e.action, e.staffId, e.actor, e.ip, e.after])).toEqual([
      ['staff.sign_in_failed', null, 'nobody@shop.test', '10.9.1.2', { reason: 'unknown_account' }],
    ]);
    expect((await entriesOf(disabled.id)).map((e) => e.after)).toEqual([{ reason: 'disabled' }]);
    const all = JSON.stringify(await t.app.db.select().from(auditLog));
    expect(all).not.toContain('not the password');
    expect(all).not.toContain(STAFF_PASSWORD);
  });
});
