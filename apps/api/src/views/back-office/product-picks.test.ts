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
        nameAr: 'السعة',
        nameEn: 'Storage',
        values: [
          { ar: '128 جيجابايت', en: '128 GB' },
          { ar: '256 جيجابايت', en: '256 GB' },
        ],
      },
    ],
    [
      { sku: 'PICK-128', values: ['128 GB'], priceHalalas: 399_900, stock: 5 },
      { sku: 'PICK-256', values: ['256 GB'], priceHalalas: 449_900, stock: 0 },
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
      { id: phone.variants[0]!.id, sku: 'PICK-128', valuesAr: '128 جيجابايت', valuesEn: '128 GB' },
      { id: phone.variants[1]!.id, sku: 'PICK-256', valuesAr: '256 جيجابايت', valuesEn: '256 GB' },
    ]);
    expect((await picked('جوال')).map((p) => p.id)).toContain(phone.product.id);
  });

  it("finds a product by the start of a variant's SKU, in any case, and not by its middle", async () => {
    expect((await picked('pick-25')).map((p) => p.id)).toEqual([phone.product.id]);
    expect((await picked('EAR')).map((p) => p.id)).toContain(plain.id);
    expect((await picked('ICK-25')).map((p) => p.id)).not.toContain(phone.product.id);
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
