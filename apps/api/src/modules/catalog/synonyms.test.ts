import {
  adminSearchPaths,
  apiErrorSchema,
  apiPaths,
  pagedProductsSchema,
  synonymGroupListSchema,
  synonymGroupOkSchema,
} from '@shop/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../audit/schema.ts';
import { createCategory, createCompany, createProduct } from '../../test/factories.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { signedInMember } from '../../test/staff.ts';

/*
 * The owner's synonym groups through the API: seeded by the migration, edited by any member as
 * the rest of the catalog, audited, and heard by the search at once (no cached answer survives).
 */
describe('search synonyms', () => {
  let t: TestContext;
  let staff: Awaited<ReturnType<typeof signedInMember>>;
  let productId: number;

  beforeAll(async () => {
    t = await createTestApp();
    staff = await signedInMember(t.app.db, { role: 'staff' });
    const category = await createCategory(t.app.db, { nameAr: 'ملحقات', nameEn: 'Accessories' });
    const brand = await createCompany(t.app.db, { nameAr: 'انكر', nameEn: 'Anker' });
    productId = (
      await createProduct(t.app.db, {
        nameAr: 'باور بانك انكر',
        nameEn: 'Anker Power Bank',
        categoryId: category.id,
        companyId: brand.id,
      })
    ).id;
  });
  afterAll(() => t.close());

  const search = async (productName: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: apiPaths.productSearch.build({ pageSize: 8, page: 1 }),
      payload: { productName },
    });
    expect(res.statusCode, res.body).toBe(200);
    return pagedProductsSchema.parse(res.json()).products.map((p) => p.productId);
  };
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, lang = 'en') =>
    t.app.inject({
      method,
      url: `${url}?lang=${lang}`,
      headers: staff.headers,
      ...(payload ? { payload } : {}),
    });

  it('lists the groups the migration seeds, in both languages', async () => {
    const res = await call('GET', adminSearchPaths.synonymGroups.pattern);
    expect(res.statusCode).toBe(200);
    const words = synonymGroupListSchema.parse(res.json()).items.map((g) => g.words);
    expect(words).toContainEqual(expect.arrayContaining(['جوال', 'موبايل', 'هاتف', 'phone', 'mobile']));
    expect(words).toContainEqual(expect.arrayContaining(['لابتوب', 'حاسوب محمول', 'laptop', 'notebook']));
  });

  it('refuses a visitor without a staff session', async () => {
    const res = await t.app.inject({ method: 'GET', url: adminSearchPaths.synonymGroups.pattern });
    expect(res.statusCode).toBe(401);
  });

  it('adds, edits and removes a group; search follows each change at once; each change is audited', async () => {
    // Read once, so that a cached answer would be served if the change were not heard.
    expect(await search('شاحن متنقل')).toEqual([]);

    const created = await call('POST', adminSearchPaths.synonymGroups.pattern, {
      words: 'شاحن متنقل، باور بانك, power bank',
    });
    expect(created.statusCode, created.body).toBe(200);
    const { item, message } = synonymGroupOkSchema.parse(created.json());
    expect(message).toBe('The synonyms were saved');
    expect(item.words).toEqual(['شاحن متنقل', 'باور بانك', 'power bank']);
    expect(await search('شاحن متنقل')).toEqual([productId]);

    const edited = await call(
      'PUT',
      adminSearchPaths.synonymGroup.build({ id: item.id }),
      { words: ['بطارية متنقلة', 'باور بانك'] },
      'ar',
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ message: 'تم حفظ المرادفات' });
    expect(await search('شاحن متنقل')).toEqual([]);
    expect(await search('بطارية متنقلة')).toEqual([productId]);

    const removed = await call('DELETE', adminSearchPaths.synonymGroup.build({ id: item.id }));
    expect(removed.json()).toMatchObject({
      code: 'SYNONYMS_DELETED',
      message: 'The synonym group was removed',
    });
    expect(await search('بطارية متنقلة')).toEqual([]);

    const entries = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(item.id)))
      .orderBy(auditLog.id);
    expect(entries.map((e) => [e.action, e.entityType, e.actor])).toEqual([
      ['search_synonyms.create', 'search_synonyms', staff.member.email],
      ['search_synonyms.update', 'search_synonyms', staff.member.email],
      ['search_synonyms.delete', 'search_synonyms', staff.member.email],
    ]);
    expect(entries[1]).toMatchObject({
      before: { words: ['شاحن متنقل', 'باور بانك', 'power bank'] },
      after: { words: ['بطارية متنقلة', 'باور بانك'] },
    });
  });

  it.each([
    [
      'one word',
      { words: 'جوال' },
      'SYNONYM_WORDS_TOO_FEW',
      'Write at least two different words, separated by commas',
    ],
    [
      'the same word twice',
      { words: 'Phone, phone' },
      'SYNONYM_WORDS_TOO_FEW',
      'Write at least two different words, separated by commas',
    ],
    [
      'a word over 60 letters',
      { words: `a, ${'b'.repeat(61)}` },
      'SYNONYM_WORD_TOO_LONG',
      'A word is too long (60 characters at most)',
    ],
  ])('refuses %s, saying why in the language asked', async (_case, payload, code, message) => {
    const en = await call('POST', adminSearchPaths.synonymGroups.pattern, payload);
    expect(en.statusCode).toBe(400);
    const body = apiErrorSchema.parse(en.json());
    expect(body.fields?.find((f) => f.path === 'body.words')).toMatchObject({ code, message });
    const ar = await call('POST', adminSearchPaths.synonymGroups.pattern, payload, 'ar');
    expect(apiErrorSchema.parse(ar.json()).fields?.[0]?.message).toMatch(/[\u0600-\u06FF]/);
  });

  it('answers 404 in the language asked for a group that is not there', async () => {
    const en = await call('PUT', adminSearchPaths.synonymGroup.build({ id: 999_999 }), { words: 'a, b' });
    expect(en.statusCode).toBe(404);
    expect(en.json()).toMatchObject({
      code: 'SYNONYM_GROUP_NOT_FOUND',
      message: 'The synonym group was not found',
    });
    const ar = await call('DELETE', adminSearchPaths.synonymGroup.build({ id: 999_999 }), undefined, 'ar');
    expect(ar.json()).toMatchObject({
      code: 'SYNONYM_GROUP_NOT_FOUND',
      message: 'مجموعة المرادفات غير موجودة',
    });
  });
});
