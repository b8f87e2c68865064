import {
  adminContentPaths as paths,
  adminContentSchema,
  adminSettingsInputSchema,
  adminSettingsOkSchema,
  adminSettingsSchema,
  agentFormSchema,
  agentOkSchema,
  contentIdParams,
  contentOrderSchema,
  infoPageBodySchema,
  infoPageOkSchema,
  infoPageParams,
  markdownPreviewAnswerSchema,
  markdownPreviewSchema,
  okMessage,
  okSchema,
  sliderFormSchema,
  sliderOkSchema,
  type ErrorCode,
} from '@shop/contract';
import type { FastifyRequest } from 'fastify';
import { type FastifyPluginAsyncZod, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.ts';
import { storeImage } from '../../lib/images.ts';
import { auditActor } from '../staff-guard.ts';
import { bodySchemaDocumentsOnly, parseBody } from '../form.ts';
import { presentAdminSettings, saveAdminSettings } from '../../use-cases/update-settings.ts';
import { renderMarkdown } from '../../modules/content/markdown.ts';
import {
  adminContent,
  createAgent,
  createSlider,
  removeAgent,
  removeSlider,
  reorderAgents,
  reorderSliders,
  saveInfoPage,
  updateAgent,
  updateSlider,
} from '../../modules/content/service.ts';
import { getSettings } from '../../modules/settings/service.ts';

const TAG = ['admin'];
const staffCookie: Record<string, string[]>[] = [{ staffSession: [] }];

/** Slides are shown up to 1600 px wide; agents' photos as small round tiles. */
const SLIDE_SIZE = 1600;
const AGENT_SIZE = 400;

interface ContentForm {
  fields: Record<string, string>;
  files: Map<string, Buffer>;
}

/**
 * A multipart form with up to two images (a slide's Arabic and English ones) or a JSON body.
 * Each image is checked and re-encoded by `storeImage` after the whole form is read.
 */
async function readContentForm(request: FastifyRequest, fileFields: string[]): Promise<ContentForm> {
  const fields: Record<string, string> = {};
  const files = new Map<string, Buffer>();
  if (!request.isMultipart()) {
    const body = request.body;
    if (body && typeof body === 'object' && !Array.isArray(body))
      for (const [k, v] of Object.entries(body)) if (typeof v === 'string') fields[k] = v;
    return { fields: Object.assign(Object.create(null) as Record<string, string>, fields), files };
  }
  try {
    for await (const part of request.parts({ limits: { files: fileFields.length } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        // Browsers send an empty file part when no file was chosen.
        if (fileFields.includes(part.fieldname) && bytes.length > 0 && !files.has(part.fieldname))
          files.set(part.fieldname, bytes);
      } else if (typeof part.value === 'string' && !Object.hasOwn(fields, part.fieldname)) {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'IMAGE_TOO_LARGE');
    if (error instanceof AppError || (typeof statusCode === 'number' && statusCode < 500)) throw error;
    request.log.debug({ err: error }, 'unreadable multipart body');
    throw new AppError(400, 'VALIDATION_FAILED');
  }
  return { fields: Object.fromEntries(Object.entries(fields)), files };
}

/** An image refused by `storeImage` is reported on its own form field. */
async function storeFormImage(
  request: FastifyRequest,
  bytes: Buffer,
  field: string,
  maxSize: number,
): Promise<string> {
  try {
    return await storeImage(request.server.config.uploadsDir, bytes, { folder: 'content', maxSize });
  } catch (error) {
    if (error instanceof AppError)
      throw new AppError(error.status, error.code, [{ path: field, code: error.code }]);
    throw error;
  }
}

const required = (code: ErrorCode, field: string) => new AppError(400, code, [{ path: field, code }]);

export const contentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const contentChanged = () => app.changes.publish({ topic: 'content' });

  app.get(
    paths.content.pattern,
    {
      schema: {
        tags: TAG,
        summary: 'Home slides, agents and info pages, as the back office edits them',
        security: staffCookie,
        response: { 200: adminContentSchema },
      },
    },
    () => adminContent(db),
  );

  // Slides and agents carry images: their forms are multipart, read in the handler.
  await app.register(async (instance) => {
    const forms = instance.withTypeProvider<ZodTypeProvider>();
    bodySchemaDocumentsOnly(forms);

    forms.post(
      paths.sliders.pattern,
      {
        schema: {
          tags: TAG,
          summary: 'Add a home slide (multipart: imageAr, optional imageEn, linkAr, linkEn)',
          description:
            'Without `imageEn` the English home shows the Arabic image. Images: JPEG, PNG or WebP, 2 MB and ' +
            '40 megapixels at most, re-encoded to WebP without metadata; SVG and anything else are refused.',
          security: staffCookie,
          consumes: ['multipart/form-data'],
          body: sliderFormSchema,
          response: { 200: sliderOkSchema },
        },
      },
      async (request) => {
        const form = await readContentForm(request, ['imageAr', 'imageEn']);
        const links = parseBody(sliderFormSchema, form.fields);
        const ar = form.files.get('imageAr');
        if (!ar) throw required('SLIDER_IMAGE_REQUIRED', 'imageAr');
        const en = form.files.get('imageEn');
        const imageAr = await storeFormImage(request, ar, 'imageAr', SLIDE_SIZE);
        const imageEn = en ? await storeFormImage(request, en, 'imageEn', SLIDE_SIZE) : imageAr;
        const slider = await createSlider(db, auditActor(request), { imageAr, imageEn, ...links });
        await contentChanged();
        return { ...okMessage('SLIDER_SAVED', request.lang), slider };
      },
    );

    forms.put(
      paths.slider.pattern,
      {
        schema: {
          tags: TAG,
          summary: 'Change a slide: a new image for either language (multipart), its links',
          security: staffCookie,
          consumes: ['multipart/form-data'],
          params: contentIdParams,
          body: sliderFormSchema,
          response: { 200: sliderOkSchema },
        },
      },
      async (request) => {
        const form = await readContentForm(request, ['imageAr', 'imageEn']);
        const links = parseBody(sliderFormSchema, form.fields);
        const values: Parameters<typeof updateSlider>[3] = {};
        if (form.fields.linkAr !== undefined) values.linkAr = links.linkAr;
        if (form.fields.linkEn !== undefined) values.linkEn = links.linkEn;
        for (const lang of ['Ar', 'En'] as const) {
          const bytes = form.files.get(`image${lang}`);
          if (bytes)
            values[`image${lang}`] = await storeFormImage(request, bytes, `image${lang}`, SLIDE_SIZE);
        }
        const slider = await updateSlider(db, auditActor(request), request.params.id, values);
        await contentChanged();
        return { ...okMessage('SLIDER_SAVED', request.lang), slider };
      },
    );

    forms.post(
      paths.agents.pattern,
      {
        schema: {
          tags: TAG,
          summary: 'Add an agent (multipart: image, nameAr, nameEn, companyAr, companyEn, phone)',
          security: staffCookie,
          consumes: ['multipart/form-data'],
          body: agentFormSchema,
          response: { 200: agentOkSchema },
        },
      },
      async (request) => {
        const form = await readContentForm(request, ['image']);
        const values = parseBody(agentFormSchema, form.fields);
        const bytes = form.files.get('image');
        if (!bytes) throw required('AGENT_IMAGE_REQUIRED', 'image');
        const image = await storeFormImage(request, bytes, 'image', AGENT_SIZE);
        const agent = await createAgent(db, auditActor(request), { ...values, image });
        await contentChanged();
        return { ...okMessage('AGENT_SAVED', request.lang), agent };
      },
    );

    forms.put(
      paths.agent.pattern,
      {
        schema: {
          tags: TAG,
          summary: 'Change an agent: names, company, phone, and a new image when one is sent',
          security: staffCookie,
          consumes: ['multipart/form-data'],
          params: contentIdParams,
          body: agentFormSchema,
          response: { 200: agentOkSchema },
        },
      },
      async (request) => {
        const form = await readContentForm(request, ['image']);
        const values = parseBody(agentFormSchema, form.fields);
        const bytes = form.files.get('image');
        const image = bytes ? await storeFormImage(request, bytes, 'image', AGENT_SIZE) : undefined;
        const agent = await updateAgent(db, auditActor(request), request.params.id, {
          ...values,
          ...(image && { image }),
        });
        await contentChanged();
        return { ...okMessage('AGENT_SAVED', request.lang), agent };
      },
    );
  });

  app.delete(
    paths.slider.pattern,
    {
      schema: {
        tags: TAG,
        summary: 'Remove a home slide',
        security: staffCookie,
        params: contentIdParams,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await removeSlider(db, auditActor(request), request.params.id);
      await contentChanged();
      return okMessage('SLIDER_REMOVED', request.lang);
    },
  );

  app.delete(
    paths.agent.pattern,
    {
      schema: {
        tags: TAG,
        summary: 'Remove an agent',
        security: staffCookie,
        params: contentIdParams,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await removeAgent(db, auditActor(request), request.params.id);
      await contentChanged();
      return okMessage('AGENT_REMOVED', request.lang);
    },
  );

  app.put(
    paths.sliderOrder.pattern,
    {
      schema: {
        tags: TAG,
        summary: 'Put the home slides in a new order (`{ids}`: every slide once)',
        security: staffCookie,
        body: contentOrderSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await reorderSliders(db, auditActor(request), request.body.ids);
      await contentChanged();
      return okMessage('ORDER_SAVED', request.lang);
    },
  );

  app.put(
    paths.agentOrder.pattern,
    {
      schema: {
        tags: TAG,
        summary: 'Put the agents in a new order (`{ids}`: every agent once)',
        security: staffCookie,
        body: contentOrderSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await reorderAgents(db, auditActor(request), request.body.ids);
      await contentChanged();
      return okMessage('ORDER_SAVED', request.lang);
    },
  );

  app.put(
    paths.infoPage.pattern,
    {
      schema: {
        tags: TAG,
        summary: 'Save an info page (terms, refund, about, privacy) in Markdown, both languages',
        description:
          'Stored as written; the storefront shows it rendered and sanitized (no script, iframe, event ' +
          'attribute or `javascript:` link survives).',
        security: staffCookie,
        params: infoPageParams,
        body: infoPageBodySchema,
        response: { 200: infoPageOkSchema },
      },
    },
    async (request) => {
      const page = await saveInfoPage(db, auditActor(request), request.params.kind, request.body);
      await contentChanged();
      return { ...okMessage('INFO_PAGE_SAVED', request.lang), page };
    },
  );

  app.post(
    paths.markdownPreview.pattern,
    {
      schema: {
        tags: TAG,
        summary: 'Markdown in both languages rendered and sanitized as the storefront will show it',
        security: staffCookie,
        body: markdownPreviewSchema,
        response: { 200: markdownPreviewAnswerSchema },
      },
    },
    (request) => ({ ar: renderMarkdown(request.body.ar), en: renderMarkdown(request.body.en) }),
  );

  app.get(
    paths.settings.pattern,
    {
      config: { staffRole: 'owner' },
      schema: {
        tags: TAG,
        summary: "The shop's settings (owner); payment secrets only as set or not",
        security: staffCookie,
        response: { 200: adminSettingsSchema },
      },
    },
    async () => presentAdminSettings(await getSettings(db), app.paymentKeys),
  );

  app.put(
    paths.settings.pattern,
    {
      config: { staffRole: 'owner' },
      schema: {
        tags: TAG,
        summary: 'Change settings (owner): only the fields sent',
        description:
          'Amounts in SAR including VAT. `taxNumber`: 15 digits starting and ending with 3. Payment keys are ' +
          'write-only: a key sent replaces the saved one, an empty string removes it (its env variable applies again).',
        security: staffCookie,
        body: adminSettingsInputSchema,
        response: { 200: adminSettingsOkSchema },
      },
    },
    async (request) => {
      const changed = await saveAdminSettings(
        db,
        app.config,
        app.paymentKeys,
        auditActor(request),
        request.body,
      );
      if (changed) {
        // The payment keys of this process are reloaded before answering (the others on the event).
        await app.paymentKeys.reload(db);
        await app.changes.publish({ topic: 'settings' });
        // The privacy policy's default text names the shop's contact details.
        await contentChanged();
      }
      return {
        ...okMessage('SETTINGS_SAVED', request.lang),
        settings: presentAdminSettings(await getSettings(db), app.paymentKeys),
      };
    },
  );
};
