import { expect, expectAccessible, pathIn, test, waitForHydration, type Lang } from './fixtures.ts';
import { E2E_OWNER, setPasswordLinkTo, signInToDashboard } from './staff-helpers.ts';

/** The words of the back office the tests look for, in both languages. */
const words = {
  ar: {
    welcome: (name: string) => `مرحباً، ${name}`,
    nav: 'لوحة التحكم',
    staff: 'الموظفون',
    name: 'الاسم',
    email: 'البريد الإلكتروني',
    invite: 'أرسل الدعوة',
    newPassword: 'كلمة المرور الجديدة',
    savePassword: 'احفظ كلمة المرور',
    forbidden: 'هذه الصفحة للمالك فقط',
    signOut: 'تسجيل الخروج',
    signInTitle: 'تسجيل الدخول إلى لوحة التحكم',
    audit: 'سجل التدقيق',
    invited: 'دعوة عضو',
    disable: 'عطّل',
    disabled: 'معطّل',
    enable: 'فعّل',
  },
  en: {
    welcome: (name: string) => `Welcome, ${name}`,
    nav: 'Back office',
    staff: 'Staff',
    name: 'Name',
    email: 'E-mail',
    invite: 'Send the invitation',
    newPassword: 'New password',
    savePassword: 'Save the password',
    forbidden: 'Only an owner can open this page',
    signOut: 'Sign out',
    signInTitle: 'Sign in to the back office',
    audit: 'Audit log',
    invited: 'Member invited',
    disable: 'Disable',
    disabled: 'Disabled',
    enable: 'Enable',
  },
} as const;

let sequence = 0;
const uniqueEmail = (lang: Lang) => `member-${lang}-${Date.now()}-${++sequence}@e2e.test`;
const emailPattern = (email: string) => new RegExp(email.replace(/[.+]/g, '\\$&'));

for (const lang of ['ar', 'en'] as const) {
  const w = words[lang];

  test(`an owner invites a member, who sets a password, signs in and cannot open Staff (${lang})`, async ({
    page,
    browser,
  }) => {
    await signInToDashboard(page, lang, E2E_OWNER);
    await expect(page.getByText(w.welcome(E2E_OWNER.name))).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('navigation', { name: w.nav }).getByRole('link', { name: w.staff }).click();
    await expect(page).toHaveURL(new RegExp(`${pathIn(lang, '/dashboard/staff')}$`));
    await waitForHydration(page);
    await expectAccessible(page);
    const email = uniqueEmail(lang);
    const memberName = lang === 'ar' ? 'سارة الموظفة' : 'Sara Staff';
    const invite = page.getByRole('region', { name: lang === 'ar' ? 'ادعُ عضواً' : 'Invite a member' });
    await invite.getByLabel(w.name).fill(memberName);
    await invite.getByLabel(w.email).fill(email);
    await invite.getByRole('button', { name: w.invite }).click();
    const row = page.getByRole('row', { name: emailPattern(email) });
    await expect(row).toBeVisible();
    await expect(row).toContainText(lang === 'ar' ? 'الدعوة بانتظار القبول' : 'Invitation pending');

    // The invitation is in the log, with who sent it.
    await page.goto(pathIn(lang, '/dashboard/audit?action=staff.invite'));
    await waitForHydration(page);
    await expect(page.getByRole('row', { name: emailPattern(email) })).toContainText(w.invited);
    await expectAccessible(page);

    // The member, in a browser of their own, follows the link from the mail.
    const memberContext = await browser.newContext();
    const member = await memberContext.newPage();
    await member.goto(setPasswordLinkTo(email));
    await waitForHydration(member);
    await expectAccessible(member);
    await member.getByLabel(w.newPassword).fill('sara password 1');
    await member.getByRole('button', { name: w.savePassword }).click();
    await expect(member.getByRole('heading', { name: w.signInTitle })).toBeVisible();
    await signInToDashboard(member, lang, { email, password: 'sara password 1' });
    await expect(member.getByText(w.welcome(memberName))).toBeVisible();
    // Staff see no owner's pages in the navigation, and the page itself refuses them.
    const nav = member.getByRole('navigation', { name: w.nav });
    await expect(nav.getByRole('link', { name: w.staff })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: w.audit })).toHaveCount(0);
    const refused = await member.goto(pathIn(lang, '/dashboard/staff'));
    expect(refused?.status()).toBe(403);
    await expect(member.getByRole('heading', { name: w.forbidden })).toBeVisible();
    await waitForHydration(member);
    await expectAccessible(member);

    await member.getByRole('button', { name: w.signOut }).click();
    await expect(member.getByRole('heading', { name: w.signInTitle })).toBeVisible();
    await member.goto(pathIn(lang, '/dashboard'));
    await expect(member).toHaveURL(new RegExp(`${pathIn(lang, '/dashboard/login')}$`));
    await memberContext.close();
  });
}

test.describe('the back office without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('an owner signs in, invites a member and disables them through the confirmation step (ar)', async ({
    page,
  }) => {
    const w = words.ar;
    await signInToDashboard(page, 'ar', E2E_OWNER, { javaScript: false });
    await page.goto('/dashboard/staff');
    const email = uniqueEmail('ar');
    const invite = page.getByRole('region', { name: 'ادعُ عضواً' });
    await invite.getByLabel(w.name).fill('خالد');
    await invite.getByLabel(w.email).fill(email);
    await invite.getByRole('button', { name: w.invite }).click();
    await expect(page).toHaveURL(/\/dashboard\/staff$/);
    const row = page.getByRole('row', { name: emailPattern(email) });
    await expect(row).toBeVisible();

    // The button asks first: the page comes back with the question in its place.
    await row.getByRole('button', { name: 'عطّل خالد' }).click();
    const question = page.getByRole('alertdialog');
    await expect(question).toContainText('تعطيل خالد؟');
    await expect(row).not.toContainText(w.disabled);
    await question.getByRole('button', { name: w.disable }).click();
    await expect(page).toHaveURL(/\/dashboard\/staff$/);
    await expect(row).toContainText(w.disabled);
    await expect(row.getByRole('button', { name: 'فعّل خالد' })).toBeVisible();
  });
});
