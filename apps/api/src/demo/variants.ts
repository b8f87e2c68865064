import type { ProductRecord } from '../lib/catalog-file/format.ts';
import type { DemoProduct } from './products.ts';

/**
 * The demo's phones and laptops are sold as electronics shops sell them: by storage and colour.
 * Each comes in its listed storage and the next one up (at a higher price), in two or three
 * colours of its maker; its name loses the storage it used to carry ("iPhone 15 128GB" is now
 * "iPhone 15", in 128 GB and 256 GB). One combination of each is sold out, so the shop shows
 * what a sold-out choice looks like.
 */

interface Colour {
  ar: string;
  en: string;
  swatch: string;
}

const colours: Record<string, Colour[]> = {
  apple: [
    { ar: 'أسود', en: 'Black', swatch: '#1f2937' },
    { ar: 'أزرق', en: 'Blue', swatch: '#93c5fd' },
    { ar: 'وردي', en: 'Pink', swatch: '#f9a8d4' },
  ],
  samsung: [
    { ar: 'أسود أونيكس', en: 'Onyx Black', swatch: '#111827' },
    { ar: 'رمادي رخامي', en: 'Marble Grey', swatch: '#d1d5db' },
    { ar: 'بنفسجي كوبالت', en: 'Cobalt Violet', swatch: '#8b5cf6' },
  ],
  other: [
    { ar: 'أسود', en: 'Black', swatch: '#111827' },
    { ar: 'أخضر', en: 'Green', swatch: '#15803d' },
  ],
  laptop: [
    { ar: 'فضي', en: 'Silver', swatch: '#d1d5db' },
    { ar: 'رمادي داكن', en: 'Space Grey', swatch: '#4b5563' },
  ],
};

/** Storage sizes in GB, in order, with their names. */
const sizes = [64, 128, 256, 512, 1024, 2048];
const sizeName = (gb: number) =>
  gb >= 1024
    ? { ar: `${gb / 1024} تيرابايت`, en: `${gb / 1024} TB` }
    : { ar: `${gb} جيجابايت`, en: `${gb} GB` };

/**
 * The storage a name or a laptop's listing gives, in GB; undefined when it names none. A laptop's
 * name gives its memory first ("MacBook Air 13" M3 8GB 256GB"): the storage is the last figure.
 */
function storageIn(text: string): number | undefined {
  const match = /(\d+)\s?(GB|TB)\b(?!.*\d\s?(GB|TB)\b)/i.exec(text);
  if (!match) return undefined;
  return Number(match[1]) * (match[2]!.toUpperCase() === 'TB' ? 1024 : 1);
}

/**
 * A name without the storage it carries (in English "128GB", in Arabic "سعة 128 جيجابايت"): its
 * last figure, so a laptop keeps its memory ("ذاكرة 8 جيجابايت").
 */
function withoutStorage(p: DemoProduct) {
  return {
    en: p.en.replace(/\s*\d+\s?(GB|TB)\b(?!.*\d\s?(GB|TB)\b)/i, '').trim(),
    ar: p.ar.replace(/\s*(سعة\s+)?\d+\s+(جيجابايت|تيرابايت)(?!.*\d\s+(جيجابايت|تيرابايت))/, '').trim(),
  };
}

/** What one step up in storage costs more, in SAR. */
const stepPrice = (category: string, gb: number) => (category === 'laptops' ? 800 : gb >= 512 ? 600 : 400);

export type DemoVariants = Required<Pick<ProductRecord, 'options' | 'variants'>> & {
  name: { ar: string; en: string };
};

/**
 * The storage and colour variants of a demo phone or laptop (`baseStorage` in GB when its name
 * gives none), with stock spread from `stock`; undefined for products of other categories.
 */
export function demoVariants(p: DemoProduct, stock: number, baseStorage?: number): DemoVariants | undefined {
  if (p.category !== 'phones' && p.category !== 'laptops') return undefined;
  const base = storageIn(p.en) ?? baseStorage ?? 256;
  const next = sizes[sizes.indexOf(base) + 1] ?? base * 2;
  const storages = [base, next];
  const palette = p.category === 'laptops' ? colours.laptop! : (colours[p.company] ?? colours.other!);
  const discount = p.offer === undefined ? undefined : p.price - p.offer;
  // The variants' SKUs start with the product's key without the storage it ends with
  // (`iphone-15-128` sells `iphone-15-256gb-blue`).
  const family = p.sku.replace(/-\d+$/, '');
  const variants = storages.flatMap((gb, s) =>
    palette.map((colour, c) => {
      const price = p.price + s * stepPrice(p.category, gb);
      // The last colour of the larger storage is sold out.
      const soldOut = s === storages.length - 1 && c === palette.length - 1;
      return {
        sku: `${family}-${sizeName(gb).en.replace(' ', '').toLowerCase()}-${colour.en.split(' ').at(-1)!.toLowerCase()}`,
        options: { Storage: sizeName(gb).en, Colour: colour.en },
        price,
        ...(discount !== undefined && { offerPrice: price - discount }),
        // A product listed as sold out stays so in every combination.
        stock: stock === 0 || soldOut ? 0 : Math.max(1, Math.round(stock / (s + 1)) - c),
      };
    }),
  );
  return {
    name: withoutStorage(p),
    options: [
      { name: { ar: 'السعة', en: 'Storage' }, values: storages.map(sizeName) },
      { name: { ar: 'اللون', en: 'Colour' }, kind: 'colour', values: palette },
    ],
    variants,
  };
}
