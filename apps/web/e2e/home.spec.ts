import type { Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  expectNotHydrated,
  pathIn,
  test,
  waitForHydration,
  type Lang,
} from './fixtures.ts';

/**
 * The home page's moving parts, as the server sends it (not hydrated, decision 054)
 * and as the hydrated shop renders it when a link inside the shop leads there.
 */
const words = {
  ar: {
    slide: (n: number) => `الشريحة ${n} من 3`,
    dot: (n: number) => `اعرض الشريحة ${n}`,
    pause: 'إيقاف تبديل الشرائح',
    deviceTypes: 'أنواع الأجهزة',
    companies: 'الشركات',
    laptops: 'الحواسيب المحمولة',
    offers: 'العروض',
    logo: 'متجر الإلكترونيات',
  },
  en: {
    slide: (n: number) => `Banner ${n} of 3`,
    dot: (n: number) => `Show banner ${n}`,
    pause: 'Pause the banners',
    deviceTypes: 'Device types',
    companies: 'Companies',
    laptops: 'Laptops',
    offers: 'Offers',
    logo: 'Electronics Shop',
  },
};

type Opening = 'sent by the server' | 'reached by a link in the shop';

/** The home page, either opened directly or through the hydrated shop (the header's logo). */
async function openHome(page: Page, lang: Lang, opening: Opening) {
  if (opening === 'sent by the server') {
    await page.goto(pathIn(lang, '/'));
    await expectNotHydrated(page);
    return;
  }
  await page.goto(pathIn(lang, '/allcategory'));
  await waitForHydration(page);
  await page.getByRole('banner').getByRole('link', { name: words[lang].logo }).click();
  await expect(page).toHaveURL(new RegExp(`${pathIn(lang, '/')}$`));
  await expect(page.locator('html')).not.toHaveAttribute('data-static');
}

/** The times (page clock, ms) at which the slider showed another slide. */
async function recordSlideChanges(page: Page) {
  await page.evaluate(() => {
    const changes: number[] = [];
    (window as unknown as { slideChanges: number[] }).slideChanges = changes;
    const slider = document.querySelector('[data-slider]')!;
    new MutationObserver((records) => {
      if (
        records.some(
          (r) =>
            r.attributeName === 'data-active' &&
            r.target instanceof Element &&
            r.target.hasAttribute('data-active'),
        )
      )
        changes.push(performance.now());
    }).observe(slider, { attributes: true, subtree: true, attributeFilter: ['data-active'] });
  });
  return () => page.evaluate(() => (window as unknown as { slideChanges: number[] }).slideChanges);
}

