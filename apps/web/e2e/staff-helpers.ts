import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
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

/** The mail the shop wrote to `address` last (no SMTP in tests: the outbox folder). */
export function lastMailTo(address: string): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: mails are read from the server the setup started');
  const outbox = path.join(dataDir, 'outbox');
  for (const file of readdirSync(outbox).sort().reverse()) {
    const text = readFileSync(path.join(outbox, file), 'utf8');
    if (text.includes(`To: ${address}`)) return text;
  }
  throw new Error(`no mail to ${address}`);
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
