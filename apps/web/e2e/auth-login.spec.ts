import { waitForHydration } from './fixtures.ts';
import { expect, refusedRequests, test, toast } from './shopper-helpers.ts';

test.describe(() => {
  test.use({ allowConsoleErrors: refusedRequests });

  test('login (ar): form messages, wrong password, then e-mail login goes home after 1.5 s', async ({
    page,
    account,
  }) => {
    await page.goto('/login');
    await waitForHydration(page);
    await expect(page.getByText('سجّل الدخول لتستفيد من جميع مزايا الموقع')).toBeVisible();
    const identifier = page.getByLabel('البريد الإلكتروني أو رقم الجوال');
    const password = page.getByLabel('كلمة المرور', { exact: true });
    const submit = page.getByRole('button', { name: 'تسجيل الدخول', exact: true });

    await submit.click();
    await expect(toast(page, 'تأكد من البريد الإلكتروني')).toBeVisible();
    await expect(identifier).toBeFocused();
    await identifier.fill(account.email.toUpperCase());
    await submit.click();
    await expect(toast(page, 'من فضلك أدخل كلمة المرور')).toBeVisible();

    await password.fill('wrong-password');
    await submit.click();
    await expect(toast(page, 'خطأ في البريد الإلكتروني أو كلمة المرور')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    // The password toggle.
    await page.getByRole('button', { name: 'إظهار كلمة المرور' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'إخفاء كلمة المرور' }).click();
    await expect(password).toHaveAttribute('type', 'password');

    await password.fill(account.password);
    await submit.click();
    await expect(toast(page, 'تم تسجيل الدخول بنجاح')).toBeVisible();
    await expect(page).toHaveURL(/\/$/, { timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'قائمة الحساب' })).toContainText(account.name);
    // The session is an httpOnly cookie; nothing secret is in browser storage.
    expect(await page.evaluate(() => Object.keys(localStorage))).not.toContain('token');
  });
});

test('login (en) by mobile number, then logout ends the session and goes home', async ({ page, account }) => {
  await page.goto('/en/login');
  await waitForHydration(page);
  await page.getByLabel('E-mail or mobile number').fill(account.phone);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/en$/, { timeout: 20_000 });
  await waitForHydration(page);

  // The home page as the server sends it: the account menu is a popover of links and a form,
  // the same menu of items as on a hydrated page.
  const menu = page.getByRole('button', { name: 'Account menu' });
  await menu.click();
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'My orders' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/en$/);
  // Server-side: the account pages now send the visitor to log in.
  await page.goto('/en/user/profile');
  await expect(page).toHaveURL(/\/en\/login\?redirectTo=%2Fen%2Fuser%2Fprofile$/);
});

test('a visitor sent from the cart to log in comes back to the cart afterwards (ar)', async ({
  page,
  account,
}) => {
  await page.goto('/cart');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcart$/);
  await waitForHydration(page);
  await page.getByLabel('البريد الإلكتروني أو رقم الجوال').fill(account.email);
  await page.getByLabel('كلمة المرور', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
  await expect(page).toHaveURL(/\/cart$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'السلة' })).toBeVisible();
  await expect(page.getByText('لا توجد منتجات في السلة')).toBeVisible();
});

test('forgot password answers the same whether or not the account exists (en)', async ({ page }) => {
  await page.goto('/en/forgot-password');
  await waitForHydration(page);
  await page.getByLabel('E-mail or mobile number').fill('nobody-here@example.com');
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'If the account exists' })).toBeVisible();
});

test('/admin/profile goes to the profile page', async ({ page }) => {
  await page.goto('/en/admin/profile');
  // A visitor then lands on the login page that returns to the profile.
  await expect(page).toHaveURL(/\/en\/login\?redirectTo=%2Fen%2Fuser%2Fprofile$/);
});