for (const lang of ['ar', 'en'] as const) {
  const w = words[lang];
  for (const opening of ['sent by the server', 'reached by a link in the shop'] as const) {
    test(`the slider moves every 2000 ms; its dots choose and its button stops it (${lang}, ${opening})`, async ({
      page,
    }) => {
      await openHome(page, lang, opening);
      const slider = page.getByRole('region', {
        name: lang === 'ar' ? 'العروض المميزة' : 'Featured banners',
      });
      const shown = slider.locator('[data-slide]:not([aria-hidden="true"])');
      await expect(shown).toHaveCount(1);
      const changes = await recordSlideChanges(page);
      await expect.poll(async () => (await changes()).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
      const [first = 0, second = 0] = await changes();
      // A timer never fires early; a busy machine may make it late, so only the lower bound holds.
      expect(second - first).toBeGreaterThanOrEqual(1900);
      await expect(shown).toHaveCount(1);

      await slider.getByRole('button', { name: w.dot(3) }).click();
      await expect(shown).toHaveAttribute('aria-label', w.slide(3));
      await expect(slider.getByRole('button', { name: w.dot(3) })).toHaveAttribute('aria-current', 'true');

      const pause = slider.getByRole('button', { name: w.pause });
      await pause.click();
      await expect(pause).toHaveAttribute('aria-pressed', 'true');
      // Pointer and focus away: only the pause button holds the slides now.
      await page.mouse.move(0, 0);
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      const before = (await changes()).length;
      await page.waitForTimeout(2600);
      expect((await changes()).length).toBe(before);
      await expect(shown).toHaveAttribute('aria-label', w.slide(3));
      await pause.click();
      await expect(pause).toHaveAttribute('aria-pressed', 'false');
      await page.mouse.move(0, 0);
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await expect(shown).toHaveAttribute('aria-label', w.slide(1), { timeout: 10_000 });
    });

    test(`the device-type and company shortcuts list links with images and lead to the listing (${lang}, ${opening})`, async ({
      page,
    }) => {
      await openHome(page, lang, opening);
      const shortcuts = page.getByRole('navigation', { name: lang === 'ar' ? 'اختصارات' : 'Shortcuts' });
      await shortcuts.getByRole('button', { name: w.companies }).click();
      const companies = page.getByRole('list', { name: w.companies });
      await expect(companies).toBeVisible();
      await expect(companies.getByRole('link')).toHaveCount(10);
      await expect(companies.locator('img').first()).toHaveJSProperty('complete', true);
      await expectAccessible(page);
      await page.keyboard.press('Escape');
      await expect(companies).toBeHidden();

      await shortcuts.getByRole('button', { name: w.deviceTypes }).click();
      const devices = page.getByRole('list', { name: w.deviceTypes });
      // Under its button, from the reading side.
      const button = (await shortcuts.getByRole('button', { name: w.deviceTypes }).boundingBox())!;
      const list = (await devices.locator('xpath=ancestor::*[@popover]').boundingBox())!;
      expect(list.y).toBeGreaterThanOrEqual(button.y + button.height);
      if (lang === 'ar') expect(Math.round(list.x + list.width)).toBe(Math.round(button.x + button.width));
      else expect(Math.round(list.x)).toBe(Math.round(button.x));
      await devices.getByRole('link', { name: w.laptops }).click();
      await expect(page).toHaveURL(new RegExp(`${pathIn(lang, '/products/category/2')}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.laptops);
      await expect(devices).toHaveCount(0);
    });
  }
}

test('the progress bar shows while the next page loads, not for a section of the same page (en, both ways)', async ({
  page,
}) => {
  // The page state is lost when a document replaces it: the bar is sampled into sessionStorage,
  // every 100 ms while it is busy, keeping the most visible it was (a single sample could fall
  // in the frame where a client navigation restarts its loading state).
  const watchBar = () =>
    page.evaluate(() => {
      const bar = document.getElementById('nav-progress')!;
      sessionStorage.removeItem('bar');
      const sample = () => {
        if (!bar.hasAttribute('data-busy')) return;
        const seen = Number(sessionStorage.getItem('bar') ?? 0);
        sessionStorage.setItem('bar', String(Math.max(seen, Number(getComputedStyle(bar).opacity))));
        setTimeout(sample, 100);
      };
      new MutationObserver(() => {
        if (bar.hasAttribute('data-busy')) setTimeout(sample, 100);
      }).observe(bar, { attributes: true });
    });
  await page.route('**/en/products/category/2**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });

  for (const opening of ['sent by the server', 'reached by a link in the shop'] as const) {
    await openHome(page, 'en', opening);
    await watchBar();
    await page.getByRole('navigation', { name: 'Shortcuts' }).getByRole('link', { name: 'Offers' }).click();
    await expect(page).toHaveURL(/\/en#offers$/);
    await page.waitForTimeout(700);
    expect(await page.evaluate(() => sessionStorage.getItem('bar'))).toBeNull();

    await page
      .getByRole('navigation', { name: 'Shortcuts' })
      .getByRole('button', { name: 'Device types' })
      .click();
    await page.getByRole('list', { name: 'Device types' }).getByRole('link', { name: 'Laptops' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Laptops');
    expect(await page.evaluate(() => sessionStorage.getItem('bar'))).toBe('1');
    await expect(page.locator('#nav-progress')).not.toHaveAttribute('data-busy');
  }
});

test.describe(() => {
  test.use({ reducedMotion: 'reduce' });

  test('a shopper who asked for reduced motion gets the slides stopped, and can start them (en)', async ({
    page,
  }) => {
    await openHome(page, 'en', 'sent by the server');
    const pause = page.getByRole('button', { name: words.en.pause });
    await expect(pause).toHaveAttribute('aria-pressed', 'true');
    const changes = await recordSlideChanges(page);
    await page.waitForTimeout(2600);
    expect(await changes()).toEqual([]);
    await pause.click();
    await page.mouse.move(0, 0);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await expect.poll(async () => (await changes()).length, { timeout: 10_000 }).toBeGreaterThan(0);
  });
});

test.describe(() => {
  test.use({ allowConsoleErrors: [/status of 404/] });

  test('a slide whose image fails keeps its bundled picture (ar)', async ({ page, request }) => {
    const sliders = (await (await request.get('/api/AboutUs/Select/All/Sliders')).json()) as {
      sliderImage: string;
    }[];
    const broken = sliders[0]!.sliderImage;
    await page.route(`**${broken}`, (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto('/');
    const slide = page.locator('[data-slide]').first();
    await expect(slide.locator('img[data-slide-image]')).toBeHidden();
    const fallback = slide.locator('img:not([data-slide-image])');
    await expect(fallback).toBeVisible();
    expect(await fallback.getAttribute('src')).toMatch(/^data:image\/svg\+xml|\.svg$/);
    await expect(page.locator('[data-slide]').nth(1).locator('img[data-slide-image]')).toHaveJSProperty(
      'complete',
      true,
    );
  });
});
