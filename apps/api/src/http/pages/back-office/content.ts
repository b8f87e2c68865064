import { importJobIdParams, importJobListQuery, type BackOfficeContentReads } from '@shop/contract';
import { adminContent } from '../../../modules/content/service.ts';
import { getSettings } from '../../../modules/settings/service.ts';
import { findImportJob, listImportJobs } from '../../../use-cases/catalog-import/jobs.ts';
import { presentAdminSettings } from '../../../use-cases/update-settings.ts';
import { parseAs } from '../../form.ts';
import type { BackOfficePageContext } from '../back-office-data.ts';

/** The content pages: content (any member), settings (owners) and the catalog files' jobs (any member). */
export function contentPages({ app, lang, read }: BackOfficePageContext): BackOfficeContentReads {
  return {
    content: () => read({}, () => adminContent(app.db)),
    settings: () =>
      read({ role: 'owner' }, async () => presentAdminSettings(await getSettings(app.db), app.paymentKeys)),
    importJobs: (filter = {}) =>
      read({}, () => listImportJobs(app.db, lang, parseAs(importJobListQuery, filter, 'querystring'))),
    importJob: (id) =>
      read({}, async () => {
        if (!importJobIdParams.safeParse({ id }).success) return null;
        return findImportJob(app.db, id, lang);
      }),
  };
}
