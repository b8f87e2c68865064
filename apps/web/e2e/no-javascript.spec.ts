import { expect, newShopperData, test } from './shopper-helpers.ts';

/**
 * The account forms also work before the page has hydrated (a slow phone) or without
 * JavaScript: they post to their page, whose action makes the same checks and API call. A
 * password never ends up in the address bar.
 */
test.describe(() => {
  test.use({ javaScriptEnabled: false });

  test('login without JavaScript (ar): form message, wrong password, then on to the page asked for', async ({
    page,
    account,
  }) => {
    await page.goto('/login?redirectTo=%2Fallcategory');
    const identifier = page.getByLabel('البريد الإلكتروني أو رقم الجوال');
    const password = page.getByLabel('كلمة المرور', { exact: true });
    const submit = page.getByRole('button', { name: 'تسجيل الدخول', exact: true });

    await submit.click();
    await expect(page.getByText('تأكد من البريد الإلكتروني')).toBeVisible();

    await page.getByLabel('البريد الإلكتروني أو رقم الجوال').fill(account.email);
    await password.fill('wrong-password');
    await submit.click();
    await expect(page.getByText('خطأ في البريد الإلكتروني أو كلمة المرور')).toBeVisible();
    expect(page.url()).not.toContain('wrong-password');
    expect(page.url()).not.toContain('userPassword');

    await identifier.fill(account.email);
    await password.fill(account.password);
    await submit.click();
    await expect(page).toHaveURL(/\/allcategory$/);
    await expect(page.getByRole('button', { name: 'قائمة الحساب' })).toContainText(account.name);
  });

  test('registration without JavaScript (en): a taken e-mail is refused, then the account is made', async ({
    page,
    account,
  }) => {
    const fresh = newShopperData();
    const fill = async (email: string) => {
      await page.getByLabel('Name', { exact: true }).fill(fresh.name);
      await page.getByLabel('Mobile number').fill(fresh.phone);
      await page.getByLabel('E-mail', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill(fresh.password);
      await page.getByLabel('Confirm password').fill(fresh.password);
      await page.getByRole('button', { name: 'Create account' }).click();
    };
    await page.goto('/en/register');
    await fill(account.email);
    await expect(page.getByText('This e-mail already exists')).toBeVisible();
    await fill(fresh.email);
    await expect(page.getByRole('status')).toHaveText('Account registered successfully');
    await page.getByRole('link', { name: 'Log in' }).last().click();
    await expect(page).toHaveURL(/\/en\/login$/);
  });

  test('forgot password without JavaScript (en) answers the same as with it', async ({ page }) => {
    await page.goto('/en/forgot-password');
    await page.getByLabel('E-mail or mobile number').fill('nobody@example.com');
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(page.getByRole('status')).toHaveText(
      'If the account exists, a message to reset the password is on its way',
    );
  });

  test('a post that is not a form gets 400 and the error page, not a crash', async ({ request, baseURL }) => {
    // From the shop's own origin (a post without one is refused before the page reads it).
    const response = await request.post('/en/login', {
      headers: { origin: new URL(baseURL!).origin },
      data: { userEmail: 'a@b.c', userPassword: 'x' },
    });
    expect(response.status()).toBe(400);
    expect(await response.text()).toContain('<html lang="en" dir="ltr"');
  });
});
