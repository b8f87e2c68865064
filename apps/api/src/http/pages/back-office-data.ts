import {
  errorMessage,
  type BackOfficeData,
  type BackOfficeDataSource,
  type ErrorCode,
  type Lang,
  type StaffRole,
} from '@shop/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditReads } from '../../views/back-office/audit.ts';
import { orderReads } from '../../views/back-office/orders.ts';
import { customerReads, overviewReads } from '../../views/back-office/insights.ts';
import { contentReads } from '../../views/back-office/content.ts';
import { refundReads } from '../../views/back-office/refunds.ts';
import { catalogReads } from '../../views/back-office/catalog.ts';
import type { BackOfficeReadContext } from '../../views/back-office/staff.ts';
import { staffReads } from '../../views/back-office/staff.ts';
import { presentMe, staffSessionOf, type StaffSession } from '../staff-guard.ts';

/** A refusal as the page's own status, with the API's error body in the page's language. */
function refuse(status: number, code: ErrorCode, lang: Lang): Response {
  return Response.json({ code, message: errorMessage(code, lang) }, { status });
}

/**
 * The back office's data for one page request: each area's reads (one `…Reads(ctx)` per area,
 * from the module that owns the tables), sharing one resolution of the staff session. The
 * page request never passes through the API's staff guard (it is not under `/api/admin`), so
 * the member is resolved here, from the same cookie and with the same refusals.
 */
export function backOfficeDataFor(app: FastifyInstance, request: FastifyRequest): BackOfficeDataSource {
  let session: Promise<StaffSession | null> | undefined;
  const live = () => (session ??= staffSessionOf(request));
  const byLang = new Map<Lang, BackOfficeData>();

  const build = (lang: Lang): BackOfficeData => {
    const ctx: BackOfficeReadContext = {
      app,
      db: app.db,
      lang,
      member: async (role?: StaffRole) => {
        const found = await live();
        if (!found) throw refuse(401, 'STAFF_SESSION_REQUIRED', lang);
        if (found.totpRequired && found.member.totpSecret === null)
          throw refuse(403, 'TOTP_SETUP_REQUIRED', lang);
        if (role === 'owner' && found.member.role !== 'owner') throw refuse(403, 'STAFF_ROLE_REQUIRED', lang);
        return found;
      },
    };
    return {
      lang,
      me: async () => {
        const found = await live();
        return found ? presentMe(found, app.config.staff.idleMinutes) : null;
      },

      // overview and customers
      overview: overviewReads(ctx),
      customers: customerReads(ctx),

      // orders
      orders: orderReads(ctx),

      // refunds and credit notes
      refunds: refundReads(ctx),

      // catalog
      catalog: catalogReads(ctx),

      // content, import and settings
      content: contentReads(ctx),

      // staff, audit and account
      staff: staffReads(ctx),
      audit: auditReads(ctx),
    };
  };

  return (lang) => {
    let data = byLang.get(lang);
    if (!data) {
      data = build(lang);
      byLang.set(lang, data);
    }
    return data;
  };
}
