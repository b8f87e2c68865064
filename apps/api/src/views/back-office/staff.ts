import type { BackOfficeData, Lang, StaffRole } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { presentStaff, listStaff, getSecuritySettings } from '../../modules/staff/service.ts';
import type { StaffSession } from '../../http/staff-guard.ts';

/**
 * What an area's back-office reads get for one page request (see
 * `modules/web/back-office-data.ts`, which builds it and composes the areas).
 */
export interface BackOfficeReadContext {
  app: FastifyInstance;
  db: Db;
  lang: Lang;
  /**
   * The page request's member, resolved once per request from the `staff_session` cookie.
   * Throws the Response a page should answer when there is none (401), when the member is below
   * `role` (403), or while the owner requires two-step verification the member has not turned
   * on yet (403): the same refusals the API's guard gives.
   */
  member(role?: StaffRole): Promise<StaffSession>;
}

/** Reads of the staff area: the member list and the security settings (owner only). */
export function staffReads(ctx: BackOfficeReadContext): BackOfficeData['staff'] {
  return {
    list: async () => {
      await ctx.member('owner');
      return (await listStaff(ctx.db)).map(presentStaff);
    },
    securitySettings: async () => {
      await ctx.member('owner');
      return getSecuritySettings(ctx.db);
    },
  };
}
