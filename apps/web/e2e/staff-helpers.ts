import type { Page } from '@playwright/test';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, pathIn, type Lang } from './fixtures.ts';

/** The owner global-setup.ts makes with `npm run staff:create` before the server starts. */
export const E2E_OWNER = {
  email: 'owner@e2e.shop.test',
  name: 'E2E Owner',
  password: 'e2e owner horse battery',
} as const;

/** Signs the owner in through the back office's sign-in page, in `lang`. */
export async function signInOwner(page: Page, lang: Lang) {
  await page.goto(pathIn(lang, '/dashboard/login'));
  await page.getByLabel(lang === 'ar' ? 'البريد الإلكتروني' : 'E-mail').fill(E2E_OWNER.email);
  await page.getByLabel(lang === 'ar' ? 'كلمة المرور' : 'Password', { exact: true }).fill(E2E_OWNER.password);
  await page.getByRole('button', { name: lang === 'ar' ? 'تسجيل الدخول' : 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`${lang === 'en' ? '/en' : ''}/dashboard`));
}

/** A mail the shop wrote to its outbox (no SMTP_URL in tests): nodemailer's JSON message. */
export interface OutboxMail {
  to: string[];
  subject: string;
  text: string;
  html: string | null;
}

/** Waits until the server's outbox holds a mail that `match` accepts. */
export async function waitForMail(match: (mail: OutboxMail) => boolean): Promise<OutboxMail> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: the outbox is unknown (a server started by hand)');
  const outbox = path.join(dataDir, 'outbox');
  let found: OutboxMail | undefined;
  await expect
    .poll(async () => {
      const files = (await readdir(outbox).catch(() => [] as string[])).filter((f) => f.endsWith('.json'));
      for (const file of files) {
        const json = JSON.parse(await readFile(path.join(outbox, file), 'utf8')) as {
          to?: { address: string }[];
          subject?: string;
          text?: string;
          html?: string;
        };
        const mail = {
          to: (json.to ?? []).map((a) => a.address),
          subject: json.subject ?? '',
          text: json.text ?? '',
          html: json.html ?? null,
        };
        if (match(mail)) found = mail;
      }
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}
