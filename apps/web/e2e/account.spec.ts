import { pathIn, type Lang } from './fixtures.ts';
import { expect, jsModes, openPage, refusedRequests, test, toast, told } from './shopper-helpers.ts';

/**
 * The profile page's three dialogs, each in Arabic and English, hydrated and without
 * JavaScript. Without it, the trigger is a link to `?dialog=name` that the server draws open,
 * a refusal comes back in the open dialog, and success is the next page's notice.
 */
const text = {
  ar: {
    modify: 'تعديل',
    editTitle: 'تعديل بياناتك',
    name: 'الاسم',
    save: 'حفظ',
    edited: 'تم التعديل بنجاح',
    changePassword: 'تغيير كلمة المرور',
    oldPassword: 'كلمة المرور الحالية',
    newPassword: 'كلمة المرور الجديدة',
    confirmPassword: 'تأكيد كلمة المرور',
    incomplete: 'من فضلك أكمل البيانات',
    mismatch: 'تأكيد كلمة المرور غير صحيح',
    wrongPassword: 'كلمة المرور غير صحيحة',
    passwordChanged: 'تم تغيير كلمة المرور بنجاح',
    deleteAccount: 'حذف الحساب',
    deleteTitle: 'تأكيد الحذف',
    password: 'كلمة المرور',
    deleteConfirm: 'حذف حسابي',
    deletePasswordRequired: 'أدخل كلمة المرور لتأكيد حذف الحساب',
    deleted: 'تم حذف الحساب بنجاح',
    identifier: 'البريد الإلكتروني أو رقم الجوال',
    logIn: 'تسجيل الدخول',
    loginFailed: 'خطأ في البريد الإلكتروني أو كلمة المرور',
    close: 'إغلاق',
  },
  en: {
    modify: 'Modify',
    editTitle: 'Modify your details',
    name: 'Name',
    save: 'Save',
    edited: 'Edited successfully',
    changePassword: 'Change password',
    oldPassword: 'Current password',
    newPassword: 'New password',
    confirmPassword: 'Confirm password',
    incomplete: 'Please complete the data',
    mismatch: 'Password confirmation is incorrect',
    wrongPassword: 'The password is incorrect',
    passwordChanged: 'Password changed successfully',
    deleteAccount: 'Delete account',
    deleteTitle: 'Confirm deletion',
    password: 'Password',
    deleteConfirm: 'Delete my account',
    deletePasswordRequired: 'Enter the password to confirm account deletion',
    deleted: 'Account deleted successfully',
    identifier: 'E-mail or mobile number',
    logIn: 'Log in',
    loginFailed: 'Error in email or password',
    close: 'Close',
  },
} satisfies Record<Lang, Record<string, string>>;

/** The profile page's address, with a dialog named in it or none. */
function profileAddress(lang: Lang, dialog: string | null) {
  return new RegExp(`${pathIn(lang, '/user/profile')}${dialog ? `\\?dialog=${dialog}` : ''}$`);
}

