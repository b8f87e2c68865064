import {
  apiPaths,
  einvoicePaths,
  refundPaths,
  type EinvoiceList,
  type Order,
  type OrderEinvoices,
  type CreditNote,
  type PayInvoiceAnswer,
} from '@shop/contract';
import {
  checkSignedInvoice,
  FatooraClient,
  INITIAL_PIH,
  REJECTION_SUFFIX,
  WARNING_SUFFIX,
} from '@shop/zatca';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fatoora } from '../../lib/fatoora.ts';
import { createProduct, type ProductRow } from '../../test/factories.ts';
import { onboardingForm } from '../../test/einvoices.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { createShopper, placeOrderCall, putInCart, type Shopper } from '../../test/shoppers.ts';
import { signedInMember } from '../../test/staff.ts';
import { auditLog } from '../../modules/audit/schema.ts';
import { reconcilePayments } from '../checkout/reconcile.ts';
import { reportDueDocuments } from './report.ts';
import { decodeZatcaTlv } from '../../modules/orders/zatca.ts';
import { einvoiceDocuments, einvoiceUnits } from '../../modules/einvoices/schema.ts';
import { claimDueDocuments, issueDocument } from '../../modules/einvoices/service.ts';

const card = { number: '4111111111111111', name: 'Sara Ali', month: 12, year: 2099, cvc: '123' };

type Member = Awaited<ReturnType<typeof signedInMember>>;

