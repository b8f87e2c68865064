import { createHash } from 'node:crypto';
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

  test('every inline script is allowed by the page CSP alone: a fresh nonce when rendered, hashes when shared', async ({
    request,
  }) => {
    const scriptSrc = (csp: string) => /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    const inlineScripts = (html: string) =>
      [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
        // Data blocks (JSON-LD, the inlined translations) are not run: the CSP does not govern them.
        .filter((m) => !/type="application\/(ld\+)?json"/.test(m[1] ?? ''))
        .map((m) => ({
          head: (m[0] ?? '').slice(0, 120),
          nonce: /nonce="([^"]+)"/.exec(m[1] ?? '')?.[1],
          hash: `'sha256-${createHash('sha256')
            .update(m[2] ?? '')
            .digest('base64')}'`,
        }));

    // A visitor without a session may get the page every visitor shares: it carries no nonce
    // (one sent to many would be known to all), and the CSP lists its inline scripts' hashes.
    // The listing is hydrated: React Router's data and start-up scripts are inline.
    const shared = await request.get('/products');
    const sharedSrc = scriptSrc(shared.headers()['content-security-policy'] ?? '');
    expect(sharedSrc).not.toContain('unsafe-inline');
    const sharedScripts = inlineScripts(await shared.text());
    expect(sharedScripts.length).toBeGreaterThan(0);
    for (const script of sharedScripts)
      expect(
        (script.nonce && sharedSrc.includes(`'nonce-${script.nonce}'`)) || sharedSrc.includes(script.hash),
      ).toBe(true);

    // A page rendered for one request (a session cookie: never shared) has a nonce of its own.
    const rendered = async () => {
      const answer = await request.get('/products', { headers: { cookie: 'session=not-a-session' } });
      const csp = answer.headers()['content-security-policy'] ?? '';
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce).toBeTruthy();
      for (const script of inlineScripts(await answer.text())) expect(script.nonce, script.head).toBe(nonce);
      return nonce;
    };
    expect(await rendered()).not.toBe(await rendered());

    const api = await request.get('/api/health');
    expect(api.headers()['content-security-policy']).not.toContain('nonce-');
  });
});
