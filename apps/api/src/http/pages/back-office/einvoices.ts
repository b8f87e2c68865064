import {
  einvoiceListQuery,
  einvoiceOnboardBodySchema,
  einvoiceUuidParams,
  okMessage,
  type BackOfficeEinvoices,
} from '@shop/contract';
import { onboardSigningUnit } from '../../../use-cases/einvoicing/onboard.ts';
import { reportAgain } from '../../../use-cases/einvoicing/report.ts';
import { einvoiceList, einvoiceUnitState, orderEinvoices } from '../../../views/back-office/einvoices.ts';
import { parseAs } from '../../form.ts';
import type { BackOfficePageContext } from '../back-office-data.ts';
import { orderRefOf } from './orders.ts';

/** The e-invoices pages: any member reads and sends a document again; owners onboard a unit. */
export function einvoicePages({ app, lang, read, act }: BackOfficePageContext): BackOfficeEinvoices {
  const shop = app.shop;
  return {
    page: (query) =>
      read({}, () => einvoiceList(shop.db, parseAs(einvoiceListQuery, query, 'querystring'), lang)),
    ofOrder: (ref) =>
      read({}, async () => {
        const parsed = orderRefOf(ref);
        return parsed && orderEinvoices(shop.db, parsed, lang);
      }),
    unit: () => read({}, () => einvoiceUnitState(shop.db)),
    reportAgain: (uuid) =>
      act({}, async (by) => {
        await reportAgain(shop, parseAs(einvoiceUuidParams, { uuid }, 'params').uuid, by);
        return okMessage('EINVOICE_REQUEUED', lang);
      }),
    onboard: (body) =>
      act({ role: 'owner' }, async (by) => {
        await onboardSigningUnit(shop, parseAs(einvoiceOnboardBodySchema, body, 'body'), by);
        return { ...okMessage('EINVOICE_ONBOARDED', lang), unit: await einvoiceUnitState(shop.db) };
      }),
  };
}
