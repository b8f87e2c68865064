import { expect, test } from './fixtures.ts';

test.describe('SEO', () => {
  test('pages carry title, description, canonical, hreflang alternates and Open Graph in their language', async ({
    page,
  }) => {
    await page.goto('/en/products/category/1');
    const origin = new URL(page.url()).origin;
    await expect(page).toHaveTitle(/^Phones \| Electronics Shop$/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Phones/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      `${origin}/en/products/category/1`,
    );
    await expect(page.locator('link[rel="alternate"][hreflang="ar"]')).toHaveAttribute(
      'href',
      `${origin}/products/category/1`,
    );
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute(
      'href',
      `${origin}/en/products/category/1`,
    );
    await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute('content', 'en_SA');

    await page.goto('/products/category/1');
    await expect(page).toHaveTitle(/^الجوالات \| /);
    await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute('content', 'ar_SA');
  });

  test('sitemap.xml lists products, categories, brands and info pages in both languages; robots.txt points to it', async ({
    request,
  }) => {
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.headers()['content-type']).toContain('application/xml');
    const xml = await sitemap.text();
    for (const path of ['/product/1', '/products/category/1', '/products/company/1', '/info/terms/1']) {
      expect(xml).toMatch(new RegExp(`<loc>[^<]*[^n]${path.replace(/\//g, '\\/')}</loc>`));
      expect(xml).toContain(`/en${path}</loc>`);
    }
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toMatch(/Sitemap: .*\/sitemap\.xml/);
    expect(robots).toContain('Disallow: /api/');
  });

  test('pages get a per-request CSP nonce on their scripts; API answers keep their own CSP', async ({
    request,
  }) => {
    const page = await request.get('/');
    const csp = page.headers()['content-security-policy'] ?? '';
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(await page.text()).toContain(`nonce="${nonce}"`);
    const again = await request.get('/');
    expect(again.headers()['content-security-policy']).not.toBe(csp);
    const api = await request.get('/api/health');
    expect(api.headers()['content-security-policy']).not.toContain('nonce-');
  });
});