for (const lang of ['ar', 'en'] as const) {
  const t = text[lang];
  for (const { js, mode } of jsModes) {
    test.describe(() => {
      test.use({ javaScriptEnabled: js, allowConsoleErrors: refusedRequests });

      test(`profile (${lang}, ${mode}): Modify opens over the page, closes, then saves`, async ({
        page,
        shopper,
      }) => {
        await openPage(page, pathIn(lang, '/user/profile'), js);
        await expect(page.getByText(shopper.email)).toBeVisible();
        await page.getByRole('link', { name: t.modify, exact: true }).click();
        const dialog = page.getByRole('dialog', { name: t.editTitle });
        await expect(dialog).toBeVisible();
        // In place with JavaScript; without, the page the link leads to has the dialog open.
        await expect(page).toHaveURL(profileAddress(lang, js ? null : 'edit'));
        await dialog.getByRole('link', { name: t.close }).click();
        await expect(dialog).toBeHidden();
        await expect(page).toHaveURL(profileAddress(lang, null));

        await page.getByRole('link', { name: t.modify, exact: true }).click();
        await dialog.getByLabel(t.name).fill(`${shopper.name} Edited`);
        await dialog.getByRole('button', { name: t.save }).click();
        await expect(told(page, t.edited, js)).toBeVisible();
        await expect(page.getByText(`${shopper.name} Edited`).first()).toBeVisible({ timeout: 20_000 });
        await expect(dialog).toBeHidden({ timeout: 20_000 });
        await expect(page).toHaveURL(profileAddress(lang, null));
        shopper.name = `${shopper.name} Edited`;
      });

      test(`password change (${lang}, ${mode}): messages in the dialog, then log in with the new password`, async ({
        page,
        shopper,
      }) => {
        await openPage(page, pathIn(lang, '/user/profile'), js);
        await page.getByRole('link', { name: t.changePassword }).click();
        const dialog = page.getByRole('dialog', { name: t.changePassword });
        const submit = dialog.getByRole('button', { name: t.changePassword });
        await submit.click();
        // The refusal is shown in the dialog, still open (without JavaScript: the page came back
        // with the dialog named in its address).
        await expect(dialog.getByText(t.incomplete)).toBeVisible();
        if (js) await expect(toast(page, t.incomplete)).toBeVisible();
        else await expect(page).toHaveURL(profileAddress(lang, 'password'));
        await dialog.getByLabel(t.oldPassword).fill('not-my-password');
        await dialog.getByLabel(t.newPassword).fill('A-new-password-1');
        await dialog.getByLabel(t.confirmPassword).fill('A-new-password-2');
        await submit.click();
        await expect(dialog.getByText(t.mismatch)).toBeVisible();
        await dialog.getByLabel(t.oldPassword).fill('not-my-password');
        await dialog.getByLabel(t.newPassword).fill('A-new-password-1');
        await dialog.getByLabel(t.confirmPassword).fill('A-new-password-1');
        await submit.click();
        await expect(dialog.getByText(t.wrongPassword)).toBeVisible();
        await dialog.getByLabel(t.oldPassword).fill(shopper.password);
        await dialog.getByLabel(t.newPassword).fill('A-new-password-1');
        await dialog.getByLabel(t.confirmPassword).fill('A-new-password-1');
        await submit.click();
        await expect(told(page, t.passwordChanged, js)).toBeVisible();
        shopper.password = 'A-new-password-1';
        await expect(page).toHaveURL(new RegExp(`${pathIn(lang, '/login')}$`), { timeout: 20_000 });
        await openPage(page, page.url(), js);
        await page.getByLabel(t.identifier).fill(shopper.email);
        await page.getByLabel(t.password, { exact: true }).fill(shopper.password);
        await page.getByRole('button', { name: t.logIn, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`${lang === 'en' ? '/en' : '/'}$`), { timeout: 20_000 });
      });

      test(`account deletion (${lang}, ${mode}): password required, a wrong one refused, then the account is closed`, async ({
        page,
        shopper,
      }) => {
        await openPage(page, pathIn(lang, '/user/profile'), js);
        await page.getByRole('link', { name: t.deleteAccount }).click();
        const dialog = page.getByRole('dialog', { name: t.deleteTitle });
        const password = dialog.getByLabel(t.password, { exact: true });
        const confirm = dialog.getByRole('button', { name: t.deleteConfirm });
        await confirm.click();
        await expect(dialog.getByText(t.deletePasswordRequired)).toBeVisible();
        await password.fill('wrong-password');
        await confirm.click();
        await expect(dialog.getByText(t.wrongPassword)).toBeVisible();
        // Emptied for the next try: by the form with JavaScript, by the page sent again without.
        await expect(password).toHaveValue('');
        await password.fill(shopper.password);
        await confirm.click();
        await expect(told(page, t.deleted, js)).toBeVisible();
        await expect(page).toHaveURL(new RegExp(`${pathIn(lang, '/login')}$`), { timeout: 20_000 });
        await openPage(page, page.url(), js);
        await page.getByLabel(t.identifier).fill(shopper.email);
        await page.getByLabel(t.password, { exact: true }).fill(shopper.password);
        await page.getByRole('button', { name: t.logIn, exact: true }).click();
        await expect(page.getByText(t.loginFailed).first()).toBeVisible();
      });
    });
  }
}