describe('e-invoices (ZATCA phase 2) against the local Fatoora simulator', () => {
  let t: TestContext;
  let product: ProductRow;
  let owner: Member;
  let staff: Member;

  beforeAll(async () => {
    t = await createTestApp();
    product = await createProduct(t.app.db, { priceHalalas: 25_000, stock: 1_000 });
    owner = await signedInMember(t.app.db, { role: 'owner' });
    staff = await signedInMember(t.app.db, { role: 'staff' });
  });
  afterAll(() => t.close());

  async function paidOrder(count = 2, verify = true): Promise<PayInvoiceAnswer & { shopper: Shopper }> {
    const shopper = await createShopper(t.app.db);
    await putInCart(t.app.db, shopper.id, product.id, count);
    const placed = await placeOrderCall(t, shopper, {}, 'en');
    expect(placed.statusCode, placed.body).toBe(201);
    const order: PayInvoiceAnswer = placed.json();
    const pay = await t.app.inject({
      method: 'POST',
      url: `${apiPaths.sandboxPay.build({})}?lang=en`,
      headers: shopper.headers,
      payload: { ...card, invoiceId: order.invoiceId },
    });
    expect(pay.statusCode, pay.body).toBe(200);
    if (verify) {
      const verified = await t.app.inject({
        method: 'POST',
        url: `${apiPaths.verifyPayment.build({})}?lang=en`,
        headers: shopper.headers,
        payload: { id: order.given_id },
      });
      expect(verified.statusCode, verified.body).toBe(200);
    }
    return { ...order, shopper };
  }

  async function shopperOrder(order: PayInvoiceAnswer & { shopper: Shopper }): Promise<Order> {
    const res = await t.app.inject({
      method: 'GET',
      url: `${apiPaths.orderById.build({ invoiceId: order.invoiceId })}?lang=ar`,
      headers: order.shopper.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Order;
  }

  async function documentsOf(orderId: string): Promise<OrderEinvoices> {
    const res = await t.app.inject({
      method: 'GET',
      url: `${einvoicePaths.ofOrder.build({ ref: orderId })}?lang=en`,
      headers: staff.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  function onboard(headers: Record<string, string>, body: object) {
    return t.app.inject({
      method: 'POST',
      url: `${einvoicePaths.onboard.build({})}?lang=en`,
      headers,
      payload: body,
    });
  }

  async function certificate(): Promise<string> {
    const [unit] = await t.app.db.select().from(einvoiceUnits).where(eq(einvoiceUnits.status, 'active'));
    return unit!.certificate;
  }

  it('issues nothing while no signing unit is onboarded: the invoice keeps the phase 1 QR code', async () => {
    const order = await paidOrder(1);
    expect((await documentsOf(order.invoiceId)).documents).toEqual([]);
    const shown = await shopperOrder(order);
    expect(shown.zatca?.signed).toBe(false);
    expect([...decodeZatcaTlv(shown.zatca!.qr).keys()]).toEqual([1, 2, 3, 4, 5]);
    const unit = await t.app.inject({
      method: 'GET',
      url: einvoicePaths.unit.build({}),
      headers: staff.headers,
    });
    expect(unit.json()).toMatchObject({ onboarded: false, icv: 0 });
  });

  it('refuses onboarding to a member who is not an owner, a wrong OTP, and bad details in the language asked', async () => {
    const refused = await onboard(staff.headers, onboardingForm);
    expect(refused.statusCode).toBe(403);

    const badOtp = await onboard(owner.headers, { ...onboardingForm, otp: '000000' });
    expect(badOtp.statusCode, badOtp.body).toBe(422);
    expect(badOtp.json().code).toBe('EINVOICE_ONBOARDING_REFUSED');

    const badVat = await t.app.inject({
      method: 'POST',
      url: `${einvoicePaths.onboard.build({})}?lang=ar`,
      headers: owner.headers,
      payload: { ...onboardingForm, vatNumber: '12345' },
    });
    expect(badVat.statusCode).toBe(400);
    expect(JSON.stringify(badVat.json())).toContain('EINVOICE_VAT_INVALID');
    expect(await t.app.db.select().from(einvoiceUnits)).toEqual([]);
  });

  it('onboards (CSR, compliance CSID, three compliance checks, production CSID), then signs each paid order in one chain', async () => {
    const res = await onboard(owner.headers, onboardingForm);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().unit).toMatchObject({
      onboarded: true,
      icv: 0,
      certificateExpiring: false,
      // Onboarding again starts from the seller the unit signs for.
      sellerDefaults: {
        vatNumber: onboardingForm.vatNumber,
        legalName: onboardingForm.legalName,
        buildingNumber: onboardingForm.buildingNumber,
      },
    });
    const [unit] = await t.app.db.select().from(einvoiceUnits);
    // The key is sealed at rest: no PEM in the row.
    expect(unit!.sealedKey).toMatch(/^v1:/);
    expect(unit!.sealedKey).not.toContain('PRIVATE KEY');

    const order = await paidOrder(2);
    const { documents } = await documentsOf(order.invoiceId);
    expect(documents).toHaveLength(1);
    const invoice = documents[0]!;
    expect(invoice).toMatchObject({
      kind: 'invoice',
      icv: 1,
      status: 'queued',
      number: String(invoice.orderNumber),
    });
    const [row] = await t.app.db
      .select()
      .from(einvoiceDocuments)
      .where(eq(einvoiceDocuments.uuid, invoice.uuid));
    expect(row!.pih).toBe(INITIAL_PIH);
    const checked = checkSignedInvoice(row!.xml, await certificate());
    expect(checked.problems).toEqual([]);
    expect(checked.icv).toBe(1);
    // The shopper's invoice prints the signed document's QR code: tags 1–9, tag 6 its hash.
    const shown = await shopperOrder(order);
    expect(shown.zatca?.signed).toBe(true);
    const tags = decodeZatcaTlv(shown.zatca!.qr);
    expect([...tags.keys()]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(tags.get(6)).toBe(row!.hash);

    const summary = await reportDueDocuments(t.app.shop);
    expect(summary).toMatchObject({ reported: 1, rejected: 0, retried: 0 });
    expect((await documentsOf(order.invoiceId)).documents[0]).toMatchObject({
      status: 'reported',
      statusLabel: 'Reported',
      attempts: 1,
    });
    // Nothing is sent twice.
    expect((await reportDueDocuments(t.app.shop)).reported).toBe(0);
  });

  it('a partial refund issues a credit note that names the invoice and the reason, chained to it', async () => {
    const order = await paidOrder(2);
    const refund = await t.app.inject({
      method: 'POST',
      url: `${refundPaths.orderRefunds.build({ id: order.invoiceId })}?lang=en`,
      headers: owner.headers,
      payload: { amount: 100.5, reason: 'Scratched screen', idempotencyKey: `k-${Date.now()}` },
    });
    expect(refund.statusCode, refund.body).toBe(201);
    const { documents } = await documentsOf(order.invoiceId);
    expect(documents.map((d) => d.kind)).toEqual(['invoice', 'credit_note']);
    const [invoice, note] = documents;
    expect(note!.icv).toBe(invoice!.icv + 1);
    const [noteRow] = await t.app.db
      .select()
      .from(einvoiceDocuments)
      .where(eq(einvoiceDocuments.uuid, note!.uuid));
    expect(noteRow!.pih).toBe(invoice!.hash);
    const checked = checkSignedInvoice(noteRow!.xml, await certificate());
    expect(checked.problems).toEqual([]);
    expect(checked.typeCode).toBe('381');
    expect(noteRow!.xml).toMatch(
      new RegExp(
        `<cac:BillingReference>\\s*<cac:InvoiceDocumentReference>\\s*<cbc:ID>${invoice!.number}</cbc:ID>`,
      ),
    );
    expect(noteRow!.xml).toContain('Scratched screen');
    // The credit note's total is what was given back.
    expect(decodeZatcaTlv(noteRow!.qr).get(4)).toBe('100.50');
    // The shopper's credit note prints the signed note's QR code.
    const refundId = noteRow!.refundId!;
    const printed = await t.app.inject({
      method: 'GET',
      url: `${refundPaths.shopperCreditNote.build({ invoiceId: order.invoiceId, refundId })}?lang=en`,
      headers: order.shopper.headers,
    });
    expect(printed.statusCode, printed.body).toBe(200);
    const shownNote: CreditNote = printed.json();
    expect(shownNote.signed).toBe(true);
    expect(shownNote.qr).toBe(noteRow!.qr);
    expect((await reportDueDocuments(t.app.shop)).reported).toBe(2);
  });

  it("answers a document's signed XML by its UUID, and 404 for an unknown one", async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: `${einvoicePaths.list.build({})}?status=reported&pageSize=2&page=1&lang=ar`,
      headers: staff.headers,
    });
    expect(list.statusCode, list.body).toBe(200);
    const page: EinvoiceList = list.json();
    expect(page.documents).toHaveLength(2);
    expect(page.total).toBe(3);
    expect(page.pageCount).toBe(2);
    expect(page.documents[0]!.statusLabel).toBe('تم الإبلاغ');
    const doc = page.documents[0]!;
    const xml = await t.app.inject({ method: 'GET', url: doc.xmlUrl, headers: staff.headers });
    expect(xml.statusCode).toBe(200);
    expect(xml.headers['content-type']).toContain('application/xml');
    expect(xml.headers['content-disposition']).toContain(`${doc.number}.xml`);
    expect(checkSignedInvoice(xml.body).uuid).toBe(doc.uuid);
    const missing = await t.app.inject({
      method: 'GET',
      url: einvoicePaths.xml.build({ uuid: '00000000-0000-4000-8000-000000000000' }),
      headers: staff.headers,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('EINVOICE_NOT_FOUND');
    const anonymous = await t.app.inject({ method: 'GET', url: doc.xmlUrl });
    expect(anonymous.statusCode).toBe(401);
  });

  it("keeps Fatoora's warning and rejection; a rejected document can be sent again, a reported one not", async () => {
    const order = await paidOrder(1);
    const issue = (number: string) =>
      t.app.db.transaction((tx) =>
        issueDocument(tx, t.config, {
          kind: 'credit_note',
          orderId: order.invoiceId,
          number,
          issuedAt: new Date(),
          lines: [{ name: 'سماعات', quantity: 1, unitPriceHalalas: 11_500 }],
          billingReference: String(order.number),
          reason: 'Price corrected',
        }),
      );
    const warned = (await issue(`W1${WARNING_SUFFIX}`))!;
    const rejected = (await issue(`R1${REJECTION_SUFFIX}`))!;
    const summary = await reportDueDocuments(t.app.shop);
    expect(summary).toMatchObject({ reported: 1, warned: 1, rejected: 1 });
    const docs = (await documentsOf(order.invoiceId)).documents;
    const w = docs.find((d) => d.uuid === warned.uuid)!;
    const r = docs.find((d) => d.uuid === rejected.uuid)!;
    expect(w.status).toBe('reported_with_warnings');
    expect(w.messages.map((m) => m.code)).toEqual(['SIM-WARNING']);
    expect(r.status).toBe('rejected');
    expect(r.messages.map((m) => m.code)).toContain('SIM-REJECTED');

    const again = await t.app.inject({
      method: 'POST',
      url: `${einvoicePaths.report.build({ uuid: r.uuid })}?lang=en`,
      headers: staff.headers,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().code).toBe('EINVOICE_REQUEUED');
    const [audited] = await t.app.db.select().from(auditLog).where(eq(auditLog.entityId, r.uuid));
    expect(audited).toMatchObject({ action: 'einvoice.report_again', staffId: staff.member.id });
    const [requeued] = await t.app.db
      .select()
      .from(einvoiceDocuments)
      .where(eq(einvoiceDocuments.uuid, r.uuid));
    expect(requeued!.status).toBe('queued');
    // The same document again: the same answer, and the XML was not touched.
    expect((await reportDueDocuments(t.app.shop)).rejected).toBe(1);
    const [after] = await t.app.db.select().from(einvoiceDocuments).where(eq(einvoiceDocuments.uuid, r.uuid));
    expect(after!.xml).toBe(rejected.xml);
    expect(after!.attempts).toBe(2);

    const notAgain = await t.app.inject({
      method: 'POST',
      url: `${einvoicePaths.report.build({ uuid: w.uuid })}?lang=ar`,
      headers: staff.headers,
    });
    expect(notAgain.statusCode).toBe(409);
    expect(notAgain.json().code).toBe('EINVOICE_NOT_REPORTABLE');
  });

  it('retries with back-off while Fatoora cannot be reached, and reports once it can', async () => {
    const order = await paidOrder(1);
    const [invoice] = (await documentsOf(order.invoiceId)).documents;
    const unreachable = {
      address: t.app.shop.fatoora.address,
      client: async () => new FatooraClient({ baseUrl: 'http://127.0.0.1:1' }),
    } as unknown as Fatoora;
    const down = { ...t.app.shop, fatoora: unreachable };
    const before = Date.now();
    expect((await reportDueDocuments(down)).retried).toBe(1);
    const [first] = await t.app.db
      .select()
      .from(einvoiceDocuments)
      .where(eq(einvoiceDocuments.uuid, invoice!.uuid));
    expect(first).toMatchObject({ status: 'queued', attempts: 1, claimedBy: null });
    expect(first!.lastError).toContain('unreachable');
    expect(first!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 30_000);
    // Not due yet: nothing is sent.
    expect((await reportDueDocuments(t.app.shop)).reported).toBe(0);
    expect((await reportDueDocuments(down, { now: new Date(Date.now() + 31_000) })).retried).toBe(1);
    const [second] = await t.app.db
      .select()
      .from(einvoiceDocuments)
      .where(eq(einvoiceDocuments.uuid, invoice!.uuid));
    // The wait doubles.
    expect(second!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(Date.now() + 59_000);
    const later = new Date(Date.now() + 3 * 60_000);
    expect((await reportDueDocuments(t.app.shop, { now: later })).reported).toBe(1);
    expect((await documentsOf(order.invoiceId)).documents[0]).toMatchObject({
      status: 'reported',
      attempts: 3,
    });
  });

  it('one claim per document: a second worker gets nothing until the lease runs out', async () => {
    const order = await paidOrder(1);
    const [invoice] = (await documentsOf(order.invoiceId)).documents;
    const first = await claimDueDocuments(t.app.db, 'worker-a', { leaseMs: 60_000, limit: 10 });
    expect(first.map((d) => d.uuid)).toEqual([invoice!.uuid]);
    expect(await claimDueDocuments(t.app.db, 'worker-b', { leaseMs: 60_000, limit: 10 })).toEqual([]);
    // worker-a died: once its lease ran out, another takes the document and reports it.
    const summary = await reportDueDocuments(t.app.shop, {
      now: new Date(Date.now() + 61_000),
      owner: 'worker-b',
    });
    expect(summary.reported).toBe(1);
  });

  it('warns on the unit about documents not reported within 20 hours', async () => {
    const order = await paidOrder(1);
    const [invoice] = (await documentsOf(order.invoiceId)).documents;
    await t.app.db
      .update(einvoiceDocuments)
      .set({
        issuedAt: new Date(Date.now() - 21 * 3_600_000),
        nextAttemptAt: new Date(Date.now() + 3_600_000),
      })
      .where(eq(einvoiceDocuments.uuid, invoice!.uuid));
    const unit = await t.app.inject({
      method: 'GET',
      url: einvoicePaths.unit.build({}),
      headers: staff.headers,
    });
    expect(unit.json().overdue).toBe(1);
    expect((await reportDueDocuments(t.app.shop)).overdue).toBe(1);
  });

  it('an order the reconciliation settles (the shopper never came back) gets its invoice in the same transaction', async () => {
    const order = await paidOrder(1, false);
    expect((await documentsOf(order.invoiceId)).documents).toEqual([]);
    const settled = await reconcilePayments(
      { ...t.app.shop, provider: t.app.payments },
      { now: new Date(Date.now() + 2 * 60_000) },
    );
    expect(settled.paid).toBe(1);
    const { documents } = await documentsOf(order.invoiceId);
    expect(documents.map((d) => d.kind)).toEqual(['invoice']);
    expect((await reportDueDocuments(t.app.shop)).reported).toBe(1);
  });

  it('warns a month before the certificate expires', async () => {
    await t.app.db
      .update(einvoiceUnits)
      .set({ certificateExpiresAt: new Date(Date.now() + 20 * 86_400_000) })
      .where(eq(einvoiceUnits.status, 'active'));
    const unit = await t.app.inject({
      method: 'GET',
      url: einvoicePaths.unit.build({}),
      headers: staff.headers,
    });
    expect(unit.json().certificateExpiring).toBe(true);
  });

  it('documents every e-invoice route in the OpenAPI document under the admin tag', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    const routes = Object.entries(doc.paths).filter(([path]) => path.startsWith('/api/admin/einvoices'));
    expect(routes.map(([path]) => path).sort()).toEqual(
      [
        '/api/admin/einvoices',
        '/api/admin/einvoices/orders/{ref}',
        '/api/admin/einvoices/unit',
        '/api/admin/einvoices/unit/onboard',
        '/api/admin/einvoices/{uuid}/report',
        '/api/admin/einvoices/{uuid}/xml',
      ].sort(),
    );
    for (const [, operations] of routes)
      for (const operation of Object.values(operations)) expect(operation.tags).toEqual(['admin']);
  });

  it('keeps the documents of a unit onboarded elsewhere waiting, saying why, instead of sending them', async () => {
    const order = await paidOrder(1);
    const elsewhere = {
      ...t.app.shop,
      fatoora: { address: 'https://fatoora.example/core' } as unknown as Fatoora,
    };
    expect((await reportDueDocuments(elsewhere)).retried).toBe(1);
    const [doc] = (await documentsOf(order.invoiceId)).documents;
    expect(doc).toMatchObject({ status: 'queued' });
    expect(doc!.lastError).toContain('unit onboarded at simulator');
  });
});
