import { adminCatalogPaths, type AdminProductPick } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chosenProductPicks } from './catalog.ts';
import { createProduct, createProductWithVariants } from '../../test/factories.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { signedInMember } from '../../test/staff.ts';

let t: TestContext;
let staff: Awaited<ReturnType<typeof signedInMember>>;
let phone: Awaited<ReturnType<typeof createProductWithVariants>>;
let plain: Awaited<ReturnType<typeof createProduct>>;

beforeAll(async () => {
  t = await createTestApp();
  staff = await signedInMember(t.app.db, { role: 'staff' });
  phone = await createProductWithVariants(
    t.app.db,
    [
      {
        nameAr: 'اللون',
        nameEn: 'Colour',
        values: [
          { ar: 'أخضر', en: 'Green' },
          { ar: 'أسود', en: 'Black' },
        ],
      },
    ],
    [
      { sku: 'PICK-GRN', values: ['Green'], priceHalalas: 399_900, stock: 5 },
      { sku: 'PICK-BLK', values: ['Black'], priceHalalas: 449_900, stock: 0 },
    ],
    { nameAr: 'جوال زمردي', nameEn: 'Emerald Phone', hidden: true },
  );
  plain = await createProduct(t.app.db, { nameAr: 'سماعة زمردية', nameEn: 'Emerald Earbuds', sku: 'EAR-1' });
});
afterAll(() => t.close());

async function picks(q: string, headers: Record<string, string> = staff.headers) {
  return t.app.inject({
    method: 'GET',
    url: `${adminCatalogPaths.productPicks.pattern}?q=${encodeURIComponent(q)}`,
    headers,
  });
}

async function picked(q: string): Promise<AdminProductPick[]> {
  const res = await picks(q);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: AdminProductPick[] }>().items;
}

describe('GET /api/admin/products/picks', () => {
  it('finds products by words of the English or Arabic name, hidden ones too, with their variants', async () => {
    const english = await picked('emerald phone');
    expect(english.map((p) => p.id)).toContain(phone.product.id);
    const found = english.find((p) => p.id === phone.product.id)!;
    expect(found).toMatchObject({ nameAr: 'جوال زمردي', nameEn: 'Emerald Phone', price: 3999 });
    expect(found.variants).toEqual([
      { id: phone.variants[0]!.id, sku: 'PICK-GRN', valuesAr: 'أخضر', valuesEn: 'Green' },
      { id: phone.variants[1]!.id, sku: 'PICK-BLK', valuesAr: 'أسود', valuesEn: 'Black' },
    ]);
    expect((await picked('جوال')).map((p) => p.id)).toContain(phone.product.id);
  });

  it("finds a product by the start of a variant's SKU, in any case, and not by its middle", async () => {
    expect((await picked('pick-b')).map((p) => p.id)).toEqual([phone.product.id]);
    expect((await picked('EAR')).map((p) => p.id)).toContain(plain.id);
    expect((await picked('ICK-B')).map((p) => p.id)).not.toContain(phone.product.id);
  });

  it('takes a SKU with LIKE wildcards literally', async () => {
    expect(await picked('%')).toEqual([]);
  });

  it('is for the back office only, and needs words', async () => {
    expect((await picks('emerald', {})).statusCode).toBe(401);
    expect((await picks('  ')).statusCode).toBe(400);
  });
});

describe("a discount's chosen products and variants", () => {
  it('are named: the products given and those of the variants given; a deleted one is left out', async () => {
    const chosen = await chosenProductPicks(t.app.db, {
      productIds: [plain.id, 2_000_000_000],
      variantIds: [phone.variants[1]!.id],
    });
    expect(chosen.map((p) => [p.id, p.nameEn]).sort()).toEqual(
      [
        [plain.id, 'Emerald Earbuds'],
        [phone.product.id, 'Emerald Phone'],
      ].sort(),
    );
  });
});
