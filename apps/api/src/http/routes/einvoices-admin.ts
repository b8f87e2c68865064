import {
  einvoiceListQuery,
  einvoiceListSchema,
  einvoiceOnboardAnswerSchema,
  einvoiceOnboardBodySchema,
  einvoiceOrderParams,
  einvoicePaths,
  einvoiceUnitSchema,
  einvoiceUuidParams,
  langQuery,
  okMessage,
  okSchema,
  orderEinvoicesSchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { onboardSigningUnit } from '../../use-cases/einvoicing/onboard.ts';
import { reportAgain } from '../../use-cases/einvoicing/report.ts';
import {
  einvoiceList,
  einvoiceUnitState,
  einvoiceXml,
  orderEinvoices,
} from '../../views/back-office/einvoices.ts';
import { ADMIN_TAG, found, STAFF_COOKIE } from '../openapi.ts';
import { auditActor } from '../staff-guard.ts';

const langOnly = z.object({ lang: langQuery });

/** E-invoices (ZATCA phase 2) in the back office: any member reads and re-reports, owners onboard. */
export const einvoiceAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    einvoicePaths.list.pattern,
    {
      schema: {
        tags: ADMIN_TAG,
        summary: 'E-invoices and credit notes, newest first, optionally of one reporting status',
        security: STAFF_COOKIE,
        querystring: einvoiceListQuery,
        response: { 200: einvoiceListSchema },
      },
    },
    async (request) => einvoiceList(app.db, request.query, request.lang),
  );

  app.get(
    einvoicePaths.ofOrder.pattern,
    {
      schema: {
        tags: ADMIN_TAG,
        summary: "An order's e-invoice and credit notes with their reporting status",
        security: STAFF_COOKIE,
        params: einvoiceOrderParams,
        querystring: langOnly,
        response: { 200: orderEinvoicesSchema },
      },
    },
    async (request) =>
      found(await orderEinvoices(app.db, request.params.ref, request.lang), 'ORDER_NOT_FOUND'),
  );

  app.get(
    einvoicePaths.xml.pattern,
    {
      schema: {
        tags: ADMIN_TAG,
        summary: "A document's signed UBL XML by its UUID (for accountants' tools)",
        security: STAFF_COOKIE,
        params: einvoiceUuidParams,
        produces: ['application/xml'],
      },
    },
    async (request, reply) => {
      const doc = found(await einvoiceXml(app.db, request.params.uuid), 'EINVOICE_NOT_FOUND');
      void reply
        .type('application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${doc.number}.xml"`);
      return doc.xml;
    },
  );

  app.post(
    einvoicePaths.report.pattern,
    {
      schema: {
        tags: ADMIN_TAG,
        summary: 'Send a queued or rejected document to Fatoora again',
        security: STAFF_COOKIE,
        params: einvoiceUuidParams,
        querystring: langOnly,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await reportAgain(app.shop, request.params.uuid, auditActor(request));
      return okMessage('EINVOICE_REQUEUED', request.lang);
    },
  );

  app.get(
    einvoicePaths.unit.pattern,
    {
      schema: {
        tags: ADMIN_TAG,
        summary: "The signing unit: whether one is onboarded, its certificate's expiry, documents overdue",
        security: STAFF_COOKIE,
        response: { 200: einvoiceUnitSchema },
      },
    },
    async () => einvoiceUnitState(app.db),
  );

  app.post(
    einvoicePaths.onboard.pattern,
    {
      config: { staffRole: 'owner' },
      schema: {
        tags: ADMIN_TAG,
        summary: 'Onboard a signing unit with the OTP from the Fatoora portal (owners)',
        security: STAFF_COOKIE,
        querystring: langOnly,
        body: einvoiceOnboardBodySchema,
        response: { 200: einvoiceOnboardAnswerSchema },
      },
    },
    async (request) => {
      await onboardSigningUnit(app.shop, request.body, auditActor(request));
      return { ...okMessage('EINVOICE_ONBOARDED', request.lang), unit: await einvoiceUnitState(app.db) };
    },
  );
};
