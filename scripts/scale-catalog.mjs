// A deterministic bilingual electronics catalog of any size, in the importer's file format
// (docs/catalog-import.md): the same seed and size always give the same file. Brands, model
// families, variants, colours, offers and stock are drawn from a seeded generator, so search
// and listing are measured on text that looks like a real shop's. Every product is sold in three
// storage sizes (three variants) and fills its category's two specifications, so that faceted
// listings are measured on what they count.
import { mkdirSync, writeFileSync, createWriteStream } from 'node:fs';
import { tsImport } from 'tsx/esm/api';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { root } from './shop-server.mjs';

/** mulberry32: small, fast, seedable. */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const scaleCategories = [
  { key: 'phones', ar: 'الجوالات', en: 'Phones', kind: { ar: 'جوال', en: 'Phone' } },
  { key: 'laptops', ar: 'الحواسيب المحمولة', en: 'Laptops', kind: { ar: 'لابتوب', en: 'Laptop' } },
  { key: 'tablets', ar: 'الأجهزة اللوحية', en: 'Tablets', kind: { ar: 'تابلت', en: 'Tablet' } },
  { key: 'tvs', ar: 'الشاشات والتلفزيونات', en: 'TVs', kind: { ar: 'شاشة', en: 'TV' } },
  { key: 'audio', ar: 'السماعات', en: 'Audio', kind: { ar: 'سماعة', en: 'Headphones' } },
  { key: 'watches', ar: 'الساعات الذكية', en: 'Smart watches', kind: { ar: 'ساعة ذكية', en: 'Smart watch' } },
  { key: 'cameras', ar: 'الكاميرات', en: 'Cameras', kind: { ar: 'كاميرا', en: 'Camera' } },
  { key: 'gaming', ar: 'الألعاب', en: 'Gaming', kind: { ar: 'جهاز ألعاب', en: 'Console' } },
  {
    key: 'home',
    ar: 'الأجهزة المنزلية',
    en: 'Home appliances',
    kind: { ar: 'مكنسة روبوت', en: 'Robot vacuum' },
  },
  { key: 'accessories', ar: 'الإكسسوارات', en: 'Accessories', kind: { ar: 'شاحن', en: 'Charger' } },
];

/** Brands with the model families they sell (Arabic spelling as Saudi shops write it). */
export const scaleBrands = [
  {
    key: 'apple',
    ar: 'أبل',
    en: 'Apple',
    families: [
      ['آيفون', 'iPhone'],
      ['ماك بوك', 'MacBook'],
      ['آيباد', 'iPad'],
    ],
  },
  {
    key: 'samsung',
    ar: 'سامسونج',
    en: 'Samsung',
    families: [
      ['جالاكسي', 'Galaxy'],
      ['نيو كيو ال اي دي', 'Neo QLED'],
    ],
  },
  {
    key: 'xiaomi',
    ar: 'شاومي',
    en: 'Xiaomi',
    families: [
      ['ريدمي', 'Redmi'],
      ['بوكو', 'Poco'],
      ['مي', 'Mi'],
    ],
  },
  {
    key: 'huawei',
    ar: 'هواوي',
    en: 'Huawei',
    families: [
      ['ميت', 'Mate'],
      ['نوفا', 'Nova'],
      ['ميت باد', 'MatePad'],
    ],
  },
  {
    key: 'sony',
    ar: 'سوني',
    en: 'Sony',
    families: [
      ['برافيا', 'Bravia'],
      ['بلايستيشن', 'PlayStation'],
      ['ألفا', 'Alpha'],
    ],
  },
  {
    key: 'lenovo',
    ar: 'لينوفو',
    en: 'Lenovo',
    families: [
      ['ثينك باد', 'ThinkPad'],
      ['ليجن', 'Legion'],
      ['يوجا', 'Yoga'],
    ],
  },
  {
    key: 'hp',
    ar: 'اتش بي',
    en: 'HP',
    families: [
      ['بافيليون', 'Pavilion'],
      ['اومن', 'Omen'],
      ['انفي', 'Envy'],
    ],
  },
  {
    key: 'dell',
    ar: 'ديل',
    en: 'Dell',
    families: [
      ['اكس بي اس', 'XPS'],
      ['انسبيرون', 'Inspiron'],
      ['الين وير', 'Alienware'],
    ],
  },
  {
    key: 'lg',
    ar: 'ال جي',
    en: 'LG',
    families: [
      ['أوليد', 'OLED'],
      ['جرام', 'Gram'],
    ],
  },
  {
    key: 'canon',
    ar: 'كانون',
    en: 'Canon',
    families: [
      ['إيوس', 'EOS'],
      ['باورشوت', 'PowerShot'],
    ],
  },
  {
    key: 'anker',
    ar: 'انكر',
    en: 'Anker',
    families: [
      ['ساوند كور', 'Soundcore'],
      ['باور كور', 'PowerCore'],
    ],
  },
  {
    key: 'oppo',
    ar: 'أوبو',
    en: 'Oppo',
    families: [
      ['رينو', 'Reno'],
      ['فايند', 'Find'],
    ],
  },
];

