import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../modules/audit/schema.ts';
import { listSynonymGroups } from '../../modules/catalog/synonyms.ts';
import { createCategory, createCompany, createProduct } from '../../test/factories.ts';
import { type TestContext } from '../../test/harness.ts';
import { pagesApp, QueryLog } from '../../test/query-log.ts';
import { ADMIN_HOST, ADMIN_ORIGIN, signedInMember } from '../../test/staff.ts';

/**
 * Search as pages show it: the storefront's search page says which words partial results
 * match, and the back office's synonyms page lists, adds and removes groups without JavaScript
 * (post-redirect-get; removal asks first), in Arabic and English.
 */
let t: TestContext;
let token: string;
let email: string;

beforeAll(async () => {
  t = await pagesApp(new QueryLog());
  const staff = await signedInMember(t.app.db, { role: 'staff' });
  token = staff.token;
  email = staff.member.email;
  const phones = await createCategory(t.app.db, { nameAr: 'جوالات', nameEn: 'Phones' });
  const huawei = await createCompany(t.app.db, { nameAr: 'هواوي', nameEn: 'Huawei' });
  await createProduct(t.app.db, {
    nameAr: 'هواوي نوفا ١١',
    nameEn: 'Huawei Nova 11',
    categoryId: phones.id,
    companyId: huawei.id,
  });
  const accessories = await createCategory(t.app.db, { nameAr: 'ملحقات', nameEn: 'Accessories' });
  const anker = await createCompany(t.app.db, { nameAr: 'انكر', nameEn: 'Anker' });
  await createProduct(t.app.db, {
    nameAr: 'باور بانك انكر',
    nameEn: 'Anker Power Bank',
    categoryId: accessories.id,
    companyId: anker.id,
  });
}, 180_000);
afterAll(() => t.close());

/** The page's text without tags and scripts (its translations), so words split by markup read as one line. */
const textOf = (html: string) =>
  html
    .replace(/<script\b[\s\S]*?<\/script>/g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");

describe('the storefront search page', () => {
  const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  it('says which words the results match when no product matched every word, in Arabic and English', async () => {
    const ar = await page(`/products?q=${encodeURIComponent('هواوي بنفسجي')}`);
    expect(ar.statusCode).toBe(200);
    expect(textOf(ar.body)).toContain('نتائج لـ «هواوي»');
    expect(textOf(ar.body)).toContain('هواوي نوفا ١١');

    const en = await page(`/en/products?q=${encodeURIComponent('Huawei purple')}`);
    expect(en.statusCode).toBe(200);
    expect(textOf(en.body)).toContain('Showing results for “Huawei”');
    expect(textOf(en.body)).toContain('Huawei Nova 11');
  });

  it('says nothing of the kind when every word matched', async () => {
    const ar = await page(`/products?q=${encodeURIComponent('موبايل هواوي')}`);
    expect(textOf(ar.body)).toContain('هواوي نوفا ١١');
    expect(textOf(ar.body)).not.toContain('نتائج لـ');
    const en = await page(`/en/products?q=${encodeURIComponent('huawei nova')}`);
    expect(textOf(en.body)).not.toContain('Showing results for');
  });
});

describe('the search synonyms page, without JavaScript', () => {
  const headers = () => ({ host: ADMIN_HOST, cookie: `staff_session=${token}` });
  const open = (url: string) => t.app.inject({ method: 'GET', url, headers: headers() });
  const post = (url: string, fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...headers(), origin: ADMIN_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });

  it('lists the groups in both languages, with its place in the navigation', async () => {
    const ar = await open('/dashboard/search-synonyms');
    expect(ar.statusCode).toBe(200);
    expect(ar.body).toContain('<html lang="ar" dir="rtl"');
    expect(textOf(ar.body)).toContain('مرادفات البحث');
    expect(textOf(ar.body)).toContain('جوال، موبايل، هاتف');
    expect(ar.body).toContain('href="/dashboard/search-synonyms"');

    const en = await open('/en/dashboard/search-synonyms');
    expect(en.statusCode).toBe(200);
    expect(textOf(en.body)).toContain('Search synonyms');
    expect(textOf(en.body)).toContain('جوال, موبايل, هاتف');
    expect(en.body).toContain('href="/en/dashboard/search-synonyms"');
  });

  it('sends a visitor without a staff session to sign in', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/en/dashboard/search-synonyms',
      headers: { host: ADMIN_HOST },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(/^\/en\/dashboard\/login/);
  });

  it('adds a group (Arabic), refuses one word (English), removes a group after asking, with audit entries', async () => {
    // The search page, read (and kept by the page cache) before the group exists.
    const searchPage = () =>
      t.app.inject({ method: 'GET', url: `/products?q=${encodeURIComponent('شاحن متنقل')}` });
    expect(textOf((await searchPage()).body)).not.toContain('باور بانك انكر');

    const added = await post('/dashboard/search-synonyms', {
      intent: 'create',
      words: 'شاحن متنقل، باور بانك',
    });
    expect(added.statusCode, added.body).toBe(302);
    expect(added.headers.location).toBe('/dashboard/search-synonyms');
    expect(textOf((await open('/dashboard/search-synonyms')).body)).toContain('شاحن متنقل، باور بانك');
    // The shopper's search hears the new group at once.
    expect(textOf((await searchPage()).body)).toContain('باور بانك انكر');

    const refused = await post('/en/dashboard/search-synonyms', { intent: 'create', words: 'charger' });
    expect(refused.statusCode).toBe(200);
    expect(textOf(refused.body)).toContain('Write at least two different words, separated by commas');
    const refusedAr = await post('/dashboard/search-synonyms', { intent: 'create', words: 'شاحن' });
    expect(textOf(refusedAr.body)).toContain('اكتب كلمتين مختلفتين على الأقل، تفصل بينها فاصلة');

    const group = (await listSynonymGroups(t.app.db)).find((g) => g.words[0] === 'شاحن متنقل');
    expect(group).toBeDefined();
    const remove = { intent: 'delete', id: String(group!.id), confirmKey: `delete:${group!.id}` };

    // Without JavaScript the first post asks, in the page's language; nothing is removed yet.
    const asked = await post('/en/dashboard/search-synonyms', { ...remove, confirm: '0' });
    expect(asked.statusCode).toBe(200);
    expect(textOf(asked.body)).toContain('Remove the group “شاحن متنقل, باور بانك”?');
    const askedAr = await post('/dashboard/search-synonyms', { ...remove, confirm: '0' });
    expect(textOf(askedAr.body)).toContain('حذف المجموعة «شاحن متنقل، باور بانك»؟');
    expect((await listSynonymGroups(t.app.db)).some((g) => g.id === group!.id)).toBe(true);

    const removed = await post('/en/dashboard/search-synonyms', { ...remove, confirm: '1' });
    expect(removed.statusCode, removed.body).toBe(302);
    expect(removed.headers.location).toBe('/en/dashboard/search-synonyms');
    expect((await listSynonymGroups(t.app.db)).some((g) => g.id === group!.id)).toBe(false);
    expect(textOf((await open('/en/dashboard/search-synonyms')).body)).not.toContain('شاحن متنقل');
    expect(textOf((await searchPage()).body)).not.toContain('باور بانك انكر');

    const entries = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(group!.id)));
    expect(entries.filter((e) => e.actor === email).map((e) => e.action)).toEqual([
      'search_synonyms.create',
      'search_synonyms.delete',
    ]);
  });
});
