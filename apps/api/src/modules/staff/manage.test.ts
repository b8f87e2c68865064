import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { adminPaths, type AuditPage } from '@shop/contract';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { ADMIN_HOST, ADMIN_ORIGIN, signedInMember, staffCookieToken } from '../../test/staff.ts';

describe('owners manage staff, and every change is audited', () => {
  let t: TestContext;
  let owner: Awaited<ReturnType<typeof signedInMember>>;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signedInMember(t.app.db, { role: 'owner', email: 'noura@shop.test' });
  });
  afterAll(() => t.close());

  const publicHeaders = { origin: ADMIN_ORIGIN, host: ADMIN_HOST };
  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => t.app.inject({ method, url, headers, remoteAddress: '192.0.2.10', ...(payload && { payload }) });

  async function auditOf(entityId: string): Promise<AuditPage['items']> {
    const res = await call(
      'GET',
      `${adminPaths.auditLog.pattern}?entityType=staff&entityId=${entityId}`,
      owner.headers,
    );
    expect(res.statusCode).toBe(200);
    return (res.json() as AuditPage).items;
  }

  async function mailTo(address: string): Promise<string> {
    const files = await readdir(t.config.outboxDir);
    for (const file of files.sort().reverse()) {
      const text = await readFile(path.join(t.config.outboxDir, file), 'utf8');
      if (text.includes(`To: ${address}`)) return text;
    }
    throw new Error(`no mail to ${address}`);
  }

  it('keeps at least one active owner', async () => {
    // The first test: the owner is still the only one.
    const self = (url: string, payload: object) => call('PUT', `${url}?lang=en`, owner.headers, payload);
    const demote = await self(adminPaths.staffRole.build({ id: owner.member.id }), { role: 'staff' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toEqual({ code: 'LAST_OWNER', message: 'At least one active owner must remain' });
    const disable = await self(adminPaths.staffDisabled.build({ id: owner.member.id }), { disabled: true });
    expect(disable.statusCode).toBe(409);
    expect(await auditOf(owner.member.id)).toEqual([]);
    // Beside a second owner, either may step down.
    const second = await signedInMember(t.app.db, { role: 'owner' });
    const stepDown = await self(adminPaths.staffRole.build({ id: second.member.id }), { role: 'staff' });
    expect(stepDown.json()).toMatchObject({ staff: { role: 'staff' } });
  });

  it('invites a member by e-mail with a one-time link; the member sets a password and signs in', async () => {
    const invite = await call('POST', `${adminPaths.staffInvite.pattern}?lang=en`, owner.headers, {
      email: 'Fahad@Shop.Test',
      name: 'Fahad',
      role: 'staff',
    });
    expect(invite.statusCode).toBe(201);
    const invited = invite.json().staff as { id: string };
    expect(invite.json()).toMatchObject({
      code: 'STAFF_INVITED',
      staff: { email: 'fahad@shop.test', role: 'staff', invitationPending: true, disabled: false },
    });
    const mail = await mailTo('fahad@shop.test');
    expect(mail).toContain('Subject: Your invitation to the shop back office');
    const token = /\/en\/dashboard\/set-password\?token=([A-Za-z0-9_-]{43})/.exec(mail)?.[1];
    expect(token).toBeDefined();
    // No password yet: nobody signs in as the invitee.
    const early = await call('POST', adminPaths.signIn.pattern, publicHeaders, {
      email: 'fahad@shop.test',
      password: 'anything at all',
    });
    expect(early.statusCode).toBe(401);
    const set = await call('POST', adminPaths.setPassword.pattern, publicHeaders, {
      token,
      password: 'fahad password 1',
    });
    expect(set.statusCode).toBe(200);
    const reuse = await call('POST', adminPaths.setPassword.pattern, publicHeaders, {
      token,
      password: 'someone else 1',
    });
    expect(reuse.json().code).toBe('SET_PASSWORD_TOKEN_INVALID');
    const signIn = await call('POST', adminPaths.signIn.pattern, publicHeaders, {
      email: 'fahad@shop.test',
      password: 'fahad password 1',
    });
    expect(staffCookieToken(signIn.headers['set-cookie'])).toBeDefined();

    const entries = await auditOf(invited.id);
    expect(entries.map((e) => e.action)).toEqual([
      'staff.sign_in',
      'staff.set_password',
      'staff.sign_in_failed',
      'staff.invite',
    ]);
    // Before the password was set, the invitee's account could not be signed in to.
    expect(entries[2]).toMatchObject({ staffId: invited.id, after: { reason: 'wrong_password' } });
    expect(entries[3]).toMatchObject({
      staffId: owner.member.id,
      actor: 'noura@shop.test',
      ip: '192.0.2.10',
      before: null,
      after: { email: 'fahad@shop.test', role: 'staff', invitationPending: true },
    });
    expect(entries[1]).toMatchObject({
      actor: 'fahad@shop.test',
      before: { invitationPending: true },
      after: { invitationPending: false },
    });
    expect(JSON.stringify(entries)).not.toMatch(/argon2|passwordHash|totpSecret/);
  });

  it('sends a member a new password link: older links stop working, the new one sets the password', async () => {
    const member = await signedInMember(t.app.db, { email: 'forgetful@shop.test' });
    const first = await call(
      'POST',
      adminPaths.staffPasswordLink.build({ id: member.member.id }),
      owner.headers,
    );
    expect(first.json()).toMatchObject({ code: 'PASSWORD_LINK_SENT' });
    const firstToken = /\/dashboard\/set-password\?token=([A-Za-z0-9_-]{43})/.exec(
      await mailTo('forgetful@shop.test'),
    )?.[1];
    await new Promise((resolve) => setTimeout(resolve, 5));
    await call('POST', adminPaths.staffPasswordLink.build({ id: member.member.id }), owner.headers);
    const mail = await mailTo('forgetful@shop.test');
    // The member's language (Arabic) speaks, not the owner's.
    expect(mail).toContain('Subject: تعيين كلمة مرور لوحة تحكم المتجر');
    const secondToken = /\/dashboard\/set-password\?token=([A-Za-z0-9_-]{43})/.exec(mail)?.[1];
    expect(secondToken).toBeDefined();
    expect(secondToken).not.toBe(firstToken);
    // Until the link is used, the member's session and password stay.
    expect((await call('GET', adminPaths.me.pattern, member.headers)).statusCode).toBe(200);
    const stale = await call('POST', adminPaths.setPassword.pattern, publicHeaders, {
      token: firstToken,
      password: 'new password 1',
    });
    expect(stale.json().code).toBe('SET_PASSWORD_TOKEN_INVALID');
    const fresh = await call('POST', adminPaths.setPassword.pattern, publicHeaders, {
      token: secondToken,
      password: 'new password 1',
    });
    expect(fresh.statusCode).toBe(200);
    expect((await call('GET', adminPaths.me.pattern, member.headers)).statusCode).toBe(401);
    const actions = (await auditOf(member.member.id)).map((e) => e.action);
    expect(actions).toEqual(['staff.set_password', 'staff.password_link', 'staff.password_link']);
  });

  it('refuses a second member with the same e-mail in another case', async () => {
    const res = await call('POST', adminPaths.staffInvite.pattern, owner.headers, {
      email: 'NOURA@shop.test',
      name: 'Another Noura',
      role: 'staff',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('STAFF_EMAIL_EXISTS');
  });

  it('changes a role, with the change audited before and after', async () => {
    const member = await signedInMember(t.app.db, { role: 'staff' });
    const res = await call('PUT', adminPaths.staffRole.build({ id: member.member.id }), owner.headers, {
      role: 'owner',
    });
    expect(res.json()).toMatchObject({ staff: { role: 'owner' } });
    // The member's next request has the owner's rights.
    const list = await call('GET', adminPaths.staffList.pattern, member.headers);
    expect(list.statusCode).toBe(200);
    const [entry] = await auditOf(member.member.id);
    expect(entry).toMatchObject({
      action: 'staff.change_role',
      before: { role: 'staff' },
      after: { role: 'owner' },
    });
  });

  it('disables a member (their sessions end, they cannot sign in) and enables them again', async () => {
    const member = await signedInMember(t.app.db, { role: 'staff' });
    const off = await call('PUT', adminPaths.staffDisabled.build({ id: member.member.id }), owner.headers, {
      disabled: true,
    });
    expect(off.json()).toMatchObject({ staff: { disabled: true } });
    expect((await call('GET', adminPaths.me.pattern, member.headers)).statusCode).toBe(401);
    const signIn = await call('POST', adminPaths.signIn.pattern, publicHeaders, {
      email: member.member.email,
      password: 'staff horse battery staple',
    });
    expect(signIn.json().code).toBe('STAFF_SIGN_IN_FAILED');
    await call('PUT', adminPaths.staffDisabled.build({ id: member.member.id }), owner.headers, {
      disabled: false,
    });
    const all = await auditOf(member.member.id);
    // The refused sign-in is there too, saying why.
    expect(all.filter((e) => e.action === 'staff.sign_in_failed').map((e) => e.after)).toEqual([
      { reason: 'disabled' },
    ]);
    const entries = all.filter((e) => e.action !== 'staff.sign_in_failed');
    expect(
      entries.map((e) => [
        e.action,
        (e.before as { disabled: boolean }).disabled,
        (e.after as { disabled: boolean }).disabled,
      ]),
    ).toEqual([
      ['staff.enable', true, false],
      ['staff.disable', false, true],
    ]);
  });

  it('audits the security setting, and answers 404 for a member that does not exist', async () => {
    // Requiring two-step verification of everyone starts with one's own.
    const first = await call('PUT', adminPaths.securitySettings.pattern, owner.headers, {
      totpRequired: true,
    });
    expect(first.statusCode).toBe(409);
    expect(first.json().code).toBe('TOTP_OWN_FIRST');
    const { secret } = (await call('POST', adminPaths.totpEnrol.pattern, owner.headers)).json() as {
      secret: string;
    };
    await call('POST', adminPaths.totpConfirm.pattern, owner.headers, { code: await generate({ secret }) });
    await call('PUT', adminPaths.securitySettings.pattern, owner.headers, { totpRequired: true });
    await call('PUT', adminPaths.securitySettings.pattern, owner.headers, { totpRequired: false });
    const res = await call(
      'GET',
      `${adminPaths.auditLog.pattern}?action=security_settings.update`,
      owner.headers,
    );
    expect((res.json() as AuditPage).items.map((e) => [e.before, e.after])).toEqual([
      [{ totpRequired: true }, { totpRequired: false }],
      [{ totpRequired: false }, { totpRequired: true }],
    ]);
    const missing = await call(
      'PUT',
      adminPaths.staffRole.build({ id: '00000000-0000-4000-8000-000000000000' }),
      owner.headers,
      {
        role: 'staff',
      },
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('STAFF_NOT_FOUND');
  });

  it('lists the staff without secrets', async () => {
    const res = await call('GET', adminPaths.staffList.pattern, owner.headers);
    const items = res.json().items as { email: string }[];
    expect(items.map((i) => i.email)).toContain('noura@shop.test');
    expect(res.body).not.toMatch(/argon2|password|totpSecret/i);
  });
});
