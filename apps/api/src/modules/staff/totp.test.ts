import { adminPaths } from '@shop/contract';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staff } from './schema.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import {
  ADMIN_HOST,
  ADMIN_ORIGIN,
  signedInMember,
  STAFF_PASSWORD,
  staffCookieToken,
  staffHeaders,
} from '../../test/staff.ts';
import { dumpDatabase } from '../../test/users.ts';

describe('two-step sign-in with TOTP', () => {
  let t: TestContext;
  let ip = 0;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  function post(url: string, headers: Record<string, string>, payload?: object) {
    return t.app.inject({
      method: 'POST',
      url,
      headers,
      remoteAddress: `10.9.${Math.floor(++ip / 250)}.${ip % 250}`,
      ...(payload && { payload }),
    });
  }
  const publicHeaders = { origin: ADMIN_ORIGIN, host: ADMIN_HOST };
  const signIn = (email: string) =>
    post(adminPaths.signIn.pattern, publicHeaders, { email, password: STAFF_PASSWORD });
  /** A code of the next 30-second step: the same code cannot be used twice. */
  const codeAt = (secret: string, stepsAhead = 0) =>
    generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });

  /** Enrols and confirms two-step verification for a signed-in member; returns the secret. */
  async function turnOn(headers: Record<string, string>): Promise<string> {
    const enrol = await post(adminPaths.totpEnrol.pattern, headers);
    expect(enrol.statusCode).toBe(200);
    const { secret } = enrol.json() as { secret: string };
    const confirm = await post(adminPaths.totpConfirm.pattern, headers, { code: await codeAt(secret) });
    expect(confirm.statusCode).toBe(200);
    return secret;
  }

  it('enrols with a QR code, turns on only after a good code, and never stores or shows the secret again', async () => {
    const { member, headers } = await signedInMember(t.app.db, { email: 'totp-1@shop.test' });
    const enrol = await post(adminPaths.totpEnrol.pattern, headers);
    const body = enrol.json() as { secret: string; otpauthUrl: string; qrDataUrl: string };
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(body.otpauthUrl).toContain(encodeURIComponent('totp-1@shop.test'));
    expect(body.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    // Not on until confirmed.
    let me = await t.app.inject({ method: 'GET', url: adminPaths.me.pattern, headers });
    expect(me.json().staff.totpEnabled).toBe(false);
    const wrong = await post(`${adminPaths.totpConfirm.pattern}?lang=en`, headers, { code: '000000' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('TOTP_CODE_INVALID');
    const right = await post(adminPaths.totpConfirm.pattern, headers, { code: await codeAt(body.secret) });
    expect(right.json()).toMatchObject({ code: 'TOTP_ENABLED' });
    me = await t.app.inject({ method: 'GET', url: adminPaths.me.pattern, headers });
    expect(me.json().staff.totpEnabled).toBe(true);
    expect(me.body).not.toContain(body.secret);
    // Sealed in the database: the secret is nowhere in any table in clear.
    expect(await dumpDatabase(t.app.db)).not.toContain(body.secret);
    const [row] = await t.app.db.select().from(staff).where(eq(staff.id, member.id));
    expect(row!.totpSecret).toMatch(/^v1:/);
    // Enrolling again is refused while it is on.
    expect((await post(adminPaths.totpEnrol.pattern, headers)).statusCode).toBe(409);
  });

  it('asks for a code after the password, signs in with it once, and refuses a replayed code', async () => {
    const { headers } = await signedInMember(t.app.db, { email: 'totp-2@shop.test' });
    const secret = await turnOn(headers);
    const first = await signIn('totp-2@shop.test');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'totp_required' });
    expect(first.headers['set-cookie']).toBeUndefined();
    const { challenge } = first.json() as { challenge: string };
    const wrong = await post(adminPaths.signInTotp.pattern, publicHeaders, { challenge, code: '123456' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('TOTP_CODE_INVALID');
    const code = await codeAt(secret, 1);
    const good = await post(adminPaths.signInTotp.pattern, publicHeaders, { challenge, code });
    expect(good.statusCode).toBe(200);
    const token = staffCookieToken(good.headers['set-cookie']);
    expect(token).toBeDefined();
    const me = await t.app.inject({
      method: 'GET',
      url: adminPaths.me.pattern,
      headers: staffHeaders(token!),
    });
    expect(me.json().staff.email).toBe('totp-2@shop.test');
    // The challenge is spent, and the same code does not open a second sign-in.
    const again = await post(adminPaths.signInTotp.pattern, publicHeaders, { challenge, code });
    expect(again.json().code).toBe('SIGN_IN_CHALLENGE_INVALID');
    const second = (await signIn('totp-2@shop.test')).json() as { challenge: string };
    const replay = await post(adminPaths.signInTotp.pattern, publicHeaders, {
      challenge: second.challenge,
      code,
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('TOTP_CODE_INVALID');
  });

  it('stops guessing codes after five wrong ones', async () => {
    const { headers } = await signedInMember(t.app.db, { email: 'totp-3@shop.test' });
    const secret = await turnOn(headers);
    const { challenge } = (await signIn('totp-3@shop.test')).json() as { challenge: string };
    for (let i = 0; i < 5; i++)
      expect(
        (await post(adminPaths.signInTotp.pattern, publicHeaders, { challenge, code: `00000${i}` }))
          .statusCode,
      ).toBe(401);
    const blocked = await post(adminPaths.signInTotp.pattern, publicHeaders, {
      challenge,
      code: await codeAt(secret, 1),
    });
    expect(blocked.statusCode).toBe(429);
  });

  it('when the owner requires it, a member without it can only set it up, and nobody can turn theirs off', async () => {
    const owner = await signedInMember(t.app.db, { role: 'owner' });
    await turnOn(owner.headers);
    const member = await signedInMember(t.app.db, { role: 'staff' });
    const secret = await turnOn(member.headers);
    const newcomer = await signedInMember(t.app.db, { role: 'owner' });
    const require = await t.app.inject({
      method: 'PUT',
      url: adminPaths.securitySettings.pattern,
      headers: owner.headers,
      payload: { totpRequired: true },
    });
    expect(require.json()).toMatchObject({ totpRequired: true });
    // The newcomer is told, and only enrolment, `me` and sign-out answer them.
    const me = await t.app.inject({ method: 'GET', url: adminPaths.me.pattern, headers: newcomer.headers });
    expect(me.json()).toMatchObject({ totpRequired: true, totpSetupRequired: true });
    const list = await t.app.inject({
      method: 'GET',
      url: `${adminPaths.staffList.pattern}?lang=en`,
      headers: newcomer.headers,
    });
    expect(list.statusCode).toBe(403);
    expect(list.json()).toMatchObject({ code: 'TOTP_SETUP_REQUIRED' });
    await turnOn(newcomer.headers);
    const after = await t.app.inject({
      method: 'GET',
      url: adminPaths.staffList.pattern,
      headers: newcomer.headers,
    });
    expect(after.statusCode).toBe(200);
    const off = await post(adminPaths.totpDisable.pattern, member.headers, {
      password: STAFF_PASSWORD,
      code: await codeAt(secret, 1),
    });
    expect(off.statusCode).toBe(403);
    expect(off.json().code).toBe('TOTP_REQUIRED_BY_OWNER');
    await t.app.inject({
      method: 'PUT',
      url: adminPaths.securitySettings.pattern,
      headers: owner.headers,
      payload: { totpRequired: false },
    });
  });

  it('turns off with the password and a current code', async () => {
    const { headers } = await signedInMember(t.app.db);
    const secret = await turnOn(headers);
    const wrongPassword = await post(adminPaths.totpDisable.pattern, headers, {
      password: 'not it at all',
      code: await codeAt(secret, 1),
    });
    expect(wrongPassword.json().code).toBe('PASSWORD_INCORRECT');
    const off = await post(adminPaths.totpDisable.pattern, headers, {
      password: STAFF_PASSWORD,
      code: await codeAt(secret, 1),
    });
    expect(off.json()).toMatchObject({ code: 'TOTP_DISABLED' });
  });

  it("an owner's reset turns a member's two-step verification off and ends their sessions", async () => {
    const owner = await signedInMember(t.app.db, { role: 'owner' });
    const member = await signedInMember(t.app.db, { email: 'lost-phone@shop.test' });
    await turnOn(member.headers);
    const reset = await post(adminPaths.staffTotpReset.build({ id: member.member.id }), owner.headers);
    expect(reset.json()).toMatchObject({ staff: { totpEnabled: false } });
    const audit = await t.app.inject({
      method: 'GET',
      url: `${adminPaths.auditLog.pattern}?entityId=${member.member.id}`,
      headers: owner.headers,
    });
    expect(audit.json().items).toMatchObject([
      {
        action: 'staff.totp_reset',
        actor: owner.member.email,
        before: { totpEnabled: true },
        after: { totpEnabled: false },
      },
      {
        action: 'staff.totp_enable',
        actor: 'lost-phone@shop.test',
        before: { totpEnabled: false },
        after: { totpEnabled: true },
      },
    ]);
    expect(
      (await t.app.inject({ method: 'GET', url: adminPaths.me.pattern, headers: member.headers })).statusCode,
    ).toBe(401);
    const signedIn = await signIn('lost-phone@shop.test');
    expect(signedIn.json()).toMatchObject({ status: 'signed_in' });
  });
});