const colours = [
  ['أسود', 'Black'],
  ['أبيض', 'White'],
  ['فضي', 'Silver'],
  ['ذهبي', 'Gold'],
  ['أزرق', 'Blue'],
  ['رمادي', 'Grey'],
  ['أخضر', 'Green'],
];
const variants = [
  ['١٢٨ جيجا', '128GB'],
  ['٢٥٦ جيجا', '256GB'],
  ['٥١٢ جيجا', '512GB'],
  ['برو', 'Pro'],
  ['ماكس', 'Max'],
  ['لايت', 'Lite'],
  ['ألترا', 'Ultra'],
  ['بلس', 'Plus'],
];
const arDigits = (n) => String(n).replace(/[0-9]/g, (d) => '٠١٢٣٤٥٦٧٨٩'[d]);

/** Storage sizes a product is sold in: three in a row of these. */
const storageSizes = [
  ['٦٤ جيجابايت', '64 GB'],
  ['١٢٨ جيجابايت', '128 GB'],
  ['٢٥٦ جيجابايت', '256 GB'],
  ['٥١٢ جيجابايت', '512 GB'],
  ['١ تيرابايت', '1 TB'],
];
const ramChoices = ['4 GB', '8 GB', '12 GB', '16 GB', '32 GB'];
const screenSizes = [6.1, 6.4, 6.7, 11, 13.3, 14, 15.6, 16, 43, 55, 65];

/** Every category's specification attributes: a screen size (a number) and RAM (a choice). */
const categorySpecs = [
  { name: { ar: 'حجم الشاشة', en: 'Screen size' }, unit: { ar: 'بوصة', en: 'inch' }, kind: 'number' },
  {
    name: { ar: 'الذاكرة', en: 'RAM' },
    kind: 'choice',
    choices: ramChoices.map((en) => ({ ar: en.replace('GB', 'جيجابايت'), en })),
  },
];

const svg = (label) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400" fill="#1d4ed8"/><text x="200" y="210" font-size="48" text-anchor="middle" fill="#fff">${label}</text></svg>`;

/** Products per catalog file: a file stays well under the importer's 50 MB limit. */
const PART_SIZE = 25_000;

/**
 * Writes the catalog and its images (one per category and brand) into `dir`, with `size`
 * products in files of at most PART_SIZE products (`catalog-1.json`, …), and returns their
 * paths. Products are written as a stream, so a 100k catalog never sits in this process's
 * memory as one string.
 */
