import { waitForHydration } from './fixtures.ts';
import { expect, refusedRequests, test, toast } from './shopper-helpers.ts';

test('profile (en): details, Modify saves and reloads', async ({ page, shopper }) => {
  await page.goto('/en/user/profile');
  await waitForHydration(page);
  await expect(page.getByRole('link', { name: 'Profile' }).last()).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText(shopper.email)).toBeVisible();
  await expect(page.getByRole('img', { name: `Photo of ${shopper.name}` })).toBeVisible();
  await page.getByRole('button', { name: 'Modify' }).click();
  const dialog = page.getByRole('dialog', { name: 'Modify your details' });
  await dialog.getByLabel('Name').fill(`${shopper.name} Edited`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Edited successfully')).toBeVisible();
  await expect(page.getByText(`${shopper.name} Edited`).first()).toBeVisible({ timeout: 20_000 });
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  shopper.name = `${shopper.name} Edited`;
});

test.describe(() => {
  test.use({ allowConsoleErrors: refusedRequests });

  test('password change (en): form messages, then log in with the new password', async ({
    page,
    shopper,
  }) => {
    await page.goto('/en/user/profile');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change password' });
    const submit = dialog.getByRole('button', { name: 'Change password' });
    await submit.click();
    await expect(toast(page, 'Please complete the data')).toBeVisible();
    await dialog.getByLabel('Current password').fill('not-my-password');
    await dialog.getByLabel('New password').fill('A-new-password-1');
    await dialog.getByLabel('Confirm password').fill('A-new-password-2');
    await submit.click();
    await expect(toast(page, 'Password confirmation is incorrect')).toBeVisible();
    await dialog.getByLabel('Confirm password').fill('A-new-password-1');
    await submit.click();
    await expect(toast(page, 'The password is incorrect')).toBeVisible();
    await dialog.getByLabel('Current password').fill(shopper.password);
    await submit.click();
    await expect(toast(page, 'Password changed successfully')).toBeVisible();
    shopper.password = 'A-new-password-1';
    await expect(page).toHaveURL(/\/en\/login$/, { timeout: 20_000 });
    await waitForHydration(page);
    await page.getByLabel('E-mail or mobile number').fill(shopper.email);
    await page.getByLabel('Password', { exact: true }).fill(shopper.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(/\/en$/, { timeout: 20_000 });
  });
});

test.describe(() => {
  test.use({ allowConsoleErrors: refusedRequests });

  test('account deletion (ar): password required, a wrong one is cleared, then the account is closed', async ({
    page,
    shopper,
  }) => {
    await page.goto('/user/profile');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'حذف الحساب' }).click();
    const dialog = page.getByRole('dialog', { name: 'تأكيد الحذف' });
    const password = dialog.getByLabel('كلمة المرور', { exact: true });
    const confirm = dialog.getByRole('button', { name: 'حذف حسابي' });
    await confirm.click();
    await expect(toast(page, 'أدخل كلمة المرور لتأكيد حذف الحساب')).toBeVisible();
    await password.fill('wrong-password');
    await confirm.click();
    await expect(toast(page, 'كلمة المرور غير صحيحة')).toBeVisible();
    await expect(password).toHaveValue('');
    await password.fill(shopper.password);
    await confirm.click();
    await expect(toast(page, 'تم حذف الحساب بنجاح')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/, { timeout: 20_000 });
    await waitForHydration(page);
    await page.getByLabel('البريد الإلكتروني أو رقم الجوال').fill(shopper.email);
    await page.getByLabel('كلمة المرور', { exact: true }).fill(shopper.password);
    await page.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
    await expect(toast(page, 'خطأ في البريد الإلكتروني أو كلمة المرور')).toBeVisible();
  });
});
