import type { BackOfficeData, BackOfficeDataSource, Lang, StaffNeed } from '@shop/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { StaffSession } from '../../modules/staff/access.ts';
import type { AuditActor } from '../../lib/audit-actor.ts';
import { staffAccess, staffMe } from '../../views/back-office/staff.ts';
import { actorOf, staffOf } from '../staff-guard.ts';
import { accountPages } from './back-office/account.ts';
import { auditPages } from './back-office/audit.ts';
import { catalogPages } from './back-office/catalog.ts';
import { contentPages } from './back-office/content.ts';
import { customerPages, overviewPages } from './back-office/insights.ts';
import { orderPages } from './back-office/orders.ts';
import { refundPages } from './back-office/refunds.ts';
import { returnPages } from './back-office/returns.ts';
import { reviewPages } from './back-office/reviews.ts';
import { einvoicePages } from './back-office/einvoices.ts';
import { staffPages } from './back-office/staff.ts';
import { messagePages } from './back-office/messages.ts';
import { discountPages } from './back-office/discounts.ts';
import { pageAction, pageRead, perLanguage } from './page-calls.ts';

/**
 * What one area of the back office's pages gets: the shop, the page request, its language, and
 * the ways in for the member of this request, resolved once from the `staff_session` cookie and
 * judged by the same rule as the API's guard (`requireMember`): `read` for loaders (a refusal
 * is thrown as the page's status), `act` for actions (a refusal is answered), `admit` for an
 * action that answers more than its value (a cookie).
 */
export interface BackOfficePageContext {
  app: FastifyInstance;
  request: FastifyRequest;
  lang: Lang;
  /** The member when the rule lets them pass with `need`; the refusal is thrown otherwise. */
  admit(need: StaffNeed): Promise<StaffSession>;
  read<T>(need: StaffNeed, run: (member: StaffSession) => Promise<T>): Promise<T>;
  act<T>(
    need: StaffNeed,
    run: (by: AuditActor, member: StaffSession) => Promise<T>,
  ): Promise<ActionResult<T>>;
}

type ActionResult<T> = Awaited<ReturnType<typeof pageAction<T>>>;

/**
 * The back office's data and changes for one page request, in the page's language: each
 * area's views and use cases, called directly (no HTTP round trip through the API). The page
 * request is not under `/api/admin`, so the API's guard did not run for it: the member is
 * resolved here from the same cookie and refused by the same rule.
 */
export function backOfficeDataFor(app: FastifyInstance, request: FastifyRequest): BackOfficeDataSource {
  const member = staffOf(request);
  const idleMinutes = app.config.staff.idleMinutes;

  const build = (lang: Lang): BackOfficeData => {
    const ctx: BackOfficePageContext = {
      app,
      request,
      lang,
      admit: member.admit,
      read: (need, run) => pageRead(lang, async () => run(await member.admit(need))),
      act: (need, run) =>
        pageAction(lang, async () => {
          const session = await member.admit(need);
          return run(actorOf(session, request.ip), session);
        }),
    };
    return {
      lang,
      me: async () => {
        const found = await member.session();
        return found ? staffMe(found, idleMinutes) : null;
      },
      access: async (need) => staffAccess(await member.session(), need, idleMinutes),
      account: accountPages(ctx),
      overview: overviewPages(ctx),
      customers: customerPages(ctx),
      orders: orderPages(ctx),
      refunds: refundPages(ctx),
      returns: returnPages(ctx),
      reviews: reviewPages(ctx),
      einvoices: einvoicePages(ctx),
      catalog: catalogPages(ctx),
      discounts: discountPages(ctx),
      content: contentPages(ctx),
      messages: messagePages(ctx),
      staff: staffPages(ctx),
      audit: auditPages(ctx),
    };
  };

  return perLanguage(build);
}
