import { customerQuery, type BackOfficeCustomerReads, type BackOfficeOverviewReads } from '@shop/contract';
import { z } from 'zod';
import { customerDetails, listCustomers } from '../../../views/back-office/customers.ts';
import { overview } from '../../../views/back-office/overview.ts';
import { parseAs } from '../../form.ts';
import type { BackOfficePageContext } from '../back-office-data.ts';

/** The overview, the back office's first page (any member). */
export function overviewPages({ app, lang, read }: BackOfficePageContext): BackOfficeOverviewReads {
  return { get: () => read({}, () => overview(app.db, lang)) };
}

const customerId = z.uuid();

/** The customers list and a customer's page (any member). */
export function customerPages({ app, read }: BackOfficePageContext): BackOfficeCustomerReads {
  return {
    page: (filter) => read({}, () => listCustomers(app.db, parseAs(customerQuery, filter, 'querystring'))),
    one: (id) =>
      read({}, async () => (customerId.safeParse(id).success ? customerDetails(app.db, id) : null)),
  };
}
