import { Readable } from 'node:stream';
import {
  adminContentPaths as paths,
  exportQuery,
  importJobIdParams,
  importJobListQuery,
  importJobListSchema,
  importJobOkSchema,
  importJobSchema,
  okMessage,
} from '@shop/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.ts';
import { found } from '../openapi.ts';
import { auditActor, requireStaff } from '../staff-guard.ts';
import { exportCatalogCsv, exportCatalogJson } from '../../views/catalog-export.ts';
import { findImportJob, listImportJobs } from '../../views/back-office/imports.ts';
import { MAX_IMPORT_BYTES } from '../../use-cases/catalog-import/jobs.ts';

const TAG = ['admin'];

/** Who is asking, for the audit log, and their role: a file's settings section is an owner's. */
const memberOf = (request: FastifyRequest) => ({
  ...auditActor(request),
  role: requireStaff(request).member.role,
});
const staffCookie: Record<string, string[]>[] = [{ staffSession: [] }];

/** The back office's catalog files: upload and dry run, start, progress, history, export. */
export const catalogImportRoutes: FastifyPluginAsyncZod = async (app) => {
  const imports = app.catalogImports;
  app.addHook('onReady', () => imports.recover());
  // Shutting down: the running import stops after its current batch and says so.
  app.addHook('onClose', () => imports.close());

  app.post(
    paths.importJobs.pattern,
    {
      schema: {
        tags: TAG,
        summary: 'Upload a catalog file and check it (a dry run): multipart, field `file`',
        description:
          'JSON in the import format or a products CSV (docs/catalog-import.md), or a ZIP archive holding ' +
          'one such file and the images it names; 50 MB at most. Answers the ' +
          'job: `checked` (ready to start, with what it will create and update) or `invalid` with every ' +
          'problem by row and field, in the request language. Nothing in the catalog changes. A `settings` ' +
          "section that would change any setting is an owner's: 403 IMPORT_SETTINGS_OWNER_ONLY for anyone " +
          "else (a section equal to the shop's settings, as an export writes it, passes and changes nothing).",
        security: staffCookie,
        consumes: ['multipart/form-data'],
        response: { 200: importJobOkSchema },
      },
    },
    async (request) => {
      if (!request.isMultipart())
        throw new AppError(400, 'IMPORT_FILE_REQUIRED', [{ path: 'file', code: 'IMPORT_FILE_REQUIRED' }]);
      let upload: { fileName: string; bytes: Buffer } | undefined;
      try {
        for await (const part of request.parts({ limits: { fileSize: MAX_IMPORT_BYTES, files: 1 } })) {
          if (part.type !== 'file') continue;
          const bytes = await part.toBuffer();
          if (part.fieldname === 'file' && bytes.length > 0) upload = { fileName: part.filename, bytes };
        }
      } catch (error) {
        if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError(413, 'IMPORT_FILE_TOO_LARGE', [{ path: 'file', code: 'IMPORT_FILE_TOO_LARGE' }]);
        throw error;
      }
      if (!upload)
        throw new AppError(400, 'IMPORT_FILE_REQUIRED', [{ path: 'file', code: 'IMPORT_FILE_REQUIRED' }]);
      const job = await imports.check(memberOf(request), upload, request.lang);
      return { ...okMessage('IMPORT_CHECKED', request.lang), job };
    },
  );

  app.post(
    paths.importStart.pattern,
    {
      schema: {
        tags: TAG,
        summary: 'Start a checked import in the background',
        description:
          'One import runs at a time (409 IMPORT_RUNNING). Follow it with GET on the job: `done` of `total` ' +
          'records, `percent`. Products are written in batches while the shop keeps serving. A job whose file ' +
          'changes settings is started by an owner only (403 IMPORT_SETTINGS_OWNER_ONLY); the settings are ' +
          'saved with their own audit entry `settings.update`.',
        security: staffCookie,
        params: importJobIdParams,
        response: { 200: importJobOkSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      await imports.start(memberOf(request), id);
      return {
        ...okMessage('IMPORT_STARTED', request.lang),
        job: found(await findImportJob(app.db, id, request.lang), 'IMPORT_JOB_NOT_FOUND'),
      };
    },
  );

  app.post(
    paths.importRetry.pattern,
    {
      schema: {
        tags: TAG,
        summary: "Run a failed import's file again",
        description:
          'The kept file of a failed job (409 IMPORT_RETRY_NOT_FAILED otherwise) is checked again as a new ' +
          'job and, when it passes, started at once (409 IMPORT_RUNNING while another runs). Records are ' +
          'written by key, so what the failed run wrote is written again unchanged. Answers the new job.',
        security: staffCookie,
        params: importJobIdParams,
        response: { 200: importJobOkSchema },
      },
    },
    async (request) => {
      const retried = await imports.retry(memberOf(request), request.params.id, request.lang);
      return {
        ...okMessage(retried.started ? 'IMPORT_STARTED' : 'IMPORT_CHECKED', request.lang),
        job: found(await findImportJob(app.db, retried.id, request.lang), 'IMPORT_JOB_NOT_FOUND'),
      };
    },
  );

  app.post(
    paths.importDiscard.pattern,
    {
      schema: {
        tags: TAG,
        summary: 'Discard a checked file without importing it',
        description:
          'A checked job (409 IMPORT_DISCARD_NOT_CHECKED otherwise) becomes `discarded`: nothing is imported, ' +
          'and its kept file and the images a ZIP file stored are removed. Checked files not imported ' +
          'within a day are discarded when the next file is checked.',
        security: staffCookie,
        params: importJobIdParams,
        response: { 200: importJobOkSchema },
      },
    },
    async (request) => ({
      ...okMessage('IMPORT_DISCARDED', request.lang),
      job: await imports.discard(auditActor(request), request.params.id, request.lang),
    }),
  );

  app.get(
    paths.importJob.pattern,
    {
      schema: {
        tags: TAG,
        summary: 'One import: its status, progress and problems',
        security: staffCookie,
        params: importJobIdParams,
        response: { 200: importJobSchema },
      },
    },
    async (request) =>
      found(await findImportJob(app.db, request.params.id, request.lang), 'IMPORT_JOB_NOT_FOUND'),
  );

  app.get(
    paths.importJobs.pattern,
    {
      schema: {
        tags: TAG,
        summary: 'The imports, newest first, a page at a time (`status` narrows them)',
        security: staffCookie,
        querystring: importJobListQuery,
        response: { 200: importJobListSchema },
      },
    },
    (request) => listImportJobs(app.db, request.lang, request.query),
  );

  app.get(
    paths.catalogExport.pattern,
    {
      schema: {
        tags: TAG,
        summary: 'Download the whole catalog in the import format (`format=json`) or its products as CSV',
        description:
          'Streamed. Importing the file again changes nothing: export then import is a round trip.',
        security: staffCookie,
        querystring: exportQuery,
        produces: ['application/json', 'text/csv'],
      },
    },
    (request, reply) => {
      const { format } = request.query;
      const day = new Date().toISOString().slice(0, 10);
      const body = format === 'csv' ? exportCatalogCsv(app.db) : exportCatalogJson(app.db);
      void reply
        .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="catalog-${day}.${format}"`)
        .header('cache-control', 'no-store');
      return reply.send(Readable.from(body));
    },
  );
};
