import {
  adminOrderPaths,
  apiPaths,
  reviewPaths,
  type AdminReviewsPage,
  type ProductReviews,
} from '@shop/contract';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../audit/schema.ts';
import { productRatings, productReviews } from './schema.ts';
import { createCategory, createProduct, type ProductRow } from '../../test/factories.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { createShopper, paidOrderOf, type Shopper } from '../../test/shoppers.ts';
import { signedInMember } from '../../test/staff.ts';
import { multipart } from '../../test/users.ts';

type Headers = Record<string, string>;

describe('ratings and reviews', () => {
  let t: TestContext;
  let staff: Headers;
  let owner: Headers;

  beforeAll(async () => {
    t = await createTestApp();
    staff = (await signedInMember(t.app.db, { role: 'staff' })).headers;
    owner = (await signedInMember(t.app.db, { role: 'owner' })).headers;
  });
  afterAll(() => t.close());

  const newProduct = () => createProduct(t.app.db, { priceHalalas: 9_900, stock: 500 });

  /** A buyer of `product` whose order reached `delivered`. */
  async function deliver(invoiceId: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: adminOrderPaths.fulfilment.build({ ref: invoiceId }),
      headers: staff,
      payload: { status: 'delivered' },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  async function buyerOf(product: ProductRow, delivered = true): Promise<Shopper> {
    const { buyer, order } = await paidOrderOf(t, product.id);
    if (delivered) await deliver(order.invoiceId);
    return buyer;
  }

  function write(buyer: Shopper, body: object, lang = 'en') {
    return t.app.inject({
      method: 'POST',
      url: `${reviewPaths.reviews.pattern}?lang=${lang}`,
      headers: buyer.headers,
      payload: body,
    });
  }

  async function reviewIdOf(buyer: Shopper, productId: number): Promise<string> {
    const [row] = await t.app.db
      .select()
      .from(productReviews)
      .where(and(eq(productReviews.userId, buyer.id), eq(productReviews.productId, productId)));
    return row!.id;
  }

  function moderate(id: string, step: 'approve' | 'hide' | 'reply', headers: Headers, payload: object = {}) {
    const path = {
      approve: reviewPaths.adminReviewApprove,
      hide: reviewPaths.adminReviewHide,
      reply: reviewPaths.adminReviewReply,
    }[step];
    return t.app.inject({ method: 'POST', url: `${path.build({ id })}?lang=en`, headers, payload });
  }

  async function reviewsOf(productId: number, query = ''): Promise<ProductReviews> {
    const res = await t.app.inject({
      url: `${reviewPaths.productReviews.build({ id: productId })}?lang=en${query}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  it('a buyer of a delivered product rates it; it is shown and counted only once approved, with the staff reply', async () => {
    const product = await newProduct();
    const buyer = await buyerOf(product);
    const res = await write(buyer, { productId: product.id, rating: 4, title: 'Good', body: 'Works well' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().code).toBe('REVIEW_SUBMITTED');

    // Pending: neither shown nor counted.
    expect(await reviewsOf(product.id)).toMatchObject({ total: 0, items: [], summary: { average: null } });

    const id = await reviewIdOf(buyer, product.id);
    expect((await moderate(id, 'approve', staff)).statusCode).toBe(200);
    const reply = await moderate(id, 'reply', staff, { reply: 'Thank you!' });
    expect(reply.statusCode, reply.body).toBe(200);

    const shown = await reviewsOf(product.id);
    expect(shown.summary).toMatchObject({ average: 4, count: 1 });
    expect(shown.summary.distribution).toEqual([
      { stars: 5, count: 0 },
      { stars: 4, count: 1 },
      { stars: 3, count: 0 },
      { stars: 2, count: 0 },
      { stars: 1, count: 0 },
    ]);
    expect(shown.items[0]).toMatchObject({
      rating: 4,
      title: 'Good',
      body: 'Works well',
      verifiedPurchase: true,
      reply: 'Thank you!',
    });
    expect(shown.latest).toHaveLength(1);

    // The order it came from is kept with it.
    const [row] = await t.app.db.select().from(productReviews).where(eq(productReviews.id, id));
    expect(row!.orderId).toBeTruthy();

    // Each step is in the audit log.
    const audited = await t.app.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audited.map((a) => a.action).sort()).toEqual(['review.approve', 'review.reply']);

    // Hidden: off the page and out of the average.
    expect((await moderate(id, 'hide', owner)).statusCode).toBe(200);
    expect(await reviewsOf(product.id)).toMatchObject({ total: 0, summary: { average: null, count: 0 } });
    const again = await moderate(id, 'hide', staff);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('REVIEW_ALREADY_HIDDEN');
  });

  it('the average has one decimal, only approved reviews count, and the reviews page sorts', async () => {
    const product = await newProduct();
    const ratings = [5, 4, 4, 1];
    for (const [index, rating] of ratings.entries()) {
      const buyer = await buyerOf(product);
      expect((await write(buyer, { productId: product.id, rating, title: `R${index}` })).statusCode).toBe(
        201,
      );
      // The last one stays pending.
      if (index < 3)
        expect((await moderate(await reviewIdOf(buyer, product.id), 'approve', staff)).statusCode).toBe(200);
    }
    const newest = await reviewsOf(product.id);
    expect(newest.summary).toMatchObject({ average: 4.3, count: 3 });
    expect(newest.items.map((r) => r.title)).toEqual(['R2', 'R1', 'R0']);
    expect((await reviewsOf(product.id, '&sort=lowest')).items.map((r) => r.rating)).toEqual([4, 4, 5]);
    expect(
      (await reviewsOf(product.id, '&sort=highest&pageSize=1&page=1')).items.map((r) => r.title),
    ).toEqual(['R0']);
    const [counted] = await t.app.db
      .select()
      .from(productRatings)
      .where(eq(productRatings.productId, product.id));
    expect(counted).toMatchObject({ count: 3, sum: 13 });
  });

  it('a second review of the same product by the same shopper is refused 409; the order says it is rated', async () => {
    const product = await newProduct();
    const { buyer, order } = await paidOrderOf(t, product.id);
    const ratedOnOrder = async () => {
      const res = await t.app.inject({
        url: apiPaths.orderById.build({ invoiceId: order.invoiceId }),
        headers: buyer.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().reviewedProductIds;
    };
    // Not delivered yet: nothing can be rated, so nothing is said.
    expect(await ratedOnOrder()).toEqual([]);
    await deliver(order.invoiceId);
    expect(await ratedOnOrder()).toEqual([]);
    expect((await write(buyer, { productId: product.id, rating: 5 })).statusCode).toBe(201);
    expect(await ratedOnOrder()).toEqual([product.id]);
    const second = await write(buyer, { productId: product.id, rating: 1, body: 'changed my mind' }, 'ar');
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'REVIEW_ALREADY_WRITTEN',
      message: 'قيّمت هذا المنتج من قبل، ولكل منتج تقييم واحد',
    });
    const rows = await t.app.db.select().from(productReviews).where(eq(productReviews.productId, product.id));
    expect(rows).toHaveLength(1);
  });

  it('a review without a delivered order is refused 403 REVIEW_NOT_BOUGHT, in Arabic and English', async () => {
    const product = await newProduct();
    const paidOnly = await buyerOf(product, false);
    const ar = await write(paidOnly, { productId: product.id, rating: 5 }, 'ar');
    expect(ar.statusCode).toBe(403);
    expect(ar.json()).toMatchObject({
      code: 'REVIEW_NOT_BOUGHT',
      message: 'يقيّم المنتجَ من استلمه فقط: لا يوجد طلب مُسلَّم لك فيه هذا المنتج',
    });
    const stranger = await createShopper(t.app.db);
    const en = await write(stranger, { productId: product.id, rating: 5 });
    expect(en.statusCode).toBe(403);
    expect(en.json()).toMatchObject({
      code: 'REVIEW_NOT_BOUGHT',
      message: 'Only a shopper who received this product can rate it: you have no delivered order with it',
    });
    // A buyer of another product does not become a buyer of this one.
    const other = await newProduct();
    const otherBuyer = await buyerOf(other);
    expect((await write(otherBuyer, { productId: product.id, rating: 5 })).statusCode).toBe(403);
  });

  it('a rating outside 1–5 is refused 422; words too long are refused; a visitor is refused 401', async () => {
    const product = await newProduct();
    const buyer = await buyerOf(product);
    for (const rating of [0, 6, 4.5, -1]) {
      const res = await write(buyer, { productId: product.id, rating });
      expect(res.statusCode, `rating ${rating}`).toBe(422);
      expect(res.json().code).toBe('REVIEW_RATING_INVALID');
    }
    const longTitle = await write(buyer, { productId: product.id, rating: 5, title: 'x'.repeat(121) });
    expect(longTitle.statusCode).toBe(400);
    expect(longTitle.json().code).toBe('TEXT_TOO_LONG');
    const longBody = await write(buyer, { productId: product.id, rating: 5, body: 'x'.repeat(2001) });
    expect(longBody.statusCode).toBe(400);
    expect(longBody.json().code).toBe('TEXT_TOO_LONG');
    const visitor = await t.app.inject({
      method: 'POST',
      url: reviewPaths.reviews.pattern,
      payload: { productId: product.id, rating: 5 },
    });
    expect(visitor.statusCode).toBe(401);
    // None of those was written: the buyer may still rate it.
    expect(
      (await write(buyer, { productId: product.id, rating: 5, body: 'x'.repeat(2000) })).statusCode,
    ).toBe(201);
  });

  it('HTML in the words is kept as the plain text typed', async () => {
    const product = await newProduct();
    const buyer = await buyerOf(product);
    const typed = '<script>alert("x")</script><b>bold</b>';
    expect(
      (await write(buyer, { productId: product.id, rating: 3, title: '<i>t</i>', body: typed })).statusCode,
    ).toBe(201);
    await moderate(await reviewIdOf(buyer, product.id), 'approve', staff);
    const shown = await reviewsOf(product.id);
    expect(shown.items[0]).toMatchObject({ title: '<i>t</i>', body: typed });
  });

  it('photos are stored as uploads with the review (multipart)', async () => {
    const product = await newProduct();
    const buyer = await buyerOf(product);
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const form = multipart({ productId: String(product.id), rating: '5', body: 'with a photo' }, [
      { name: 'photo1', filename: 'a.png', contentType: 'image/png', data: png },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: reviewPaths.reviews.pattern,
      headers: { ...buyer.headers, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.app.db.select().from(productReviews).where(eq(productReviews.userId, buyer.id));
    expect(row!.photos).toHaveLength(1);
    expect(row!.photos[0]).toMatch(/^\/uploads\/reviews\/.+\.webp$/);
  });

  it('the queue searches product names and words, filters by status and rating, pages; shoppers cannot reach it', async () => {
    const product = await createProduct(t.app.db, {
      priceHalalas: 5_000,
      stock: 50,
      nameEn: 'Queue Lamp Zeta',
    });
    const buyer = await buyerOf(product);
    await write(buyer, { productId: product.id, rating: 2, body: 'dim light bulb' });
    const page = async (query: string): Promise<AdminReviewsPage> => {
      const res = await t.app.inject({
        url: `${reviewPaths.adminReviews.pattern}?lang=en${query}`,
        headers: staff,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const byName = await page('&q=lamp zeta');
    expect(byName.items.map((r) => r.productId)).toEqual([product.id]);
    expect(byName.items[0]).toMatchObject({ status: 'pending', can: { approve: true, hide: true } });
    expect((await page('&q=bulb&status=pending&rating=2')).total).toBe(1);
    expect((await page('&q=bulb&rating=3')).total).toBe(0);
    expect((await page('&q=bulb&status=approved')).total).toBe(0);
    expect((await page('&pageSize=1')).items).toHaveLength(1);

    const shopperCall = await t.app.inject({ url: reviewPaths.adminReviews.pattern, headers: buyer.headers });
    expect([401, 403]).toContain(shopperCall.statusCode);
    const id = await reviewIdOf(buyer, product.id);
    expect([401, 403]).toContain((await moderate(id, 'approve', buyer.headers)).statusCode);
  });

  it('a listing sorts by rating: the highest average first, then the most ratings, unrated last; a hidden review leaves the sort', async () => {
    const category = await createCategory(t.app.db);
    // One after the other: the shelf's order is by id.
    const shelf: ProductRow[] = [];
    for (let n = 0; n < 4; n++)
      shelf.push(await createProduct(t.app.db, { categoryId: category.id, priceHalalas: 5_000, stock: 50 }));
    const [unrated, twoFours, oneFive, oneFour] = shelf as [ProductRow, ProductRow, ProductRow, ProductRow];
    const rate = async (product: ProductRow, rating: number) => {
      const buyer = await buyerOf(product);
      expect((await write(buyer, { productId: product.id, rating })).statusCode).toBe(201);
      const id = await reviewIdOf(buyer, product.id);
      expect((await moderate(id, 'approve', staff)).statusCode).toBe(200);
      return id;
    };
    const listing = async (sort = '') => {
      const res = await t.app.inject({
        url: `${apiPaths.productsPaged.build({ pageSize: '10', page: '1' })}?categoryId=${category.id}${sort}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { products: { productId: number }[] }).products.map((p) => p.productId);
    };
    // Read once before any rating: the copy in memory must follow the approvals that come after.
    expect(await listing('&sort=rating')).toEqual(shelf.map((p) => p.id));
    await rate(oneFour, 4);
    await rate(twoFours, 4);
    await rate(twoFours, 4);
    const five = await rate(oneFive, 5);
    expect(await listing('&sort=rating')).toEqual([oneFive.id, twoFours.id, oneFour.id, unrated.id]);
    expect(await listing()).toEqual(shelf.map((p) => p.id));
    await moderate(five, 'hide', staff);
    expect(await listing('&sort=rating')).toEqual([twoFours.id, oneFour.id, unrated.id, oneFive.id]);
  });

  it('cards carry the average and count once approved: in listings, search and related products', async () => {
    const category = await createCategory(t.app.db);
    const rated = await createProduct(t.app.db, { categoryId: category.id, nameEn: 'Rated lamp', stock: 50 });
    const other = await createProduct(t.app.db, { categoryId: category.id, stock: 50 });
    const card = async (url: string) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as
        { productId: number; rating?: unknown }[] | { products: { productId: number; rating?: unknown }[] };
      return (Array.isArray(body) ? body : body.products).find((p) => p.productId === rated.id);
    };
    const listing = `${apiPaths.productsPaged.build({ pageSize: '10', page: '1' })}?categoryId=${category.id}&lang=en`;
    const related = `${apiPaths.relatedProducts.build({ id: String(other.id) })}?lang=en`;
    // Read (and kept in the caches) before any rating.
    expect((await card(listing))?.rating).toBeUndefined();
    expect((await card(related))?.rating).toBeUndefined();
    for (const rating of [5, 4]) {
      const buyer = await buyerOf(rated);
      expect((await write(buyer, { productId: rated.id, rating })).statusCode).toBe(201);
      const id = await reviewIdOf(buyer, rated.id);
      // Pending reviews do not count.
      expect((await card(listing))?.rating).toEqual(rating === 5 ? undefined : { average: 5, count: 1 });
      expect((await moderate(id, 'approve', staff)).statusCode).toBe(200);
    }
    expect((await card(listing))?.rating).toEqual({ average: 4.5, count: 2 });
    expect((await card(related))?.rating).toEqual({ average: 4.5, count: 2 });
    const search = await t.app.inject({
      method: 'POST',
      url: `${apiPaths.productSearch.build({ pageSize: '10', page: '1' })}?lang=en`,
      payload: { productName: 'Rated lamp' },
    });
    expect(search.statusCode, search.body).toBe(200);
    const found = (search.json() as { products: { productId: number; rating?: unknown }[] }).products;
    expect(found.find((p) => p.productId === rated.id)?.rating).toEqual({ average: 4.5, count: 2 });
  });
});
