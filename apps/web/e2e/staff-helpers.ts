import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Browser, type Page } from '@playwright/test';
import { pathIn, waitForHydration, type Lang } from './fixtures.ts';

/**
 * The back office's owner of the browser tests, created by the global setup with
 * `npm run staff:create` on the server's data before it starts. A server started by hand
 * (`E2E_BASE_URL`) needs this owner too:
 * `STAFF_PASSWORD='e2e owner password 1' npm run staff:create -- --email owner@e2e.test --name 'Noura Owner' --role owner`.
 */
export const E2E_OWNER = {
  email: 'owner@e2e.test',
  name: 'Noura Owner',
  password: 'e2e owner password 1',
} as const;

/** Runs `npm run staff:create` for the owner on `dataDir` (the server is not running yet). */
export function createE2eOwner(root: string, dataDir: string) {
  const result = spawnSync(
    'npm',
    [
      'run',
      '--silent',
      'staff:create',
      '--',
      '--email',
      E2E_OWNER.email,
      '--name',
      E2E_OWNER.name,
      '--role',
      'owner',
    ],
    {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR: dataDir, INIT_CWD: root, STAFF_PASSWORD: E2E_OWNER.password },
    },
  );
  if (result.status !== 0) throw new Error(`staff:create failed: ${result.stderr || result.stdout}`);
}

/** A mail the shop wrote to its outbox (no SMTP in tests): nodemailer's JSON message, one file each. */
export interface OutboxMail {
  to: string[];
  subject: string;
  text: string;
  html: string | null;
}

/** Every mail of the server's outbox, oldest first. */
export function outboxMails(): OutboxMail[] {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: mails are read from the server the setup started');
  const outbox = path.join(dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(outbox).filter((file) => file.endsWith('.json'));
  } catch {
    return [];
  }
  return files.sort().map((file) => {
    const json = JSON.parse(readFileSync(path.join(outbox, file), 'utf8')) as {
      to?: { address: string }[];
      subject?: string;
      text?: string;
      html?: string;
    };
    return {
      to: (json.to ?? []).map((a) => a.address),
      subject: json.subject ?? '',
      text: json.text ?? '',
      html: json.html ?? null,
    };
  });
}

/** The mail the shop wrote to `address` last, as text: `To:`, `Subject:`, a blank line, its text part. */
export function lastMailTo(address: string): string {
  const mail = outboxMails()
    .reverse()
    .find((m) => m.to.includes(address));
  if (!mail) throw new Error(`no mail to ${address}`);
  return `To: ${mail.to.join(', ')}\nSubject: ${mail.subject}\n\n${mail.text}`;
}

/** Waits until the server's outbox holds a mail that `match` accepts. */
export async function waitForMail(match: (mail: OutboxMail) => boolean): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect.poll(() => (found = outboxMails().find(match)) !== undefined).toBe(true);
  return found!;
}

/** The set-password link of the last mail to `address`, as a path on the server under test. */
export function setPasswordLinkTo(address: string): string {
  const mail = lastMailTo(address)
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=');
  const match = /https?:\/\/[^/\s]+(\/(?:en\/)?dashboard\/set-password\?token=[A-Za-z0-9_-]+)/.exec(mail);
  if (!match?.[1]) throw new Error(`no set-password link in the mail to ${address}`);
  return match[1];
}

/** Signs in on the sign-in page and waits for the overview. */
export async function signInToDashboard(
  page: Page,
  lang: Lang,
  { email, password }: { email: string; password: string },
  { javaScript = true }: { javaScript?: boolean } = {},
) {
  await page.goto(pathIn(lang, '/dashboard/login'));
  // Without JavaScript nothing hydrates: the browser posts the form itself.
  if (javaScript) await waitForHydration(page);
  await page.getByLabel(lang === 'ar' ? 'البريد الإلكتروني' : 'E-mail').fill(email);
  await page.getByLabel(lang === 'ar' ? 'كلمة المرور' : 'Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: lang === 'ar' ? 'تسجيل الدخول' : 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`${pathIn(lang, '/dashboard')}$`));
}

/** Signs the owner in through the sign-in page, in `lang`, then opens `next` (a back-office path). */
export async function signInOwner(page: Page, lang: Lang, next: string) {
  await signInToDashboard(page, lang, E2E_OWNER);
  await page.goto(next);
  await waitForHydration(page);
}

/** The owner signed in through the sign-in page, in a browser context of its own (with or without JavaScript). */
export async function ownerPage(
  browser: Browser,
  baseURL: string,
  lang: Lang,
  javaScriptEnabled = true,
): Promise<Page> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled });
  const page = await context.newPage();
  await signInToDashboard(page, lang, E2E_OWNER, { javaScript: javaScriptEnabled });
  return page;
}
