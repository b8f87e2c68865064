import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';

export type Lang = 'ar' | 'en';

/** `/products` in the given language: Arabic unprefixed, English under /en. */
export function pathIn(lang: Lang, path: string): string {
  if (lang === 'ar') return path;
  return path === '/' ? '/en' : `/en${path}`;
}

/**
 * Every test fails on a console error or an uncaught page error, so none goes unnoticed. A test that
 * expects one (a 404 document) lists a pattern in `allowConsoleErrors`.
 */
export const test = base.extend<{ allowConsoleErrors: RegExp[]; consoleGuard: void }>({
  allowConsoleErrors: [[], { option: true }],
  consoleGuard: [
    async ({ page, allowConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if (!allowConsoleErrors.some((pattern) => pattern.test(text))) errors.push(text);
      });
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      await use();
      expect(errors, 'console errors during the test').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Waits until the page is ready for the shopper: React has hydrated it (the client entry marks
 * <html>), or the server sent it without JavaScript (`data-static`, a product page).
 */
export async function waitForHydration(page: Page) {
  await page.locator('html[data-hydrated], html[data-static]').waitFor({ state: 'attached' });
}

/** Scripts a page runs (JSON-LD and other data blocks are not scripts). */
export async function scriptCount(page: Page) {
  return page.locator('script:not([type="application/ld+json"]):not([type="application/json"])').count();
}

/**
 * The page as the server sent it, not hydrated (decision 052): no React Router data or modules,
 * only its own small script (static-page.client.js).
 */
export async function expectNotHydrated(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-static', '');
  expect(await page.evaluate(() => '__reactRouterContext' in window)).toBe(false);
  const scripts = await page
    .locator('script:not([type="application/ld+json"]):not([type="application/json"])')
    .evaluateAll((elements) => elements.map((element) => element.getAttribute('src') ?? 'inline'));
  expect(scripts).toEqual([expect.stringMatching(/^\/assets\/static-page\.client-[\w-]+\.js$/)]);
}

export async function expectLangDir(page: Page, lang: Lang) {
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
}

/** No element makes the page scroll sideways. */
export async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'horizontal overflow in px').toBeLessThanOrEqual(0);
}

/**
 * No box inside the page content scrolls sideways either (a table in an overflow box would keep
 * the page itself narrow while the shopper still has to swipe sideways to read it).
 */
export async function expectNoSidewaysScrollingBox(page: Page) {
  const sideways = await page.evaluate(() =>
    [...document.querySelectorAll('main *')]
      .filter((node) => {
        const { overflowX } = getComputedStyle(node);
        return (overflowX === 'auto' || overflowX === 'scroll') && node.scrollWidth > node.clientWidth + 1;
      })
      .map((node) => `${node.tagName.toLowerCase()}.${[...node.classList].join('.')}`),
  );
  expect(sideways, 'boxes that scroll sideways').toEqual([]);
}

/**
 * axe-core: no serious or critical violation (WCAG 2.2 AA rules). Short animations (a toast
 * sliding in) are let finish first: axe reads colours as they are drawn at that moment, and a
 * text half faded in is not what anyone reads. Long or paused ones (a toast's progress bar) are
 * not waited for.
 */
export async function expectAccessible(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => {
          const duration = a.effect?.getTiming().duration;
          return a.playState === 'running' && typeof duration === 'number' && duration <= 1_000;
        })
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(bad, 'serious or critical accessibility violations').toEqual([]);
}
