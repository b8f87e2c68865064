import { describe, expect, it } from 'vitest';
import { addressInputSchema } from './addresses.ts';
import { cartCountParam } from './cart.ts';
import { looksLikeSaudiMobile } from './constants.ts';
import { changePasswordFormSchema, loginSchema, registerFormSchema, registerSchema } from './users.ts';

/** The code of the first failing field, as the API and the forms report it. */
function firstCode(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? 'ok' : result.error?.issues[0]?.message;
}

describe('registration form rules, in the order of docs/requirements/rules.md', () => {
  const valid = {
    UserName: 'سارة',
    UserPhone: '0551234567',
    UserEmail: 'Sara@Example.com',
    UserPassword: 'long enough',
    confirmPassword: 'long enough',
  };
  it.each([
    [
      { ...valid, UserName: ' ', UserPhone: '', UserEmail: '', UserPassword: '', confirmPassword: '' },
      'NAME_REQUIRED',
    ],
    [
      { ...valid, UserPhone: '055123456', UserEmail: '', UserPassword: '', confirmPassword: '' },
      'PHONE_INVALID',
    ],
    [{ ...valid, UserEmail: '', UserPassword: '', confirmPassword: '' }, 'EMAIL_REQUIRED'],
    [{ ...valid, UserEmail: 'not-an-email', UserPassword: '' }, 'EMAIL_INVALID'],
    [{ ...valid, UserPassword: '', confirmPassword: '' }, 'PASSWORD_REQUIRED'],
    [{ ...valid, UserPassword: 'short', confirmPassword: '' }, 'PASSWORD_TOO_SHORT'],
    [{ ...valid, confirmPassword: '' }, 'PASSWORD_CONFIRMATION_REQUIRED'],
    [{ ...valid, confirmPassword: 'different!' }, 'PASSWORD_CONFIRMATION_MISMATCH'],
    [valid, 'ok'],
  ])('%o → %s', (input, code) => {
    expect(firstCode(registerFormSchema.safeParse(input))).toBe(code);
  });

  it('lower-cases the e-mail and trims the name', () => {
    const parsed = registerSchema.parse({ ...valid, UserName: '  سارة ' });
    expect(parsed.UserEmail).toBe('sara@example.com');
    expect(parsed.UserName).toBe('سارة');
  });

  it('refuses passwords over 128 characters', () => {
    const long = 'x'.repeat(129);
    expect(firstCode(registerSchema.safeParse({ ...valid, UserPassword: long, confirmPassword: long }))).toBe(
      'PASSWORD_TOO_LONG',
    );
  });
});

describe('login form rules', () => {
  it('asks for the e-mail, then the password', () => {
    expect(firstCode(loginSchema.safeParse({ userEmail: '', userPassword: '' }))).toBe(
      'LOGIN_EMAIL_REQUIRED',
    );
    expect(firstCode(loginSchema.safeParse({ userEmail: 'a@b.co', userPassword: '' }))).toBe(
      'PASSWORD_REQUIRED',
    );
    expect(loginSchema.parse({ userEmail: ' A@B.CO ', userPassword: 'x' }).userEmail).toBe('a@b.co');
  });
});

describe('password change form rules', () => {
  it('wants all three fields, then a matching confirmation', () => {
    const check = (oldPassword: string, password: string, confirmPassword: string) =>
      firstCode(changePasswordFormSchema.safeParse({ oldPassword, password, confirmPassword }));
    expect(check('', 'new password', 'new password')).toBe('DATA_INCOMPLETE');
    expect(check('old', '', 'x')).toBe('DATA_INCOMPLETE');
    expect(check('old', 'new password', '')).toBe('DATA_INCOMPLETE');
    expect(check('old', 'new password', 'other')).toBe('PASSWORD_CHANGE_MISMATCH');
    expect(check('old', 'new password', 'new password')).toBe('ok');
  });
});

describe('Saudi mobile numbers', () => {
  it.each(['0551234567', '551234567', '+966551234567', '00966551234567', '٠٥٥١٢٣٤٥٦٧', '055 123 4567'])(
    'accepts %s',
    (value) => expect(looksLikeSaudiMobile(value)).toBe(true),
  );
  it.each(['', '12345', '0112345678', '+201001234567', '05512345678', 'abcdefghij'])('refuses %s', (value) =>
    expect(looksLikeSaudiMobile(value)).toBe(false),
  );
});

describe('cart quantity in a path', () => {
  it.each(['0', '-1', 'abc', '1.5', '', '1e3'])('refuses %s', (value) => {
    expect(firstCode(cartCountParam.safeParse(value))).toBe('QUANTITY_INVALID');
  });
  it('reads digits as a number', () => expect(cartCountParam.parse('3')).toBe(3));
});

describe('address input', () => {
  it('needs a title and keeps coordinates in range', () => {
    expect(firstCode(addressInputSchema.safeParse({ name: '' }))).toBe('ADDRESS_NAME_REQUIRED');
    expect(firstCode(addressInputSchema.safeParse({ name: 'Home', latitude: 91 }))).toBe(
      'COORDINATES_INVALID',
    );
    expect(firstCode(addressInputSchema.safeParse({ name: 'Home', longitude: '-181' }))).toBe(
      'COORDINATES_INVALID',
    );
    expect(addressInputSchema.parse({ name: 'Home', latitude: '24.7136', longitude: 46.6753 })).toMatchObject(
      {
        latitude: 24.7136,
        longitude: 46.6753,
      },
    );
    expect(addressInputSchema.parse({ name: 'Home', latitude: '' }).latitude).toBeNull();
  });
});
