import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../lib/i18n.ts';
import { ProductGallery } from './product-gallery.tsx';

const catalog: unknown = JSON.parse(
  readFileSync(new URL('../../../../public/locales/en/catalog.json', import.meta.url), 'utf8'),
);

async function render(images: string[]) {
  const i18n = await createI18n('en', { en: { catalog } } as never);
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <ProductGallery name="Phone" images={images} />
    </I18nextProvider>,
  );
}

const all = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((match) => match[1]);

describe('ProductGallery (works without a script)', () => {
  it('gives each image a radio button, the first checked, with thumbnails and arrows as labels', async () => {
    const html = await render(['/a.webp', '/b.webp', '/c.webp']);
    const radios = all(html, /<input type="radio"([^>]*)\/?>/g);
    expect(radios.map((r) => /aria-label="([^"]+)"/.exec(r ?? '')?.[1])).toEqual([
      'Show image 1',
      'Show image 2',
      'Show image 3',
    ]);
    expect(radios.map((r) => r?.includes('checked=""'))).toEqual([true, false, false]);
    expect(all(html, /data-testid="(gallery-thumb)"/g)).toHaveLength(3);
    // Labels: the first image's arrows (to the last and the second image: they wrap around), its
    // thumbnail, then the second image's arrows.
    expect(all(html, /<label for="([^"]+)"/g).slice(0, 5)).toEqual([
      'product-image-2',
      'product-image-1',
      'product-image-0',
      'product-image-0',
      'product-image-2',
    ]);
    expect(html).toContain('alt="Phone, image 1"');
  });

  it('shows a single image without a choice to make', async () => {
    const html = await render(['/a.webp']);
    const radio = /<input type="radio"([^>]*)\/?>/.exec(html)?.[1] ?? '';
    expect(radio).toContain('checked=""');
    expect(radio).toContain('aria-hidden="true"');
    expect(radio).toContain('tabindex="-1"');
    expect(html).not.toContain('<label');
  });

  it('renders nothing without images', async () => {
    expect(await render([])).toBe('');
  });
});
