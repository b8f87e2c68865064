import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../modules/audit/schema.ts';
import { productSpecs, specAttributes } from '../../modules/catalog/schema.ts';
import { createCategory, createProduct } from '../../test/factories.ts';
import { type TestContext } from '../../test/harness.ts';
import { pagesApp, QueryLog } from '../../test/query-log.ts';
import { ADMIN_HOST, ADMIN_ORIGIN, signedInMember } from '../../test/staff.ts';

/**
 * The specifications' back-office forms without JavaScript: the browser posts the page, the
 * page's action calls the use case through the load context and answers post-redirect-get, or
 * the page again with the refusal in the member's language.
 */
describe('specifications from the dashboard, without JavaScript', () => {
  let t: TestContext;
  let token: string;
  let email: string;

  beforeAll(async () => {
    t = await pagesApp(new QueryLog());
    const staff = await signedInMember(t.app.db, { role: 'staff' });
    token = staff.token;
    email = staff.member.email;
  }, 180_000);
  afterAll(() => t.close());

  const post = (url: string, fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: {
        host: ADMIN_HOST,
        origin: ADMIN_ORIGIN,
        cookie: `staff_session=${token}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams(fields).toString(),
    });

  it('adds a category’s attribute and saves a product’s value, each with its audit entry', async () => {
    const category = await createCategory(t.app.db, { nameAr: 'حواسيب', nameEn: 'Laptops' });
    const product = await createProduct(t.app.db, { categoryId: category.id });
    const page = `/dashboard/categories/${category.id}/specs`;

    const refused = await post(page, {
      intent: 'create',
      nameAr: 'التخزين',
      nameEn: 'Storage',
      kind: 'choice',
    });
    expect(refused.statusCode).toBe(200);
    expect(refused.body).toContain('أدخل خياراً واحداً على الأقل، كل خيار في سطر');

    const added = await post(page, {
      intent: 'create',
      nameAr: 'التخزين',
      nameEn: 'Storage',
      kind: 'choice',
      choices: '512 GB | 512 جيجابايت\r\n1 TB | 1 تيرابايت',
    });
    expect(added.statusCode, added.body).toBe(302);
    expect(added.headers.location).toBe(page);
    const [attribute] = await t.app.db
      .select()
      .from(specAttributes)
      .where(eq(specAttributes.categoryId, category.id));
    expect(attribute).toMatchObject({ nameEn: 'Storage', kind: 'choice' });

    const editor = await t.app.inject({
      url: `/en/dashboard/products/${product.id}`,
      headers: { host: ADMIN_HOST, cookie: `staff_session=${token}` },
    });
    expect(editor.body).toContain('name="spec_');
    const choice = /<option value="(\d+)">1 TB<\/option>/.exec(editor.body)?.[1];
    expect(choice).toBeDefined();

    const saved = await post(`/en/dashboard/products/${product.id}`, {
      intent: 'specs',
      version: String(product.version),
      [`spec_${attribute!.id}`]: choice!,
    });
    expect(saved.statusCode, saved.body).toBe(302);
    expect(saved.headers.location).toBe(`/en/dashboard/products/${product.id}`);
    const values = await t.app.db.select().from(productSpecs).where(eq(productSpecs.productId, product.id));
    expect(values.map((v) => v.choiceId)).toEqual([Number(choice)]);
    const entries = await t.app.db.select().from(auditLog).where(eq(auditLog.actor, email));
    expect(entries.map((e) => e.action)).toEqual(['spec.create', 'product.specs']);

    // A stale version is refused on the page, nothing changed.
    const stale = await post(`/en/dashboard/products/${product.id}`, {
      intent: 'specs',
      version: String(product.version),
      [`spec_${attribute!.id}`]: '',
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toContain('Someone else changed this product after you opened it');
    expect(
      await t.app.db.select().from(productSpecs).where(eq(productSpecs.productId, product.id)),
    ).toHaveLength(1);
  });
});
