import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { successMessages } from '@shop/contract';
import { expect, pathIn, type Lang } from './fixtures.ts';
import { openPage, told } from './shopper-helpers.ts';

/*
 * The way to pay as a shopper does it, for the journeys that buy: from the cart to the payment
 * page with a new delivery address, then the sandbox's card form.
 */

/** The storefront's own words, so each journey reads the page as a shopper of that language does. */
function words(lang: Lang, ns: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`../public/locales/${lang}/${ns}.json`, import.meta.url), 'utf8'));
}
export function text(lang: Lang, ns: string, key: string): string {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], words(lang, ns));
  if (typeof value !== 'string') throw new Error(`no text ${ns}:${key} in ${lang}`);
  return value;
}

/** Cart → Confirm order → a new delivery address (with its short address) → Next: the payment page with the order. */
export async function goToPayment(page: Page, lang: Lang, js = true) {
  await openPage(page, pathIn(lang, '/cart'), js);
  await page.getByRole('link', { name: text(lang, 'cart', 'confirmOrder') }).click();
  const dialog = page.getByRole('dialog', { name: text(lang, 'cart', 'addressTitle') });
  await dialog
    .getByLabel(text(lang, 'account', 'addresses.fields.name'), { exact: true })
    .fill(lang === 'ar' ? 'المنزل' : 'Home');
  await dialog
    .getByLabel(text(lang, 'account', 'addresses.fields.address'))
    .fill('King Fahd Road 12, Riyadh');
  // The shop delivers only to an address with its national address's short address.
  await dialog.getByLabel(text(lang, 'common', 'nationalAddress.shortAddress')).fill('RRRD2929');
  await dialog.getByRole('button', { name: text(lang, 'account', 'addresses.save') }).click();
  await expect(told(page, successMessages.SAVED[lang], js)).toBeVisible();
  await expect(dialog.getByRole('radio')).toBeChecked();
  await dialog.getByRole('button', { name: text(lang, 'cart', 'next') }).click();
  await expect(page).toHaveURL(new RegExp(`${lang === 'en' ? '/en' : ''}/payment/[0-9a-f-]{36}$`));
  await expect(page.getByRole('heading', { level: 1, name: text(lang, 'checkout', 'title') })).toBeVisible();
}

export async function payWithCard(page: Page, lang: Lang, number: string) {
  await page.getByLabel(text(lang, 'checkout', 'cardHolder')).fill('Test Shopper');
  await page.getByLabel(text(lang, 'checkout', 'cardNumber')).fill(number);
  await page.getByLabel(text(lang, 'checkout', 'expiry')).fill('12/35');
  await page.getByLabel(text(lang, 'checkout', 'cvc')).fill('123');
  const payLabel = text(lang, 'checkout', 'pay').split('{{')[0]!.trim();
  await page.getByRole('button', { name: new RegExp(`^${payLabel}`) }).click();
}
