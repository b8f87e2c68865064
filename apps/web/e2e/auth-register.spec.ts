import { expect, pathIn, test, waitForHydration, type Lang } from './fixtures.ts';
import { newShopperData } from './shopper-helpers.ts';

/** Registration messages, in the order the form checks them, in each language. */
type MessageKey = 'name' | 'phone' | 'email' | 'password' | 'confirmation' | 'mismatch' | 'success';
const messages: Record<Lang, Record<MessageKey, string>> = {
  ar: {
    name: 'من فضلك أدخل الاسم',
    phone: 'من فضلك أدخل رقم جوال صحيح',
    email: 'من فضلك أدخل البريد الإلكتروني',
    password: 'من فضلك أدخل كلمة المرور',
    confirmation: 'من فضلك أدخل تأكيد كلمة المرور',
    mismatch: 'من فضلك تأكد من تطابق كلمة المرور',
    success: 'تم تسجيل الحساب بنجاح',
  },
  en: {
    name: 'Please enter the name',
    phone: 'Please enter a valid mobile number',
    email: 'Please enter the e-mail',
    password: 'Please enter the password',
    confirmation: 'Please enter the password confirmation',
    mismatch: 'Please confirm the password',
    success: 'Account registered successfully',
  },
};

type LabelKey = 'name' | 'phone' | 'email' | 'password' | 'confirmation' | 'submit' | 'title' | 'login';
const labels: Record<Lang, Record<LabelKey, string>> = {
  ar: {
    name: 'الاسم',
    phone: 'رقم الجوال',
    email: 'البريد الإلكتروني',
    password: 'كلمة المرور',
    confirmation: 'تأكيد كلمة المرور',
    submit: 'إنشاء الحساب',
    title: 'إنشاء حساب',
    login: 'تسجيل الدخول',
  },
  en: {
    name: 'Name',
    phone: 'Mobile number',
    email: 'E-mail',
    password: 'Password',
    confirmation: 'Confirm password',
    submit: 'Create account',
    title: 'Create an account',
    login: 'Log in',
  },
};

for (const lang of ['ar', 'en'] as const) {
  test(`registration page shows each form message in order, then registers (${lang})`, async ({ page }) => {
    const m = messages[lang];
    const l = labels[lang];
    const data = newShopperData();
    await page.goto(pathIn(lang, '/register'));
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1, name: l.title })).toBeVisible();
    const submit = page.getByRole('button', { name: l.submit });
    const form = page.locator('main form');
    const expectError = async (text: string) => {
      await expect(form.getByRole('alert')).toHaveText(text);
      await expect(page.locator('.Toastify').getByText(text).first()).toBeVisible();
    };

    await submit.click();
    await expectError(m.name);
    await form.getByLabel(l.name, { exact: true }).fill(data.name);
    await form.getByLabel(l.phone).fill('05123');
    await submit.click();
    await expectError(m.phone);
    await form.getByLabel(l.phone).fill(data.phone);
    await submit.click();
    await expectError(m.email);
    await form.getByLabel(l.email).fill(data.email.toUpperCase());
    await submit.click();
    await expectError(m.password);
    await form.getByLabel(l.password, { exact: true }).fill(data.password);
    await submit.click();
    await expectError(m.confirmation);
    await form.getByLabel(l.confirmation).fill(`${data.password}x`);
    await submit.click();
    await expectError(m.mismatch);

    // The password toggle shows what was typed.
    await form
      .getByRole('button', { name: lang === 'ar' ? 'إظهار كلمة المرور' : 'Show password' })
      .first()
      .click();
    await expect(form.getByLabel(l.password, { exact: true })).toHaveAttribute('type', 'text');

    await form.getByLabel(l.confirmation).fill(data.password);
    await submit.click();
    await expect(page.locator('.Toastify').getByText(m.success)).toBeVisible();
    // Registering does not log in: after 2 s the login page is next.
    await expect(page).toHaveURL(new RegExp(`${pathIn(lang, '/login')}$`), { timeout: 20_000 });

    // The e-mail was lower-cased: logging in with it works.
    await page
      .getByLabel(lang === 'ar' ? 'البريد الإلكتروني أو رقم الجوال' : 'E-mail or mobile number')
      .fill(data.email);
    await page.getByLabel(l.password, { exact: true }).fill(data.password);
    await page.getByRole('button', { name: l.login, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${pathIn(lang, '/')}$`), { timeout: 20_000 });
    await expect(
      page.getByRole('button', { name: lang === 'ar' ? 'قائمة الحساب' : 'Account menu' }),
    ).toBeVisible();
    // Clean up: the account this test made.
    await page.goto(pathIn(lang, '/user/profile'));
    await waitForHydration(page);
    await page.getByRole('link', { name: lang === 'ar' ? 'حذف الحساب' : 'Delete account' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(l.password, { exact: true }).fill(data.password);
    await dialog.getByRole('button', { name: lang === 'ar' ? 'حذف حسابي' : 'Delete my account' }).click();
    await expect(page).toHaveURL(new RegExp(`${pathIn(lang, '/login')}$`), { timeout: 20_000 });
  });
}

test('the login page opens registration as a dialog over it, which closes 2 s after success', async ({
  page,
}) => {
  const data = newShopperData();
  await page.goto('/en/login');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Create an account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create an account' });
  await expect(dialog).toBeVisible();
  // Escape closes it; the login form is still there.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Create an account' }).click();
  await dialog.getByLabel('Name', { exact: true }).fill(data.name);
  await dialog.getByLabel('Mobile number').fill(data.phone);
  await dialog.getByLabel('E-mail').fill(data.email);
  await dialog.getByLabel('Password', { exact: true }).fill(data.password);
  await dialog.getByLabel('Confirm password').fill(data.password);
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await expect(page.locator('.Toastify').getByText('Account registered successfully')).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  // The new e-mail is filled in on the login form.
  await expect(page.getByLabel('E-mail or mobile number')).toHaveValue(data.email);
  await page.getByLabel('Password', { exact: true }).fill(data.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/en$/, { timeout: 20_000 });
  // Clean up.
  const me = (await (await page.request.get('/api/User/Select/Current/User')).json()) as { userId: string };
  const origin = new URL(page.url()).origin;
  const gone = await page.request.put(`/api/User/Deactivate/User/${me.userId}`, {
    data: { password: data.password },
    headers: { origin },
  });
  expect(gone.status()).toBe(200);
});
