import { errorMessage, importJobIdParams, importJobListQuery, type BackOfficeData } from '@shop/contract';
import { AppError } from '../../lib/errors.ts';
import { findImportJob, listImportJobs } from '../../use-cases/catalog-import/jobs.ts';
import type { BackOfficeReadContext } from './staff.ts';
import { presentAdminSettings } from '../../use-cases/update-settings.ts';
import { adminContent } from '../../modules/content/service.ts';
import { getSettings } from '../../modules/settings/service.ts';

/** Reads of the content area: content, settings (owners) and the catalog files' jobs. */
export function contentReads(ctx: BackOfficeReadContext): BackOfficeData['content'] {
  return {
    content: async () => {
      await ctx.member();
      return adminContent(ctx.db);
    },
    settings: async () => {
      await ctx.member('owner');
      return presentAdminSettings(await getSettings(ctx.db), ctx.app.paymentKeys);
    },
    importJobs: async (filter = {}) => {
      await ctx.member();
      const query = importJobListQuery.safeParse(filter);
      if (!query.success) throw Response.json(errorMessage('VALIDATION_FAILED', ctx.lang), { status: 400 });
      return listImportJobs(ctx.db, ctx.lang, query.data);
    },
    importJob: async (id) => {
      await ctx.member();
      if (!importJobIdParams.safeParse({ id }).success) return null;
      try {
        return await findImportJob(ctx.db, id, ctx.lang);
      } catch (error) {
        if (error instanceof AppError && error.status === 404) return null;
        throw error;
      }
    },
  };
}
