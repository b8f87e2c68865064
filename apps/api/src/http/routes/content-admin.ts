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
  type SliderForm,
} from '@shop/contract';
import type { FastifyRequest } from 'fastify';
import { type FastifyPluginAsyncZod, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Shop } from '../../lib/shop.ts';
import { auditActor } from '../staff-guard.ts';
import { addAgent, addSlide, editAgent, editSlide } from '../content-admin.ts';
import { bodySchemaDocumentsOnly, parseBody, readForm } from '../form.ts';
import { found } from '../openapi.ts';
import { orderContent, removeAgent, removeSlide, saveInfoPage } from '../../use-cases/content-admin.ts';
import { updateSettings } from '../../use-cases/update-settings.ts';
import { adminContent, adminSettings, previewMarkdown } from '../../views/back-office/content.ts';

const TAG = ['admin'];
const SLIDE_FILES = ['imageAr', 'imageEn'];
const slideImages = (files: Map<string, Buffer>) => ({
  imageAr: files.get('imageAr'),
  imageEn: files.get('imageEn'),
});
const staffCookie: Record<string, string[]>[] = [{ staffSession: [] }];

export const contentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const shop: Shop = app.shop;
  const settingsDeps = { ...shop, paymentKeys: app.paymentKeys, messageKeys: app.messageKeys };
  /** A slide's or an agent's multipart form: its text fields checked by `schema`, its images. */
  const imageForm = async <S extends z.ZodType>(request: FastifyRequest, schema: S, files: string[]) => {
    const form = await readForm(request, files);
    return { input: parseBody(schema, form.fields), files: form.files, sent: form.fields };
  };

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
        const form = await imageForm(request, sliderFormSchema, SLIDE_FILES);
        const slider = await addSlide(shop, auditActor(request), form.input, slideImages(form.files));
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
        const form = await imageForm(request, sliderFormSchema, SLIDE_FILES);
        // Only the links sent change.
        const links: Partial<SliderForm> = { ...form.input };
        if (form.sent.linkAr === undefined) delete links.linkAr;
        if (form.sent.linkEn === undefined) delete links.linkEn;
        const images = slideImages(form.files);
        const slider = await editSlide(shop, auditActor(request), request.params.id, links, images);
        return { ...okMessage('SLIDER_SAVED', request.lang), slider: found(slider, 'SLIDER_NOT_FOUND') };
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
        const form = await imageForm(request, agentFormSchema, ['image']);
        const agent = await addAgent(shop, auditActor(request), form.input, form.files.get('image'));
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
        const form = await imageForm(request, agentFormSchema, ['image']);
        const by = auditActor(request);
        const agent = await editAgent(shop, by, request.params.id, form.input, form.files.get('image'));
        return { ...okMessage('AGENT_SAVED', request.lang), agent: found(agent, 'AGENT_NOT_FOUND') };
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
      found(await removeSlide(shop, auditActor(request), request.params.id), 'SLIDER_NOT_FOUND');
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
      found(await removeAgent(shop, auditActor(request), request.params.id), 'AGENT_NOT_FOUND');
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
      await orderContent(shop, auditActor(request), 'slider', request.body.ids);
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
      await orderContent(shop, auditActor(request), 'agent', request.body.ids);
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
      const page = await saveInfoPage(shop, auditActor(request), request.params.kind, request.body);
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
    (request) => previewMarkdown(request.body),
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
    () => adminSettings(db, app.paymentKeys, app.messageKeys),
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
      await updateSettings(settingsDeps, auditActor(request), request.body);
      return {
        ...okMessage('SETTINGS_SAVED', request.lang),
        settings: await adminSettings(db, app.paymentKeys, app.messageKeys),
      };
    },
  );
};