export async function writeScaleCatalog(dir, size, seed = 14) {
  const rand = random(seed);
  // Options, variants and specifications are drawn from their own generator, so that the
  // products' names, prices and stock are those of catalogs generated before them.
  const more = random(seed + 1);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  mkdirSync(path.join(dir, 'images'), { recursive: true });
  for (const c of scaleCategories) writeFileSync(path.join(dir, 'images', `${c.key}.svg`), svg(c.en));
  for (const b of scaleBrands) writeFileSync(path.join(dir, 'images', `${b.key}.svg`), svg(b.en));
  const files = [];
  let out;
  let write;
  const close = () =>
    new Promise((resolve, reject) => out.end((error) => (error ? reject(error) : resolve())));
  const head = {
    categories: scaleCategories.map((c) => ({
      key: c.key,
      name: { ar: c.ar, en: c.en },
      image: `images/${c.key}.svg`,
      specs: categorySpecs,
    })),
    companies: scaleBrands.map((b) => ({
      key: b.key,
      name: { ar: b.ar, en: b.en },
      image: `images/${b.key}.svg`,
    })),
  };
  for (let i = 0; i < size; i++) {
    if (i % PART_SIZE === 0) {
      if (out) {
        await write(']}');
        await close();
      }
      files.push(path.join(dir, `catalog-${files.length + 1}.json`));
      out = createWriteStream(files.at(-1));
      write = (text) => (out.write(text) ? undefined : new Promise((r) => out.once('drain', r)));
      await write(JSON.stringify(head).slice(0, -1) + ',"products":[');
    }
    const category = pick(scaleCategories);
    const brand = pick(scaleBrands);
    const [familyAr, familyEn] = pick(brand.families);
    const model = 1 + Math.floor(rand() * 60);
    const [variantAr, variantEn] = pick(variants);
    const [colourAr, colourEn] = pick(colours);
    const price = Math.round((50 + rand() * rand() * 9000) * 100) / 100;
    const onOffer = rand() < 0.2;
    const offerPrice = onOffer ? Math.round(price * (0.6 + rand() * 0.35) * 100) / 100 : undefined;
    const stock = Math.floor(rand() * 50);
    // About one in a thousand, and at least the ten the featured list shows at every size, so
    // that list answers the same number of products whatever the catalog's size.
    const featured = rand() < 0.001 || i % Math.max(1, Math.floor(size / 10)) === 0;
    // Three variants: three storage sizes in a row, in the colour the name gives; each size up
    // costs 15 % more, and only the first is on offer.
    const first = Math.floor(more() * (storageSizes.length - 2));
    const sizes = storageSizes.slice(first, first + 3);
    const product = {
      sku: `gen-${i}`,
      name: {
        ar: `${category.kind.ar} ${brand.ar} ${familyAr} ${arDigits(model)} ${variantAr} ${colourAr}`,
        en: `${brand.en} ${familyEn} ${model} ${variantEn} ${category.kind.en} ${colourEn}`,
      },
      description: {
        ar: `${category.kind.ar} ${familyAr} من ${brand.ar} باللون ${colourAr}، ضمان سنتين.`,
        en: `${brand.en} ${familyEn} ${category.kind.en.toLowerCase()} in ${colourEn.toLowerCase()}, two-year warranty.`,
      },
      category: category.key,
      company: brand.key,
      ...(featured && { featured: true }),
      image: `images/${category.key}.svg`,
      options: [
        { name: { ar: 'السعة', en: 'Storage' }, values: sizes.map(([ar, en]) => ({ ar, en })) },
        {
          name: { ar: 'اللون', en: 'Colour' },
          kind: 'colour',
          values: [{ ar: colourAr, en: colourEn, swatch: '#334155' }],
        },
      ],
      variants: sizes.map(([, en], v) => {
        const variantPrice = Math.round(price * (1 + 0.15 * v) * 100) / 100;
        return {
          sku: `gen-${i}-${v}`,
          options: { Storage: en, Colour: colourEn },
          price: variantPrice,
          ...(v === 0 && offerPrice !== undefined && { offerPrice }),
          stock: v === 0 ? stock : Math.floor(more() * 20),
        };
      }),
      specs: {
        'Screen size': screenSizes[Math.floor(more() * screenSizes.length)],
        RAM: ramChoices[Math.floor(more() * ramChoices.length)],
      },
    };
    await write((i % PART_SIZE ? ',' : '') + JSON.stringify(product));
  }
  await write(']}');
  await close();
  return files;
}

/** Runs the importer CLI on the files (one run, as one command imports them); resolves its wall time and peak RSS. */
export function importScaleCatalog(files, env) {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(
      '/usr/bin/time',
      // As `npm run catalog:import` runs it, heap limit included.
      [
        '-f',
        '%M',
        process.execPath,
        '--max-old-space-size=384',
        '--import',
        'tsx',
        'apps/api/src/cli/catalog-import.ts',
        ...files,
      ],
      { cwd: root, env: { ...process.env, ...env, INIT_CWD: root }, stdio: ['ignore', 'inherit', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`import failed (${code}): ${stderr}`));
      const kb = Number(stderr.trim().split('\n').pop());
      resolve({ seconds: (Date.now() - started) / 1000, rssMb: Math.round(kb / 1024) });
    });
  });
}

/**
 * A fresh database for a run at scale, in the work folder `work`: on the PostgreSQL server at
 * `serverUrl` (the API tests' own helper; `drop()` removes it), or else the embedded one.
 * `env` is what the importer and the shop are started with.
 */
export async function scaleDatabase(work, serverUrl, name) {
  if (!serverUrl) return { env: { DATA_DIR: path.join(work, 'data') }, drop: async () => {} };
  /** @type {typeof import('../apps/api/src/test/server-database.ts')} */
  const { createServerDatabase } = await tsImport('../apps/api/src/test/server-database.ts', import.meta.url);
  const database = await createServerDatabase(serverUrl, name);
  return { env: { DATABASE_URL: database.url, DATA_DIR: work }, drop: () => database.drop() };
}

/** Writes a catalog of `size` products into `work` and imports it (`label`: the database's kind). */
export async function importedScaleCatalog(work, env, size, label) {
  const files = await writeScaleCatalog(work, size);
  console.log(`${size} products (${label}): importing ${files.length} file(s)…`);
  return importScaleCatalog(files, env);
}

/** The middle of timings in milliseconds, to a tenth: the figure other work on the machine moves least. */
export function medianMs(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor(sorted.length / 2)] * 10) / 10;
}
