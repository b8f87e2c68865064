import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  adminOrderPaths,
  apiPaths,
  messagePaths,
  refundPaths,
  type AdminOrder,
  type MessagePreferences,
  type PayInvoiceAnswer,
} from '@shop/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, soleVariant, type ProductRow } from '../../test/factories.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { readChannelOutbox, readOutbox, waitForOutboxMail } from '../../test/outbox.ts';
import { createShopper, payOnSandbox, placeOrderCall, putInCart, type Shopper } from '../../test/shoppers.ts';
import { signedInMember } from '../../test/staff.ts';
import { deliverDueMessages } from '../../use-cases/messages/deliver.ts';
import { channelProviders } from './providers.ts';
import { messagePreferences, messages } from './schema.ts';
import { queueMessages } from './service.ts';
import { productVariants } from '../catalog/schema.ts';
import { users } from '../users/schema.ts';
import { watchWishlists } from '../../use-cases/messages/wishlist-alerts.ts';

type Headers = Record<string, string>;

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('shopper messages on e-mail, SMS and WhatsApp', () => {
  let t: TestContext;
  let product: ProductRow;
  let staff: Headers;
  let owner: Headers;

  beforeAll(async () => {
    t = await createTestApp();
    product = await createProduct(t.app.db, { priceHalalas: 10_000, stock: 500 });
    staff = (await signedInMember(t.app.db, { role: 'staff' })).headers;
    owner = (await signedInMember(t.app.db, { role: 'owner' })).headers;
  });
  afterAll(() => t.close());

  function choose(shopper: Shopper, choices: MessagePreferences['choices']) {
    return t.app.inject({
      method: 'PUT',
      url: messagePaths.preferences.pattern,
      headers: shopper.headers,
      payload: { choices },
    });
  }

  async function paidOrder(shopper: Shopper, lang: 'ar' | 'en'): Promise<PayInvoiceAnswer> {
    await putInCart(t.app.db, shopper.id, product.id, 1);
    const res = await placeOrderCall(t, shopper, {}, lang);
    expect(res.statusCode, res.body).toBe(201);
    const order: PayInvoiceAnswer = res.json();
    await payOnSandbox(t, shopper, order);
    return order;
  }

  const rowsOf = (orderId: string) =>
    t.app.db.select().from(messages).where(eq(messages.orderId, orderId)).orderBy(asc(messages.id));

  /** The order's one SMS, once it is sent. */
  const sentSms = async (orderId: string) => {
    const [sms] = await waitFor(
      async () => (await rowsOf(orderId)).filter((r) => r.channel === 'sms' && r.status === 'sent'),
      (r) => r.length === 1,
    );
    return sms!;
  };

  const allSettled = (rows: { status: string }[]) =>
    rows.every((r) => r.status === 'sent' || r.status === 'failed');

  it('sends one message per event on each chosen channel, in the shopper’s language, and the order page lists them', async () => {
    const en = await createShopper(t.app.db);
    const chose = await choose(en, [
      { kind: 'order', channel: 'sms', enabled: true },
      { kind: 'order', channel: 'whatsapp', enabled: true },
    ]);
    expect(chose.statusCode, chose.body).toBe(200);
    expect(chose.json().preferences.choices).toContainEqual({
      kind: 'order',
      channel: 'email',
      enabled: true,
    });
    const order = await paidOrder(en, 'en');

    for (const body of [
      { status: 'preparing' },
      { status: 'ready' },
      { status: 'shipped', carrier: 'SMSA', trackingNumber: 'RUH123456', trackingUrl: '' },
      { status: 'delivered' },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: adminOrderPaths.fulfilment.build({ ref: order.number }),
        headers: staff,
        payload: body,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    // The same step again is refused and queues nothing more.
    const again = await t.app.inject({
      method: 'POST',
      url: adminOrderPaths.fulfilment.build({ ref: order.number }),
      headers: staff,
      payload: { status: 'delivered' },
    });
    expect(again.statusCode).toBe(409);

    const rows = await waitFor(
      () => rowsOf(order.invoiceId),
      (r) => r.length === 15 && allSettled(r),
    );
    const events = ['order.paid', 'order.preparing', 'order.ready', 'order.shipped', 'order.delivered'];
    for (const event of events)
      for (const channel of ['email', 'sms', 'whatsapp'])
        expect(
          rows.filter((r) => r.event === event && r.channel === channel),
          `${event} ${channel}`,
        ).toHaveLength(1);
    expect(rows.every((r) => r.status === 'sent' && r.lang === 'en' && r.attempts === 1)).toBe(true);

    const sms = (await readChannelOutbox(t.config.outboxDir, 'sms')).filter(
      (m) => m.recipient === digitsOf(rows[1]!.recipient),
    );
    expect(sms).toHaveLength(5);
    expect(sms.map((m) => m.body)).toContainEqual(
      expect.stringContaining(`Your order ${order.number} shipped with SMSA, tracking RUH123456.`),
    );
    const wa = (await readChannelOutbox(t.config.outboxDir, 'whatsapp')).filter(
      (m) => m.to === digitsOf(rows[1]!.recipient),
    );
    expect(wa).toHaveLength(5);
    const shippedWa = wa.find((m) => m.template === 'shop_order_shipped')!;
    expect(shippedWa.language).toBe('en');
    expect(shippedWa.parameters).toEqual([
      String(order.number),
      'SMSA',
      'RUH123456',
      expect.stringContaining(`/en/order/details/${order.invoiceId}`),
      expect.stringContaining('/en/messages/opt-out?'),
    ]);
    const mail = await waitForOutboxMail(
      t.config.outboxDir,
      (m) => m.subject === `Your order ${order.number} has shipped`,
    );
    expect(mail.text).toContain('Carrier: SMSA, tracking number RUH123456.');
    // No tracking link was given: its line is left out rather than sent empty.
    expect(mail.text).not.toContain('Track it');

    const page = await t.app.inject({
      method: 'GET',
      url: adminOrderPaths.detail.build({ ref: order.invoiceId }),
      headers: staff,
    });
    expect(page.statusCode, page.body).toBe(200);
    const listed: AdminOrder['messages'] = page.json().messages;
    expect(listed).toHaveLength(15);
    expect(listed[0]).toMatchObject({ event: 'order.paid', channel: 'email', status: 'sent', attempts: 1 });
    expect(listed.find((m) => m.channel === 'sms')!.to).toMatch(/^\+9665…\d{3}$/);
  });

  it('writes an Arabic shopper’s SMS in Arabic, and a refund once however often the owner presses', async () => {
    const ar = await createShopper(t.app.db);
    await choose(ar, [
      { kind: 'order', channel: 'email', enabled: false },
      { kind: 'order', channel: 'sms', enabled: true },
    ]);
    const order = await paidOrder(ar, 'ar');
    const key = crypto.randomUUID();
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: refundPaths.orderRefunds.build({ id: order.invoiceId }),
        headers: owner,
        payload: { amount: 20, reason: 'فرق سعر', idempotencyKey: key },
      });
      expect([200, 201], res.body).toContain(res.statusCode);
    }
    const rows = await waitFor(
      () => rowsOf(order.invoiceId),
      (r) => r.length === 2 && allSettled(r),
    );
    expect(rows.map((r) => [r.event, r.channel, r.lang, r.status])).toEqual([
      ['order.paid', 'sms', 'ar', 'sent'],
      ['order.refunded', 'sms', 'ar', 'sent'],
    ]);
    expect(rows[1]!.body).toMatch(/^استرددنا .*20\.00.* من طلبك رقم \d+/);
    expect(rows[1]!.body).toContain('/messages/opt-out?');
    expect(rows[1]!.body).not.toContain('/en/');
    expect(
      (await readOutbox(t.config.outboxDir)).filter((m) => m.text.includes(order.invoiceId)),
    ).toHaveLength(0);
  });

  it('an opt-out link stops that kind on that channel; a forged, changed or replayed link changes nothing', async () => {
    const shopper = await createShopper(t.app.db);
    await choose(shopper, [{ kind: 'order', channel: 'sms', enabled: true }]);
    const order = await paidOrder(shopper, 'en');
    const sms = await sentSms(order.invoiceId);
    const link = new URL(sms.body!.match(/https?:\/\/\S+opt-out\?\S+/)![0]);
    const fields = Object.fromEntries(link.searchParams);
    expect(fields).toMatchObject({ u: shopper.id, k: 'order', c: 'sms' });
    const optOut = (body: object, lang = 'en') =>
      t.app.inject({ method: 'POST', url: `${messagePaths.optOut.pattern}?lang=${lang}`, payload: body });
    const smsOn = async () =>
      (
        await t.app.db.select().from(messagePreferences).where(eq(messagePreferences.userId, shopper.id))
      ).find((p) => p.channel === 'sms')?.enabled;

    const forged = await optOut({ ...fields, s: fields.s!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ code: 'OPT_OUT_LINK_INVALID' });
    const otherChannel = await optOut({ ...fields, c: 'email' }, 'ar');
    expect(otherChannel.statusCode).toBe(400);
    expect(otherChannel.json().message).toContain('رابط إيقاف الرسائل غير صالح');
    const otherShopper = await createShopper(t.app.db);
    expect((await optOut({ ...fields, u: otherShopper.id })).statusCode).toBe(400);
    expect(await smsOn()).toBe(true);

    const done = await optOut(fields);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ code: 'MESSAGE_OPTED_OUT', kind: 'order', channel: 'sms' });
    expect(await smsOn()).toBe(false);
    // The shopper turns SMS back on; the old link, replayed, no longer turns it off.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await choose(shopper, [{ kind: 'order', channel: 'sms', enabled: true }]);
    const replayed = await optOut(fields);
    expect(replayed.statusCode).toBe(409);
    expect(replayed.json()).toMatchObject({ code: 'OPT_OUT_LINK_OLD' });
    expect(await smsOn()).toBe(true);
  });

  it('only an owner edits a template; the preview and the next message use it', async () => {
    const edit = {
      event: 'order.paid',
      channel: 'sms',
      lang: 'en',
      body: 'Thanks {name}! Order {orderNumber} <b>paid</b>. Stop: {optOutLink}',
    };
    const refused = await t.app.inject({
      method: 'PUT',
      url: messagePaths.templates.pattern,
      headers: staff,
      payload: edit,
    });
    expect(refused.statusCode).toBe(403);
    const unknown = await t.app.inject({
      method: 'PUT',
      url: messagePaths.templates.pattern,
      headers: owner,
      payload: { ...edit, body: 'Order {orderNumber} {secret} {optOutLink}' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('MESSAGE_TEMPLATE_UNKNOWN_PLACEHOLDER');
    const noOptOut = await t.app.inject({
      method: 'PUT',
      url: messagePaths.templates.pattern,
      headers: owner,
      payload: { ...edit, body: 'Order {orderNumber}' },
    });
    expect(noOptOut.json().code).toBe('MESSAGE_TEMPLATE_NEEDS_OPT_OUT');

    const saved = await t.app.inject({
      method: 'PUT',
      url: messagePaths.templates.pattern,
      headers: owner,
      payload: edit,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().preview.text).toMatch(/^Thanks Sara! Order 1042 <b>paid<\/b>\. Stop: http/);
    const list = await t.app.inject({ method: 'GET', url: messagePaths.templates.pattern, headers: staff });
    expect(
      list
        .json()
        .templates.find(
          (x: { event: string; channel: string; lang: string }) =>
            x.event === 'order.paid' && x.channel === 'sms' && x.lang === 'en',
        ),
    ).toMatchObject({ edited: true, body: edit.body });

    const shopper = await createShopper(t.app.db);
    await choose(shopper, [{ kind: 'order', channel: 'sms', enabled: true }]);
    const order = await paidOrder(shopper, 'en');
    const sms = await sentSms(order.invoiceId);
    expect(sms.body).toMatch(new RegExp(`^Thanks .+! Order ${order.number} <b>paid</b>\\. Stop: http`));

    const reset = await t.app.inject({
      method: 'DELETE',
      url: messagePaths.templates.pattern,
      headers: owner,
      payload: { event: 'order.paid', channel: 'sms', lang: 'en' },
    });
    expect(reset.statusCode).toBe(200);
  });

  it('a wished product that gets cheaper, or comes back in stock, sends one message on each chosen channel', async () => {
    const shopper = await createShopper(t.app.db);
    await choose(shopper, [
      { kind: 'wishlist', channel: 'sms', enabled: true },
      { kind: 'wishlist', channel: 'email', enabled: true },
    ]);
    await t.app.db.update(users).set({ lang: 'en' }).where(eq(users.id, shopper.id));
    const wished = await createProduct(t.app.db, { priceHalalas: 50_000, stock: 3, nameEn: 'Wished Phone' });
    const added = await t.app.inject({
      method: 'POST',
      url: apiPaths.wishlist.pattern,
      headers: shopper.headers,
      payload: { productId: wished.id },
    });
    expect(added.statusCode, added.body).toBe(200);
    const alerts = () =>
      t.app.db.select().from(messages).where(eq(messages.userId, shopper.id)).orderBy(asc(messages.id));
    const variant = await soleVariant(t.app.db, wished.id);
    const setVariant = (values: Partial<typeof productVariants.$inferInsert>) =>
      t.app.db.update(productVariants).set(values).where(eq(productVariants.id, variant.id));

    // The first look only marks the price and stock it saw.
    await watchWishlists(t.app.shop);
    expect(await alerts()).toHaveLength(0);
    await setVariant({ offerPriceHalalas: 45_000 });
    expect(await watchWishlists(t.app.shop)).toEqual({ priceDrops: 2, backInStock: 0 });
    expect(await watchWishlists(t.app.shop)).toEqual({ priceDrops: 0, backInStock: 0 });
    // A price that rises sends nothing; sold out, then back: one message.
    await setVariant({ offerPriceHalalas: null });
    await setVariant({ stock: 0 });
    expect(await watchWishlists(t.app.shop)).toEqual({ priceDrops: 0, backInStock: 0 });
    await setVariant({ stock: 4 });
    expect(await watchWishlists(t.app.shop)).toEqual({ priceDrops: 0, backInStock: 2 });

    await deliverDueMessages({
      ...t.app.shop,
      providers: channelProviders(t.config, t.app.messageKeys, t.app.mailer),
    });
    const rows = await alerts();
    expect(rows.map((r) => [r.event, r.channel, r.status])).toEqual([
      ['wishlist.price_drop', 'email', 'sent'],
      ['wishlist.price_drop', 'sms', 'sent'],
      ['wishlist.back_in_stock', 'email', 'sent'],
      ['wishlist.back_in_stock', 'sms', 'sent'],
    ]);
    expect(rows[1]!.body).toMatch(/^Wished Phone is now SAR\s?450\.00\. http\S+\/en\/product\/\d+/);
    expect(rows[0]!.subject).toBe('Wished Phone costs less now');
    expect(rows[3]!.body).toContain('Wished Phone is back in stock.');
  });

  it('WhatsApp’s signed status webhook marks a message delivered or failed; an unsigned one changes nothing', async () => {
    const secret = 'whatsapp-app-secret-for-tests';
    const saved = await t.app.inject({
      method: 'PUT',
      url: messagePaths.keys.pattern,
      headers: owner,
      payload: { whatsappAppSecret: secret, whatsappVerifyToken: 'verify-me' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const challenge = (token: string) =>
      t.app.inject({
        method: 'GET',
        url: `${messagePaths.whatsappWebhook.pattern}?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`,
      });
    expect((await challenge('verify-me')).body).toBe('1158201444');
    expect((await challenge('guess')).statusCode).toBe(403);

    const shopper = await createShopper(t.app.db);
    await choose(shopper, [{ kind: 'order', channel: 'whatsapp', enabled: true }]);
    const order = await paidOrder(shopper, 'en');
    const [wa] = await waitFor(
      async () =>
        (await rowsOf(order.invoiceId)).filter((r) => r.channel === 'whatsapp' && r.status === 'sent'),
      (r) => r.length === 1,
    );
    const wamid = wa!.providerId!.replace(/^whatsapp:/, '');
    const report = (status: object, signWith = secret) => {
      const payload = JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [
          { id: '1', changes: [{ field: 'messages', value: { statuses: [{ id: wamid, ...status }] } }] },
        ],
      });
      const signature = `sha256=${createHmac('sha256', signWith).update(payload).digest('hex')}`;
      return t.app.inject({
        method: 'POST',
        url: messagePaths.whatsappWebhook.pattern,
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
        payload,
      });
    };
    const forged = await report(
      { status: 'failed', errors: [{ code: 131026, title: 'Message undeliverable' }] },
      'not-the-secret',
    );
    expect(forged.statusCode).toBe(401);
    expect((await rowsOf(order.invoiceId)).find((r) => r.id === wa!.id)!.status).toBe('sent');
    const delivered = await report({ status: 'delivered', timestamp: '1795837000' });
    expect(delivered.json()).toEqual({ received: 1 });
    expect((await rowsOf(order.invoiceId)).find((r) => r.id === wa!.id)!.status).toBe('delivered');
    const page = await t.app.inject({
      method: 'GET',
      url: adminOrderPaths.detail.build({ ref: order.invoiceId }),
      headers: staff,
    });
    expect(
      (page.json().messages as AdminOrder['messages']).find((m) => m.channel === 'whatsapp')!.status,
    ).toBe('delivered');
  });

  it('keys are sealed, answered only as set or not, and owners’ alone', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: messagePaths.keys.pattern, headers: staff })).statusCode,
    ).toBe(403);
    const saved = await t.app.inject({
      method: 'PUT',
      url: messagePaths.keys.pattern,
      headers: owner,
      payload: { unifonicAppSid: 'app-sid-secret-value' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain('app-sid-secret-value');
    expect(saved.json().sms.sandbox).toBe(false);
    const removed = await t.app.inject({
      method: 'PUT',
      url: messagePaths.keys.pattern,
      headers: owner,
      payload: { unifonicAppSid: '' },
    });
    expect(removed.json().sms.sandbox).toBe(true);
  });
});

const digitsOf = (phone: string) => phone.replace(/^\+/, '');

describe('delivery through a provider that fails, and two workers at once', () => {
  let t: TestContext;
  let server: Server;
  let answers: number[] = [];
  const received: URLSearchParams[] = [];

  beforeAll(async () => {
    // A stand-in for Unifonic's REST API: the status codes in `answers` first, then success.
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push(new URLSearchParams(body));
        const status = answers.shift() ?? 200;
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(
          status === 200
            ? JSON.stringify({
                success: true,
                message: '',
                errorCode: 'ER-00',
                data: { MessageID: 1000 + received.length, Status: 'Sent' },
              })
            : JSON.stringify({ message: 'Internal Server Error' }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    t = await createTestApp({
      UNIFONIC_APP_SID: 'test-app-sid',
      UNIFONIC_SENDER_ID: 'SHOP',
      UNIFONIC_API_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  async function queued(count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const shopper = await createShopper(t.app.db);
      await t.app.db
        .insert(messagePreferences)
        .values({ userId: shopper.id, kind: 'order', channel: 'sms', enabled: true });
      await t.app.db
        .insert(messagePreferences)
        .values({ userId: shopper.id, kind: 'order', channel: 'email', enabled: false });
      await t.app.db.transaction((tx) =>
        queueMessages(tx, {
          userId: shopper.id,
          event: 'order.preparing',
          subject: `test-${crypto.randomUUID()}`,
          data: { orderNumber: String(20_000 + i) },
        }),
      );
      ids.push(shopper.id);
    }
    return ids;
  }

  const deps = () => ({
    ...t.app.shop,
    providers: channelProviders(t.config, t.app.messageKeys, t.app.mailer),
  });

  it('tries again after a 5xx, with a growing wait, and sends once it answers', async () => {
    received.length = 0;
    answers = [500, 503];
    const [userId] = await queued(1);
    const now = Date.now();
    const first = await deliverDueMessages(deps(), { now: new Date(now) });
    expect(first).toMatchObject({ sent: 0, retried: 1 });
    let [row] = await t.app.db.select().from(messages).where(eq(messages.userId, userId!));
    expect(row).toMatchObject({ status: 'queued', attempts: 1, lastError: 'Unifonic answered 500' });
    expect(row!.nextAttemptAt.getTime()).toBe(now + 30_000);
    // Not due yet: nothing is sent.
    expect(await deliverDueMessages(deps(), { now: new Date(now + 10_000) })).toMatchObject({
      sent: 0,
      retried: 0,
    });
    expect(await deliverDueMessages(deps(), { now: new Date(now + 30_000) })).toMatchObject({ retried: 1 });
    [row] = await t.app.db.select().from(messages).where(eq(messages.userId, userId!));
    expect(row!.nextAttemptAt.getTime()).toBe(now + 30_000 + 60_000);
    expect(await deliverDueMessages(deps(), { now: new Date(now + 90_000) })).toMatchObject({ sent: 1 });
    [row] = await t.app.db.select().from(messages).where(eq(messages.userId, userId!));
    expect(row).toMatchObject({ status: 'sent', attempts: 3, lastError: null, providerId: 'unifonic:1003' });
    expect(received).toHaveLength(3);
    expect(received[2]!.get('AppSid')).toBe('test-app-sid');
    expect(received[2]!.get('SenderID')).toBe('SHOP');
    expect(received[2]!.get('Recipient')).toMatch(/^9665\d{8}$/);
    expect(received[2]!.get('CorrelationID')).toBe(row!.idempotencyKey);
  });

  it('two workers claiming at once send each message once', async () => {
    received.length = 0;
    answers = [];
    await queued(12);
    const [a, b] = await Promise.all([
      deliverDueMessages(deps(), { owner: 'worker-a', limit: 8 }),
      deliverDueMessages(deps(), { owner: 'worker-b', limit: 8 }),
    ]);
    const c = await deliverDueMessages(deps(), { owner: 'worker-c' });
    expect(a.sent + b.sent + c.sent).toBe(12);
    expect(received).toHaveLength(12);
    expect(new Set(received.map((r) => r.get('CorrelationID'))).size).toBe(12);
    expect(await deliverDueMessages(deps(), { owner: 'worker-d' })).toMatchObject({ sent: 0 });
  });

  it('the same event queued twice is one message per channel', async () => {
    const shopper = await createShopper(t.app.db);
    const request = {
      userId: shopper.id,
      event: 'order.ready' as const,
      subject: 'same-order',
      data: { orderNumber: '1' },
    };
    const counts = await Promise.all([
      t.app.db.transaction((tx) => queueMessages(tx, request)),
      t.app.db.transaction((tx) => queueMessages(tx, request)),
    ]);
    expect(counts.sort()).toEqual([0, 1]);
  });
});
