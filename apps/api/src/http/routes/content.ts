import {
  aboutUsSchema,
  agentListSchema,
  apiErrorSchema,
  apiPaths,
  langOnlyQuery,
  refundPolicySchema,
  settingsSchema,
  sliderListSchema,
  termsSchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { infoPageMarkdown, storeAgents, storeSettings, storeSliders } from '../../views/store/content.ts';

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['content'];
  const querystring = langOnlyQuery;

  app.get(
    apiPaths.sliders.pattern,
    {
      schema: {
        tags,
        summary: 'Home page slides: each image and link in the request language',
        querystring,
        response: { 200: sliderListSchema, 400: apiErrorSchema },
      },
    },
    (request) => storeSliders(app.db, request.lang),
  );

  app.get(
    apiPaths.agents.pattern,
    {
      schema: {
        tags,
        summary: 'Agents (authorized resellers)',
        querystring,
        response: { 200: agentListSchema, 400: apiErrorSchema },
      },
    },
    (request) => storeAgents(app.db, request.lang),
  );

  app.get(
    apiPaths.aboutUs.pattern,
    {
      schema: {
        tags,
        summary: 'About us (info type 3)',
        querystring,
        response: { 200: aboutUsSchema, 400: apiErrorSchema },
      },
    },
    async (request) => ({ aboutUsDescripition: await infoPageMarkdown(app.db, 'about', request.lang) }),
  );

  app.get(
    apiPaths.refundPolicy.pattern,
    {
      schema: {
        tags,
        summary: 'Refund policy (info type 2)',
        querystring,
        response: { 200: refundPolicySchema, 400: apiErrorSchema },
      },
    },
    async (request) => ({
      refundPolicyDescripition: await infoPageMarkdown(app.db, 'refund', request.lang),
    }),
  );

  app.get(
    apiPaths.termsAndConditions.pattern,
    {
      schema: {
        tags,
        summary: 'Terms and conditions (info type 1)',
        querystring,
        response: { 200: termsSchema, 400: apiErrorSchema },
      },
    },
    async (request) => ({
      termsAndConditionsDescripition: await infoPageMarkdown(app.db, 'terms', request.lang),
    }),
  );

  app.get(
    apiPaths.settings.pattern,
    {
      schema: {
        tags,
        summary: 'Shop settings: colours, contact details, shipping fee (SAR), opening hours',
        querystring,
        response: { 200: settingsSchema, 400: apiErrorSchema },
      },
    },
    async (request) => ({ data: await storeSettings(app.shop, app.paymentKeys, request.lang) }),
  );
};
