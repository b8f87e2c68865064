import { adminContentPaths, adminOrderPaths, apiPaths, type PayInvoiceAnswer } from '@shop/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { createProduct, type ProductRow } from '../../test/factories.ts';
import { createShopper, orderRow, placeOrderCall, productState, putInCart } from '../../test/shoppers.ts';
import { signedInMember } from '../../test/staff.ts';
import { onboardSigningUnit } from '../../test/einvoices.ts';
import { documentsOfOrder } from '../../modules/einvoices/service.ts';
import { auditLog } from '../../modules/audit/schema.ts';
import { getSettings, putSettings } from '../../modules/settings/service.ts';
import { ProviderUnavailableError } from '../../modules/payments/provider.ts';
import { COMMAND_LINE_ACTOR } from '../../lib/audit-actor.ts';
import { runCaptureJob } from './capture-deadline.ts';
import { captureNow, capturePart } from './pay-later-capture.ts';
import { refundOrder } from './refund-order.ts';
import { reconcilePayments } from './reconcile.ts';
import { orderRefunds } from '../../views/refunds/read.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('pay-later captures: the deadline, owed captures, a part captured, waiting payments', () => {
  let t: TestContext;
  let product: ProductRow;
  const deps = () => ({ ...t.app.shop, provider: t.app.payments, tabby: t.app.tabby });

  beforeAll(async () => {
    t = await createTestApp();
    product = await createProduct(t.app.db, { priceHalalas: 50_000, stock: 1000 });
    await onboardSigningUnit(t);
  });
  afterAll(() => t.close());
  afterEach(async () => {
    vi.restoreAllMocks();
    await putSettings(t.app.db, { captureDeadlineAction: 'capture' });
  });

  /** An order placed and a Tabby session started for it: the simulator's page path. */
  async function session(): Promise<{ order: PayInvoiceAnswer; page: string }> {
    const shopper = await createShopper(t.app.db);
    await putInCart(t.app.db, shopper.id, product.id, 2);
    const placed = await placeOrderCall(t, shopper, { invoiceUserPhone: '0512345678' });
    expect(placed.statusCode).toBe(201);
    const order: PayInvoiceAnswer = placed.json();
    const started = await t.app.inject({
      method: 'POST',
      url: `${apiPaths.tabbyCheckout.build({})}?lang=ar`,
      headers: shopper.headers,
      payload: { invoiceId: order.invoiceId },
    });
    expect(started.statusCode).toBe(200);
    return { order, page: started.json().redirectUrl };
  }

  async function answer(page: string, choice: 'approve' | 'cancel'): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: page,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `answer=${choice}`,
    });
    return new URL(res.headers.location as string).searchParams.get('payment_id')!;
  }

  /** A Tabby order authorised and confirmed (the shopper came back). */
  async function authorised() {
    const { order, page } = await session();
    const paymentId = await answer(page, 'approve');
    await t.app.inject({ method: 'GET', url: `${apiPaths.tabbyReturn.build({})}?payment_id=${paymentId}` });
    const row = await orderRow(t.app.db, order.invoiceId);
    expect(row).toMatchObject({ status: 'paid', paymentMethod: 'tabby', captureStatus: 'awaiting' });
    return { order, paymentId, paidAt: row.paidAt! };
  }

  async function ship(orderId: string) {
    const staff = (await signedInMember(t.app.db, { role: 'staff' })).headers;
    return t.app.inject({
      method: 'POST',
      url: `${adminOrderPaths.fulfilment.build({ ref: orderId })}?lang=en`,
      headers: staff,
      payload: { status: 'shipped', carrier: 'SMSA', trackingNumber: 'RUH9', trackingUrl: '' },
    });
  }

  const invoices = async (orderId: string) =>
    (await documentsOfOrder(t.app.db, orderId)).filter((d) => d.kind === 'invoice').length;
  const creditNotes = async (orderId: string) =>
    (await documentsOfOrder(t.app.db, orderId)).filter((d) => d.kind !== 'invoice').length;
  const auditOf = async (orderId: string) =>
    (await t.app.db.select().from(auditLog).where(eq(auditLog.entityId, orderId))).map((a) => a.action);

  it('captures an unshipped order a day before the deadline (the default), invoices it and audits it', async () => {
    const { order, paymentId, paidAt } = await authorised();
    const early = await runCaptureJob(deps(), { now: new Date(paidAt.getTime() + 19 * DAY) });
    expect(early.captured).toBe(0);
    const due = await runCaptureJob(deps(), { now: new Date(paidAt.getTime() + 20 * DAY + 60_000) });
    expect(due.captured).toBeGreaterThanOrEqual(1);
    expect(await t.app.tabby!.fetch(paymentId)).toMatchObject({ state: 'captured', captured: order.amount });
    expect((await orderRow(t.app.db, order.invoiceId)).captureStatus).toBeNull();
    expect(await invoices(order.invoiceId)).toBe(1);
    expect(await auditOf(order.invoiceId)).toContain('order.capture_deadline');
  });

  it("closes it instead when that is the owner's choice: cancelled, stock back, no credit note", async () => {
    await putSettings(t.app.db, { captureDeadlineAction: 'close' });
    const stock = (await productState(t.app.db, product.id)).stock;
    const { order, paymentId, paidAt } = await authorised();
    const summary = await runCaptureJob(deps(), { now: new Date(paidAt.getTime() + 20 * DAY + 60_000) });
    expect(summary.closed).toBeGreaterThanOrEqual(1);
    expect(await t.app.tabby!.fetch(paymentId)).toMatchObject({ state: 'voided', captured: 0 });
    expect(await orderRow(t.app.db, order.invoiceId)).toMatchObject({
      fulfilment: 'cancelled',
      status: 'refunded',
      captureStatus: null,
    });
    expect((await productState(t.app.db, product.id)).stock).toBe(stock);
    expect(await invoices(order.invoiceId)).toBe(0);
    expect(await creditNotes(order.invoiceId)).toBe(0);
    expect(await auditOf(order.invoiceId)).toEqual(
      expect.arrayContaining(['order.close_deadline', 'order.cancel_paid', 'order.refund']),
    );
  });

  it('acts once when two processes run the job at the same moment', async () => {
    const { order, paymentId, paidAt } = await authorised();
    const capture = vi.spyOn(t.app.tabby!, 'capture');
    const now = new Date(paidAt.getTime() + 20 * DAY + 60_000);
    await Promise.all([runCaptureJob(deps(), { now }), runCaptureJob(deps(), { now })]);
    expect(capture.mock.calls.filter(([id]) => id === paymentId)).toHaveLength(1);
    expect((await auditOf(order.invoiceId)).filter((a) => a === 'order.capture_deadline')).toHaveLength(1);
    expect(await invoices(order.invoiceId)).toBe(1);
  });

  it('keeps the shipping when the provider cannot capture: owed, then retried by the job and "Capture now"', async () => {
    const { order, paymentId } = await authorised();
    vi.spyOn(t.app.tabby!, 'capture').mockRejectedValue(new ProviderUnavailableError('down'));
    expect((await ship(order.invoiceId)).statusCode).toBe(200);
    expect(await orderRow(t.app.db, order.invoiceId)).toMatchObject({
      fulfilment: 'shipped',
      captureStatus: 'owed',
    });
    expect(await invoices(order.invoiceId)).toBe(0);
    // Still down: the member is told, the order stays owed.
    await expect(captureNow(deps(), { id: order.invoiceId }, COMMAND_LINE_ACTOR)).rejects.toMatchObject({
      code: 'CAPTURE_UNAVAILABLE',
    });
    // The job's attempt fails too, and leaves its claim to lapse.
    const failed = await runCaptureJob(deps());
    expect(failed.failed).toBeGreaterThanOrEqual(1);
    vi.restoreAllMocks();
    const later = await runCaptureJob(deps(), { now: new Date(Date.now() + 6 * 60_000) });
    expect(later.retried).toBeGreaterThanOrEqual(1);
    expect(await t.app.tabby!.fetch(paymentId)).toMatchObject({ state: 'captured' });
    expect((await orderRow(t.app.db, order.invoiceId)).captureStatus).toBeNull();
    expect(await invoices(order.invoiceId)).toBe(1);
    await expect(captureNow(deps(), { id: order.invoiceId }, COMMAND_LINE_ACTOR)).rejects.toMatchObject({
      code: 'CAPTURE_NOT_OWED',
    });
  });

  it('"Capture now" takes an owed capture at once, with its audit entry', async () => {
    const { order, paymentId } = await authorised();
    vi.spyOn(t.app.tabby!, 'capture').mockRejectedValueOnce(new ProviderUnavailableError('down'));
    expect((await ship(order.invoiceId)).statusCode).toBe(200);
    expect((await orderRow(t.app.db, order.invoiceId)).captureStatus).toBe('owed');
    await captureNow(deps(), { id: order.invoiceId }, COMMAND_LINE_ACTOR);
    expect(await t.app.tabby!.fetch(paymentId)).toMatchObject({ state: 'captured' });
    expect(await auditOf(order.invoiceId)).toContain('order.capture');
  });

  it('captures a part, closes the rest and credits it (the capture invoiced it); refunds then give back captured money only', async () => {
    const { order, paymentId } = await authorised();
    const part = 60_000;
    const closeRest = (o: { id: string }, rest: number) =>
      refundOrder(
        deps(),
        { id: o.id },
        { amountHalalas: rest, reason: 'Not shipped', returnStock: [], idempotencyKey: `rest-${o.id}` },
        COMMAND_LINE_ACTOR,
      );
    await capturePart(deps(), { id: order.invoiceId }, part, COMMAND_LINE_ACTOR, closeRest);
    expect(await t.app.tabby!.fetch(paymentId)).toMatchObject({ state: 'captured', captured: part });
    const row = await orderRow(t.app.db, order.invoiceId);
    expect(row).toMatchObject({ captureStatus: null, refundedHalalas: order.amount - part });
    expect(await invoices(order.invoiceId)).toBe(1);
    expect(await creditNotes(order.invoiceId)).toBe(1);
    const tooMuch = refundOrder(
      deps(),
      { id: order.invoiceId },
      { amountHalalas: part + 1, reason: 'x', returnStock: [], idempotencyKey: 'too-much' },
      COMMAND_LINE_ACTOR,
    );
    await expect(tooMuch).rejects.toMatchObject({ code: 'REFUND_AMOUNT_TOO_LARGE' });
    const back = await refundOrder(
      deps(),
      { id: order.invoiceId },
      { amountHalalas: part, reason: 'Returned', returnStock: [], idempotencyKey: 'all-captured' },
      COMMAND_LINE_ACTOR,
    );
    expect(back.refund.amountHalalas).toBe(part);
    expect(await t.app.tabby!.fetch(paymentId)).toMatchObject({ state: 'refunded', refunded: part });
  });

  it('settles waiting pay-later payments in the reconciliation: authorised confirms, cancelled ends with stock back', async () => {
    const stock = (await productState(t.app.db, product.id)).stock;
    const approved = await session();
    await answer(approved.page, 'approve');
    const cancelled = await session();
    await answer(cancelled.page, 'cancel');
    // Neither shopper came back and no webhook came.
    expect((await orderRow(t.app.db, approved.order.invoiceId)).status).toBe('awaiting_payment');
    const summary = await reconcilePayments(deps(), { now: new Date(Date.now() + 2 * 60_000) });
    expect(summary.payLater).toBeGreaterThanOrEqual(2);
    expect(await orderRow(t.app.db, approved.order.invoiceId)).toMatchObject({
      status: 'paid',
      paymentMethod: 'tabby',
      captureStatus: 'awaiting',
    });
    expect((await orderRow(t.app.db, cancelled.order.invoiceId)).status).toBe('expired');
    // The confirmed order's two units are sold; the ended one's are back.
    expect((await productState(t.app.db, product.id)).stock).toBe(stock - 2);
  });

  it('lets only owners choose what the deadline does, audited; an unknown choice is refused', async () => {
    const put = async (role: 'owner' | 'staff', captureDeadlineAction: string) =>
      t.app.inject({
        method: 'PUT',
        url: `${adminContentPaths.settings.build({})}?lang=ar`,
        headers: (await signedInMember(t.app.db, { role })).headers,
        payload: { captureDeadlineAction },
      });
    expect((await put('staff', 'close')).statusCode).toBe(403);
    expect((await put('owner', 'refund')).statusCode).toBe(400);
    const saved = await put('owner', 'close');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings.captureDeadlineAction).toBe('close');
    expect((await getSettings(t.app.db)).captureDeadlineAction).toBe('close');
    const entries = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update'));
    expect(entries.at(-1)?.after).toMatchObject({ captureDeadlineAction: 'close' });
  });

  it("names the provider that took a pay-later order's money on the refund page, not the card's", async () => {
    const { order } = await authorised();
    const page = await orderRefunds(t.app.db, { id: order.invoiceId }, t.app.payments.name, 'en');
    expect(page?.provider).toBe('tabby-sandbox');
  });
});
