import { apiPaths } from '@shop/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from './schema.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { dumpDatabase, multipart } from '../../test/users.ts';

const url = apiPaths.register.pattern;

describe('registration', () => {
  let t: TestContext;
  let ip = 0;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** Each call from its own address, so the per-IP registration limit stays out of the way. */
  function register(fields: Record<string, string>, lang: 'ar' | 'en' = 'ar') {
    return t.app.inject({
      method: 'POST',
      url: `${url}?lang=${lang}`,
      remoteAddress: `10.1.0.${++ip}`,
      ...multipart(fields),
    });
  }

  const valid = {
    UserName: 'Noura',
    UserPhone: '0551112233',
    UserEmail: 'Noura@Example.COM',
    UserPassword: 'a good password',
  };

  describe('rules in the order of docs/requirements/rules.md, in Arabic and English', () => {
    const cases: [string, Record<string, string>, string, string, string][] = [
      [
        'empty name',
        { UserName: '', UserPhone: '12', UserEmail: '', UserPassword: '' },
        'NAME_REQUIRED',
        'من فضلك أدخل الاسم',
        'Please enter the name',
      ],
      [
        'phone of 9 characters or fewer',
        { ...valid, UserPhone: '123456789', UserEmail: '', UserPassword: '' },
        'PHONE_INVALID',
        'من فضلك أدخل رقم جوال صحيح',
        'Please enter a valid mobile number',
      ],
      [
        'a long number that is not a Saudi mobile',
        { ...valid, UserPhone: '0112345678' },
        'PHONE_INVALID',
        'من فضلك أدخل رقم جوال صحيح',
        'Please enter a valid mobile number',
      ],
      [
        'a mobile-looking number outside the numbering plan',
        { ...valid, UserPhone: '0521234567' },
        'PHONE_INVALID',
        'من فضلك أدخل رقم جوال صحيح',
        'Please enter a valid mobile number',
      ],
      [
        'empty e-mail',
        { ...valid, UserEmail: '', UserPassword: '' },
        'EMAIL_REQUIRED',
        'من فضلك أدخل البريد الإلكتروني',
        'Please enter the e-mail',
      ],
      [
        'invalid e-mail',
        { ...valid, UserEmail: 'noura-at-example' },
        'EMAIL_INVALID',
        'من فضلك أدخل بريداً إلكترونياً صحيحاً',
        'Please enter a valid e-mail',
      ],
      [
        'empty password',
        { ...valid, UserPassword: '' },
        'PASSWORD_REQUIRED',
        'من فضلك أدخل كلمة المرور',
        'Please enter the password',
      ],
      [
        'short password',
        { ...valid, UserPassword: 'seven77' },
        'PASSWORD_TOO_SHORT',
        'كلمة المرور يجب أن تكون 8 أحرف على الأقل',
        'The password must be at least 8 characters',
      ],
      [
        'password over 128 characters',
        { ...valid, UserPassword: 'p'.repeat(129) },
        'PASSWORD_TOO_LONG',
        'كلمة المرور يجب ألا تزيد عن 128 حرفاً',
        'The password must be at most 128 characters',
      ],
      [
        'empty confirmation (when sent)',
        { ...valid, confirmPassword: '' },
        'PASSWORD_CONFIRMATION_REQUIRED',
        'من فضلك أدخل تأكيد كلمة المرور',
        'Please enter the password confirmation',
      ],
      [
        'confirmation that differs',
        { ...valid, confirmPassword: 'another password' },
        'PASSWORD_CONFIRMATION_MISMATCH',
        'من فضلك تأكد من تطابق كلمة المرور',
        'Please confirm the password',
      ],
    ];
    it.each(cases)('%s → %s', async (_label, fields, code, ar, en) => {
      const inArabic = await register(fields, 'ar');
      expect(inArabic.statusCode).toBe(400);
      expect(inArabic.json()).toMatchObject({ code, message: ar });
      const inEnglish = await register(fields, 'en');
      expect(inEnglish.json()).toMatchObject({ code, message: en });
    });

    it('creates no account when a rule fails', async () => {
      const rows = await t.app.db.select().from(users);
      expect(rows).toEqual([]);
    });
  });

  it('registers with the success message, a lower-cased e-mail and an E.164 phone', async () => {
    const res = await register({ ...valid, UserPhone: '٠٥٥١١١٢٢٣٣' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      code: 'ACCOUNT_REGISTERED',
      message: 'تم تسجيل الحساب بنجاح',
      userName: 'Noura',
      userEmail: 'noura@example.com',
      userPhone: '+966551112233',
      userImage: null,
    });
    expect(body.userId).toBe(body._id);
    expect(body).not.toHaveProperty('passwordHash');
    expect(res.headers['set-cookie']).toBeUndefined();

    const english = await register(
      {
        UserName: 'Omar',
        UserPhone: '+966 55 444 5566',
        UserEmail: 'omar@example.com',
        UserPassword: 'another one!',
      },
      'en',
    );
    expect(english.json()).toMatchObject({ message: 'Account registered successfully' });
  });

  it('stores only an argon2id hash of the password (m=19456, t=2, p=1)', async () => {
    const [row] = await t.app.db.select().from(users).where(eq(users.email, 'noura@example.com'));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const dump = await dumpDatabase(t.app.db);
    expect(dump).toContain('noura@example.com');
    expect(dump).not.toContain(valid.UserPassword);
    expect(dump).not.toContain('another one!');
  });

  describe('a taken e-mail, phone or name gets its own error', () => {
    it.each([
      [
        'e-mail in another case',
        { UserName: 'Fresh 1', UserPhone: '0559990001', UserEmail: 'NOURA@example.com' },
        'EMAIL_EXISTS',
        'هذا البريد الإلكتروني موجود بالفعل',
        'This e-mail already exists',
      ],
      [
        'phone in another form',
        { UserName: 'Fresh 2', UserPhone: '551112233', UserEmail: 'fresh2@example.com' },
        'PHONE_EXISTS',
        'رقم الجوال هذا موجود بالفعل',
        'This phone already exists',
      ],
      [
        'name in another case',
        { UserName: 'NOURA', UserPhone: '0559990003', UserEmail: 'fresh3@example.com' },
        'NAME_EXISTS',
        'هذا الاسم موجود بالفعل',
        'This name already exists',
      ],
    ])('%s → %s', async (_label, fields, code, ar, en) => {
      const inArabic = await register({ ...fields, UserPassword: 'whatever123' }, 'ar');
      expect(inArabic.statusCode).toBe(409);
      expect(inArabic.json()).toMatchObject({ code, message: ar });
      const inEnglish = await register({ ...fields, UserPassword: 'whatever123' }, 'en');
      expect(inEnglish.json()).toMatchObject({ code, message: en });
    });
  });

  it('accepts JSON from API clients and ignores fields a shopper may not set', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      remoteAddress: '10.1.1.1',
      payload: {
        UserName: 'Json Client',
        UserPhone: '0557778899',
        UserEmail: 'json@example.com',
        UserPassword: 'json password',
        active: false,
        status: false,
        role: 'admin',
        id: '00000000-0000-4000-8000-000000000000',
      },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.app.db.select().from(users).where(eq(users.email, 'json@example.com'));
    expect(row?.active).toBe(true);
    expect(row?.id).not.toBe('00000000-0000-4000-8000-000000000000');
  });

  it('limits registrations from one address (429 with Retry-After)', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 21; i++) {
      last = await t.app.inject({
        method: 'POST',
        url,
        remoteAddress: '10.9.9.9',
        ...multipart({ UserName: '' }),
      });
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(last?.statusCode).toBe(429);
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
  });
});
