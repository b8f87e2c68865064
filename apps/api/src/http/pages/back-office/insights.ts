import {
  customerQuery,
  okMessage,
  type BackOfficeCustomers,
  type BackOfficeOverviewReads,
} from '@shop/contract';
import { z } from 'zod';
import { setCustomerActive } from '../../../use-cases/accounts/customer-active.ts';
import { customerDetails, listCustomers } from '../../../views/back-office/customers.ts';
import { found } from '../../openapi.ts';
import { overview } from '../../../views/back-office/overview.ts';
import { parseAs } from '../../form.ts';
import type { BackOfficePageContext } from '../back-office-data.ts';

/** The overview, the back office's first page (any member). */
export function overviewPages({ app, lang, read }: BackOfficePageContext): BackOfficeOverviewReads {
  return { get: () => read({}, () => overview(app.db, lang)) };
}

const customerId = z.uuid();

/** The customers list, a customer's page, and deactivating or reactivating them (any member). */
export function customerPages({ app, lang, read, act }: BackOfficePageContext): BackOfficeCustomers {
  return {
    page: (filter) => read({}, () => listCustomers(app.db, parseAs(customerQuery, filter, 'querystring'))),
    one: (id) =>
      read({}, async () => (customerId.safeParse(id).success ? customerDetails(app.db, id) : null)),
    setActive: (id, active) =>
      act({}, async (by) => {
        const changed = customerId.safeParse(id).success
          ? await setCustomerActive(app.shop, id, active, by)
          : null;
        found(changed, 'CUSTOMER_NOT_FOUND');
        return okMessage(active ? 'CUSTOMER_REACTIVATED' : 'CUSTOMER_DEACTIVATED', lang);
      }),
  };
}
