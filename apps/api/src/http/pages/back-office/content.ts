import {
  importJobIdParams,
  importJobListQuery,
  okMessage,
  type BackOfficeContent,
  type SlideImages,
} from '@shop/contract';
import { AppError } from '../../../lib/errors.ts';
import { orderContent, removeAgent, removeSlide, saveInfoPage } from '../../../use-cases/content-admin.ts';
import { MAX_IMPORT_BYTES } from '../../../use-cases/catalog-import/jobs.ts';
import type { ImportMember } from '../../../use-cases/catalog-import/runner.ts';
import { updateSettings } from '../../../use-cases/update-settings.ts';
import { adminContent, adminSettings, previewMarkdown } from '../../../views/back-office/content.ts';
import { findImportJob, listImportJobs } from '../../../views/back-office/imports.ts';
import { addAgent, addSlide, editAgent, editSlide } from '../../content-admin.ts';
import { parseAs } from '../../form.ts';
import { found } from '../../openapi.ts';
import { postedImage } from '../../uploads.ts';
import type { BackOfficePageContext } from '../back-office-data.ts';

/**
 * The content pages: content (any member), settings (owners) and the catalog files' jobs (any
 * member), read by the same views and changed by the same use cases as the API's calls. A
 * posted image is stored by the same helper as the API's (http/content-admin.ts); a catalog file
 * goes to the same import flows, and a job this page starts runs in this process's background.
 */
export function contentPages({ app, lang, read, act }: BackOfficePageContext): BackOfficeContent {
  const shop = app.shop;
  const imports = app.catalogImports;
  const slideImages = async (images: SlideImages) => ({
    imageAr: await postedImage(images.imageAr),
    imageEn: await postedImage(images.imageEn),
  });
  const jobNow = async (id: string) => found(await findImportJob(shop.db, id, lang), 'IMPORT_JOB_NOT_FOUND');
  /** A change of a catalog file's job by this member, answered with its message and the job. */
  const jobChange = (
    run: (
      by: ImportMember,
    ) => Promise<{ code: 'IMPORT_CHECKED' | 'IMPORT_STARTED' | 'IMPORT_DISCARDED'; id: string }>,
  ) =>
    act({}, async (by, member) => {
      const done = await run({ ...by, role: member.member.role });
      return { ...okMessage(done.code, lang), job: await jobNow(done.id) };
    });

  return {
    content: () => read({}, () => adminContent(shop.db)),
    settings: () => read({ role: 'owner' }, () => adminSettings(shop.db, app.paymentKeys, app.messageKeys)),
    importJobs: (filter = {}) =>
      read({}, () => listImportJobs(shop.db, lang, parseAs(importJobListQuery, filter, 'querystring'))),
    importJob: (id) =>
      read({}, async () => {
        if (!importJobIdParams.safeParse({ id }).success) return null;
        return findImportJob(shop.db, id, lang);
      }),

    addSlide: (input, images) =>
      act({}, async (by) => {
        await addSlide(shop, by, input, await slideImages(images));
        return okMessage('SLIDER_SAVED', lang);
      }),
    saveSlide: (id, input, images) =>
      act({}, async (by) => {
        found(await editSlide(shop, by, id, input, await slideImages(images)), 'SLIDER_NOT_FOUND');
        return okMessage('SLIDER_SAVED', lang);
      }),
    removeSlide: (id) =>
      act({}, async (by) => {
        found(await removeSlide(shop, by, id), 'SLIDER_NOT_FOUND');
        return okMessage('SLIDER_REMOVED', lang);
      }),
    orderSlides: (ids) =>
      act({}, async (by) => {
        await orderContent(shop, by, 'slider', ids);
        return okMessage('ORDER_SAVED', lang);
      }),
    addAgent: (input, image) =>
      act({}, async (by) => {
        await addAgent(shop, by, input, await postedImage(image));
        return okMessage('AGENT_SAVED', lang);
      }),
    saveAgent: (id, input, image) =>
      act({}, async (by) => {
        found(await editAgent(shop, by, id, input, await postedImage(image)), 'AGENT_NOT_FOUND');
        return okMessage('AGENT_SAVED', lang);
      }),
    removeAgent: (id) =>
      act({}, async (by) => {
        found(await removeAgent(shop, by, id), 'AGENT_NOT_FOUND');
        return okMessage('AGENT_REMOVED', lang);
      }),
    orderAgents: (ids) =>
      act({}, async (by) => {
        await orderContent(shop, by, 'agent', ids);
        return okMessage('ORDER_SAVED', lang);
      }),
    saveInfoPage: (kind, body) =>
      act({}, async (by) => {
        await saveInfoPage(shop, by, kind, body);
        return okMessage('INFO_PAGE_SAVED', lang);
      }),
    previewInfoPage: (body) => read({}, async () => previewMarkdown(body)),

    saveSettings: (input) =>
      act({ role: 'owner' }, async (by) => {
        await updateSettings(
          { ...shop, paymentKeys: app.paymentKeys, messageKeys: app.messageKeys },
          by,
          input,
        );
        return okMessage('SETTINGS_SAVED', lang);
      }),

    checkImport: (file, fileName) =>
      jobChange(async (by) => {
        const bytes = await postedImage(file);
        if (!bytes)
          throw new AppError(400, 'IMPORT_FILE_REQUIRED', [{ path: 'file', code: 'IMPORT_FILE_REQUIRED' }]);
        if (bytes.length > MAX_IMPORT_BYTES)
          throw new AppError(413, 'IMPORT_FILE_TOO_LARGE', [{ path: 'file', code: 'IMPORT_FILE_TOO_LARGE' }]);
        const job = await imports.check(by, { fileName, bytes }, lang);
        return { code: 'IMPORT_CHECKED', id: job.id };
      }),
    startImport: (id) =>
      jobChange(async (by) => {
        await imports.start(by, id);
        return { code: 'IMPORT_STARTED', id };
      }),
    discardImport: (id) =>
      jobChange(async (by) => {
        const job = await imports.discard(by, id, lang);
        return { code: 'IMPORT_DISCARDED', id: job.id };
      }),
    retryImport: (id) =>
      jobChange(async (by) => {
        const retried = await imports.retry(by, id, lang);
        return { code: retried.started ? 'IMPORT_STARTED' : 'IMPORT_CHECKED', id: retried.id };
      }),
  };
}
