import { stat } from 'node:fs/promises';
import path from 'node:path';
import { apiPaths } from '@shop/contract';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets, sessions, users } from './schema.ts';
import { createSession } from './sessions.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { outboxMails } from '../../test/outbox.ts';
import {
  multipart,
  sessionHeaders,
  signedInUser,
  snapshotUser,
  TEST_PASSWORD,
  type TestSession,
} from '../../test/users.ts';

describe('account: profile, password, deactivation, reset', () => {
  let t: TestContext;
  let ip = 0;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const inject = (options: InjectOptions) =>
    t.app.inject({ remoteAddress: `10.3.0.${++ip % 250}`, ...options });

  async function pngOf(width: number, height: number) {
    return sharp({ create: { width, height, channels: 3, background: '#0a7' } })
      .png()
      .toBuffer();
  }

  async function loginWith(email: string, password: string) {
    return inject({
      method: 'POST',
      url: apiPaths.login.pattern,
      payload: { userEmail: email, userPassword: password },
    });
  }

  async function isSignedIn(s: TestSession) {
    const res = await inject({ method: 'GET', url: apiPaths.currentUser.pattern, headers: s.bearer });
    return res.statusCode === 200;
  }

  describe('reading the user', () => {
    it('answers the owner, refuses another user (403) and a visitor (401)', async () => {
      const me = await signedInUser(t.app.db);
      const other = await signedInUser(t.app.db);
      const url = apiPaths.userById.build({ id: me.userId });
      const own = await inject({ method: 'GET', url, headers: me.cookie });
      expect(own.statusCode).toBe(200);
      expect(own.json()).toEqual({
        userId: me.userId,
        _id: me.userId,
        userName: me.user.name,
        userPhone: me.user.phone,
        userEmail: me.user.email,
        userImage: null,
      });
      const theirs = await inject({ method: 'GET', url, headers: other.cookie });
      expect(theirs.statusCode).toBe(403);
      expect(theirs.json()).toEqual({ code: 'FORBIDDEN', message: 'لا تملك صلاحية هذا الإجراء' });
      const visitor = await inject({ method: 'GET', url: `${url}?lang=en` });
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json()).toEqual({ code: 'UNAUTHORIZED', message: 'Log in first' });
    });
  });

  describe('profile update', () => {
    it('updates name, phone and image by multipart, on both paths; a new e-mail waits for its link', async () => {
      const me = await signedInUser(t.app.db);
      const form = multipart(
        {
          UserName: '  Hessa  ',
          UserPhone: '٠٥٠١٢٣٤٥٦٧',
          UserEmail: 'HESSA@Example.com',
          currentPassword: TEST_PASSWORD,
        },
        [{ name: 'userImage', filename: 'me.png', contentType: 'image/png', data: await pngOf(1600, 1200) }],
      );
      const res = await inject({
        method: 'PUT',
        url: apiPaths.updateUser.build({ id: me.userId }),
        payload: form.payload,
        headers: { ...me.cookie, ...form.headers },
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        success: true,
        code: 'EMAIL_CHANGE_REQUESTED',
        userName: 'Hessa',
        userPhone: '+966501234567',
        // Until the link sent to hessa@example.com is opened.
        userEmail: me.user.email,
      });
      expect(body.userImage).toMatch(/^\/uploads\/users\/[0-9a-f-]{36}\.webp$/);
      const served = await inject({ method: 'GET', url: body.userImage });
      expect(served.statusCode).toBe(200);
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(512);

      // The alias, in English, replacing the picture: the old file is removed.
      const again = multipart({ UserName: 'Hessa A' }, [
        { name: 'userImage', filename: 'x.png', contentType: 'image/png', data: await pngOf(64, 64) },
      ]);
      const alias = await inject({
        method: 'PUT',
        url: `${apiPaths.updateUserV1.build({ id: me.userId })}?lang=en`,
        payload: again.payload,
        headers: { ...me.cookie, ...again.headers },
      });
      expect(alias.statusCode).toBe(200);
      expect(alias.json()).toMatchObject({
        message: 'Edited successfully',
        userName: 'Hessa A',
        userPhone: '+966501234567',
      });
      expect(alias.json().userImage).not.toBe(body.userImage);
      await expect(
        stat(path.join(t.config.uploadsDir, 'users', path.basename(body.userImage))),
      ).rejects.toThrow();
    });

    it('keeps the picture when the form sends an empty file part', async () => {
      const me = await signedInUser(t.app.db, { image: '/uploads/users/kept.webp' });
      const form = multipart({ UserName: 'No New Picture' }, [
        { name: 'userImage', filename: '', contentType: 'application/octet-stream', data: Buffer.alloc(0) },
      ]);
      const res = await inject({
        method: 'PUT',
        url: apiPaths.updateUser.build({ id: me.userId }),
        payload: form.payload,
        headers: { ...me.cookie, ...form.headers },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().userImage).toBe('/uploads/users/kept.webp');
    });

    it.each([
      [
        'a text file named .png',
        'IMAGE_INVALID',
        415,
        async () => Buffer.from('this is not an image at all'),
      ],
      [
        'an SVG',
        'IMAGE_INVALID',
        415,
        async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
      ],
      [
        'a file over 2 MB',
        'IMAGE_TOO_LARGE',
        413,
        async () => Buffer.concat([await pngOf(10, 10), Buffer.alloc(2 * 1024 * 1024)]),
      ],
      ['too many pixels', 'IMAGE_TOO_MANY_PIXELS', 413, () => pngOf(8000, 6000)],
    ] as const)('refuses %s (%s) and changes nothing', async (_label, code, status, makeFile) => {
      const me = await signedInUser(t.app.db);
      const before = await snapshotUser(t.app.db, me.userId);
      const form = multipart({ UserName: 'Should Not Stick' }, [
        { name: 'userImage', filename: 'photo.png', contentType: 'image/png', data: await makeFile() },
      ]);
      const res = await inject({
        method: 'PUT',
        url: `${apiPaths.updateUser.build({ id: me.userId })}?lang=en`,
        payload: form.payload,
        headers: { ...me.cookie, ...form.headers },
      });
      expect(res.statusCode).toBe(status);
      expect(res.json().code).toBe(code);
      expect(await snapshotUser(t.app.db, me.userId)).toBe(before);
    });

    it('says why an image was refused in Arabic and English', async () => {
      const me = await signedInUser(t.app.db);
      for (const [lang, message] of [
        ['ar', 'الصورة يجب أن تكون بصيغة JPEG أو PNG أو WebP'],
        ['en', 'The image must be a JPEG, PNG or WebP file'],
      ]) {
        const form = multipart({}, [
          { name: 'userImage', filename: 'a.jpg', contentType: 'image/jpeg', data: Buffer.from('GIF89a') },
        ]);
        const res = await inject({
          method: 'PUT',
          url: `${apiPaths.updateUser.build({ id: me.userId })}?lang=${lang}`,
          payload: form.payload,
          headers: { ...me.cookie, ...form.headers },
        });
        expect(res.json().message).toBe(message);
      }
    });

    it('applies the registration rules, refuses a taken name or phone as registration does, and does not tell whether an e-mail is taken', async () => {
      const me = await signedInUser(t.app.db);
      const other = await signedInUser(t.app.db);
      const put = (fields: Record<string, string>) => {
        const form = multipart(fields);
        return inject({
          method: 'PUT',
          url: `${apiPaths.updateUser.build({ id: me.userId })}?lang=en`,
          payload: form.payload,
          headers: { ...me.cookie, ...form.headers },
        });
      };
      expect((await put({ UserName: '' })).json()).toMatchObject({
        code: 'NAME_REQUIRED',
        message: 'Please enter the name',
      });
      expect((await put({ UserPhone: '12345' })).json()).toMatchObject({ code: 'PHONE_INVALID' });
      expect((await put({ UserEmail: 'nope' })).json()).toMatchObject({ code: 'EMAIL_INVALID' });
      const password = { currentPassword: TEST_PASSWORD };
      const taken = await put({ UserEmail: other.user.email.toUpperCase(), ...password });
      const free = await put({ UserEmail: 'nobody-has-this@example.com', ...password });
      expect(taken.statusCode).toBe(200);
      expect(taken.json()).toMatchObject({ code: 'EMAIL_CHANGE_REQUESTED', userEmail: me.user.email });
      expect(free.json().message).toBe(taken.json().message);
      expect((await put({ UserPhone: other.user.phone, ...password })).json().code).toBe('PHONE_EXISTS');
      expect((await put({ UserName: other.user.name })).json().code).toBe('NAME_EXISTS');
      // Its own values are not a conflict.
      expect((await put({ UserEmail: me.user.email, UserName: me.user.name })).statusCode).toBe(200);
    });

    it('never applies fields a shopper may not set', async () => {
      const me = await signedInUser(t.app.db);
      const form = multipart({
        status: 'false',
        active: 'false',
        role: 'admin',
        passwordHash: 'x',
        id: me.userId,
      });
      const res = await inject({
        method: 'PUT',
        url: apiPaths.updateUser.build({ id: me.userId }),
        payload: form.payload,
        headers: { ...me.cookie, ...form.headers },
      });
      expect(res.statusCode).toBe(200);
      const [row] = await t.app.db.select().from(users).where(eq(users.id, me.userId));
      expect(row?.active).toBe(true);
      expect(row?.passwordHash).toBe(me.user.passwordHash);
    });

    it("refuses another user's profile (403) and a visitor (401), on both paths, changing nothing", async () => {
      const victim = await signedInUser(t.app.db);
      const attacker = await signedInUser(t.app.db);
      const before = await snapshotUser(t.app.db, victim.userId);
      for (const url of [
        apiPaths.updateUser.build({ id: victim.userId }),
        apiPaths.updateUserV1.build({ id: victim.userId }),
      ]) {
        const form = multipart({ UserName: 'Owned', UserEmail: 'owned@example.com' });
        const asOther = await inject({
          method: 'PUT',
          url,
          payload: form.payload,
          headers: { ...attacker.cookie, ...form.headers },
        });
        expect(asOther.statusCode).toBe(403);
        const asBearer = await inject({
          method: 'PUT',
          url,
          payload: form.payload,
          headers: { ...attacker.bearer, ...form.headers },
        });
        expect(asBearer.statusCode).toBe(403);
        const asVisitor = await inject({ method: 'PUT', url, payload: form.payload, headers: form.headers });
        expect(asVisitor.statusCode).toBe(401);
      }
      expect(await snapshotUser(t.app.db, victim.userId)).toBe(before);
    });
  });

  describe('password change', () => {
    const change = (s: TestSession, body: object, lang = 'ar', id = s.userId) =>
      inject({
        method: 'PUT',
        url: `${apiPaths.changePassword.build({ id })}?lang=${lang}`,
        headers: s.cookie,
        payload: body,
      });

    it.each([
      [
        { oldPassword: '', password: 'new password 1' },
        'DATA_INCOMPLETE',
        'من فضلك أكمل البيانات',
        'Please complete the data',
      ],
      [
        { oldPassword: TEST_PASSWORD, password: '' },
        'DATA_INCOMPLETE',
        'من فضلك أكمل البيانات',
        'Please complete the data',
      ],
      [
        { oldPassword: TEST_PASSWORD, password: 'new password 1', confirmPassword: '' },
        'DATA_INCOMPLETE',
        'من فضلك أكمل البيانات',
        'Please complete the data',
      ],
      [
        { oldPassword: TEST_PASSWORD, password: 'new password 1', confirmPassword: 'new password 2' },
        'PASSWORD_CHANGE_MISMATCH',
        'تأكيد كلمة المرور غير صحيح',
        'Password confirmation is incorrect',
      ],
      [
        { oldPassword: 'not my password', password: 'new password 1' },
        'PASSWORD_INCORRECT',
        'كلمة المرور غير صحيحة',
        'The password is incorrect',
      ],
    ])('refuses %o with %s in both languages', async (body, code, ar, en) => {
      const me = await signedInUser(t.app.db);
      const ars = await change(me, body, 'ar');
      expect(ars.statusCode).toBe(400);
      expect(ars.json()).toMatchObject({ code, message: ar });
      expect((await change(me, body, 'en')).json()).toMatchObject({ code, message: en });
      expect(await isSignedIn(me)).toBe(true);
    });

    it('changes the password and ends every session of the account', async () => {
      const me = await signedInUser(t.app.db);
      const second = sessionHeaders(me.userId, (await createSession(t.app.db, me.userId, 1)).token);
      const res = await change(me, {
        oldPassword: TEST_PASSWORD,
        password: 'brand new pass',
        confirmPassword: 'brand new pass',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        code: 'PASSWORD_CHANGED',
        message: 'تم تغيير كلمة المرور بنجاح',
      });
      expect(String(res.headers['set-cookie'])).toMatch(/session=;/);
      expect(await isSignedIn(me)).toBe(false);
      expect(await isSignedIn(second)).toBe(false);
      expect((await loginWith(me.user.email, TEST_PASSWORD)).statusCode).toBe(401);
      expect((await loginWith(me.user.email, 'brand new pass')).statusCode).toBe(200);
    });

    it("refuses another user's account (403) and a visitor (401)", async () => {
      const victim = await signedInUser(t.app.db);
      const attacker = await signedInUser(t.app.db);
      const before = await snapshotUser(t.app.db, victim.userId);
      const body = { oldPassword: TEST_PASSWORD, password: 'taken over!' };
      expect((await change(attacker, body, 'ar', victim.userId)).statusCode).toBe(403);
      const visitor = await inject({
        method: 'PUT',
        url: apiPaths.changePassword.build({ id: victim.userId }),
        payload: body,
      });
      expect(visitor.statusCode).toBe(401);
      expect(await snapshotUser(t.app.db, victim.userId)).toBe(before);
    });

    it('limits wrong old passwords on one account (429)', async () => {
      const me = await signedInUser(t.app.db);
      for (let i = 0; i < 10; i++) {
        expect((await change(me, { oldPassword: `guess ${i}`, password: 'new password 1' })).statusCode).toBe(
          400,
        );
      }
      const blocked = await change(me, { oldPassword: TEST_PASSWORD, password: 'new password 1' });
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    });
  });

  describe('deactivation', () => {
    const deactivate = (s: TestSession, body: object, lang = 'ar', id = s.userId) =>
      inject({
        method: 'PUT',
        url: `${apiPaths.deactivateUser.build({ id })}?lang=${lang}`,
        headers: s.cookie,
        payload: body,
      });

    it.each([
      [
        { password: '' },
        'DELETE_PASSWORD_REQUIRED',
        'أدخل كلمة المرور لتأكيد حذف الحساب',
        'Enter the password to confirm account deletion',
      ],
      [
        { password: 'wrong one', status: false },
        'PASSWORD_INCORRECT',
        'كلمة المرور غير صحيحة',
        'The password is incorrect',
      ],
    ])('refuses %o with %s in both languages', async (body, code, ar, en) => {
      const me = await signedInUser(t.app.db);
      expect((await deactivate(me, body, 'ar')).json()).toMatchObject({ code, message: ar });
      expect((await deactivate(me, body, 'en')).json()).toMatchObject({ code, message: en });
      expect(await isSignedIn(me)).toBe(true);
    });

    it('refuses status true: deactivation only ever deactivates', async () => {
      const me = await signedInUser(t.app.db);
      expect((await deactivate(me, { password: TEST_PASSWORD, status: true })).statusCode).toBe(400);
      expect(await isSignedIn(me)).toBe(true);
    });

    it('deactivates softly, ends every session and refuses later logins', async () => {
      const me = await signedInUser(t.app.db);
      const second = sessionHeaders(me.userId, (await createSession(t.app.db, me.userId, 1)).token);
      const res = await deactivate(me, { password: TEST_PASSWORD, status: false }, 'en');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        code: 'ACCOUNT_DELETED',
        message: 'Account deleted successfully',
      });
      expect(await isSignedIn(me)).toBe(false);
      expect(await isSignedIn(second)).toBe(false);
      expect(await t.app.db.select().from(sessions).where(eq(sessions.userId, me.userId))).toEqual([]);
      const [row] = await t.app.db.select().from(users).where(eq(users.id, me.userId));
      expect(row).toMatchObject({ active: false, email: me.user.email });
      expect((await loginWith(me.user.email, TEST_PASSWORD)).statusCode).toBe(401);
    });

    it('says account deleted in Arabic', async () => {
      const me = await signedInUser(t.app.db);
      expect((await deactivate(me, { password: TEST_PASSWORD })).json().message).toBe('تم حذف الحساب بنجاح');
    });

    it("refuses another user's account (403) and a visitor (401)", async () => {
      const victim = await signedInUser(t.app.db);
      const attacker = await signedInUser(t.app.db);
      const before = await snapshotUser(t.app.db, victim.userId);
      expect((await deactivate(attacker, { password: TEST_PASSWORD }, 'ar', victim.userId)).statusCode).toBe(
        403,
      );
      const visitor = await inject({
        method: 'PUT',
        url: apiPaths.deactivateUser.build({ id: victim.userId }),
        payload: { password: TEST_PASSWORD },
      });
      expect(visitor.statusCode).toBe(401);
      expect(await snapshotUser(t.app.db, victim.userId)).toBe(before);
    });
  });

  describe('forgot and reset password', () => {
    const outbox = () => outboxMails(t.config.outboxDir);
    async function waitForMail(count: number): Promise<string[]> {
      for (let i = 0; i < 100; i++) {
        const mails = await outbox();
        if (mails.length >= count) return mails;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error('no mail arrived in the outbox');
    }
    const forgot = (userEmail: string, lang = 'ar') =>
      inject({
        method: 'POST',
        url: `${apiPaths.forgotPassword.pattern}?lang=${lang}`,
        payload: { userEmail },
      });
    const resetWith = (token: string, password: string) =>
      inject({
        method: 'POST',
        url: apiPaths.resetPassword.pattern,
        payload: { token, password, confirmPassword: password },
      });

    it('answers the same whether or not the account exists, and mails a single-use link', async () => {
      const me = await signedInUser(t.app.db);
      const before = (await outbox()).length;
      const unknown = await forgot('nobody@example.com');
      const known = await forgot(me.user.email.toUpperCase());
      expect(unknown.statusCode).toBe(200);
      expect(known.statusCode).toBe(200);
      expect(known.json()).toEqual(unknown.json());
      expect(known.json()).toMatchObject({ success: true, code: 'RESET_REQUESTED' });
      const mails = await waitForMail(before + 1);
      await new Promise((r) => setTimeout(r, 100));
      expect((await outbox()).length).toBe(before + 1);
      const mail = mails.at(-1)!;
      expect(mail).toContain(`To: ${me.user.email}`);
      expect(mail).toContain('إعادة تعيين كلمة المرور');
      const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail)?.[1];
      expect(token).toBeDefined();
      // Only a hash of the token is stored.
      const stored = await t.app.db.select().from(passwordResets).where(eq(passwordResets.userId, me.userId));
      expect(stored.map((r) => r.tokenHash)).not.toContain(token);

      const res = await resetWith(token!, 'reset password 1');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ code: 'PASSWORD_CHANGED' });
      expect(await isSignedIn(me)).toBe(false);
      expect((await loginWith(me.user.email, 'reset password 1')).statusCode).toBe(200);

      const reused = await resetWith(token!, 'reset password 2');
      expect(reused.statusCode).toBe(400);
      expect(reused.json()).toMatchObject({
        code: 'RESET_TOKEN_INVALID',
        message: 'رابط إعادة التعيين غير صالح أو منتهي الصلاحية',
      });
    });

    it('finds the account by mobile number and writes in English when asked', async () => {
      const me = await signedInUser(t.app.db);
      const before = (await outbox()).length;
      await forgot(me.user.phone.replace('+966', '0'), 'en');
      const mail = (await waitForMail(before + 1)).at(-1)!;
      expect(mail).toContain('Subject: Reset your password');
      expect(mail).toContain('/en/reset-password?token=');
    });

    it('refuses an expired link', async () => {
      const me = await signedInUser(t.app.db);
      const before = (await outbox()).length;
      await forgot(me.user.email);
      const mail = (await waitForMail(before + 1)).at(-1)!;
      const token = /token=([A-Za-z0-9_-]+)/.exec(mail)![1]!;
      await t.app.db
        .update(passwordResets)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(passwordResets.userId, me.userId));
      const res = await resetWith(token, 'too late password');
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('RESET_TOKEN_INVALID');
      expect(await isSignedIn(me)).toBe(true);
    });

    it('refuses made-up tokens', async () => {
      for (const token of ['abc', 'A'.repeat(43), "' or 1=1 --"]) {
        expect((await resetWith(token, 'whatever pass')).json().code).toBe('RESET_TOKEN_INVALID');
      }
    });
  });
});
