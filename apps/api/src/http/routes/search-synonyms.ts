import {
  adminIdParams,
  adminSearchPaths,
  okMessage,
  okSchema,
  synonymGroupInputSchema,
  synonymGroupListSchema,
  synonymGroupOkSchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createSynonymGroup,
  removeSynonymGroup,
  saveSynonymGroup,
} from '../../use-cases/catalog-admin/synonyms.ts';
import { adminSynonymGroups } from '../../views/back-office/search-synonyms.ts';
import { ADMIN_TAG, found, STAFF_COOKIE } from '../openapi.ts';
import { auditActor } from '../staff-guard.ts';

/** The back office's search synonym groups (any member, as the rest of the catalog). */
export const searchSynonymRoutes: FastifyPluginAsyncZod = async (app) => {
  const shop = app.shop;

  app.get(
    adminSearchPaths.synonymGroups.pattern,
    {
      schema: {
        tags: ADMIN_TAG,
        summary: 'Every search synonym group, oldest first, with its words in order',
        security: STAFF_COOKIE,
        response: { 200: synonymGroupListSchema },
      },
    },
    async () => ({ items: await adminSynonymGroups(app.db) }),
  );
  app.post(
    adminSearchPaths.synonymGroups.pattern,
    {
      schema: {
        tags: ADMIN_TAG,
        summary:
          'Create a synonym group: `words`, a list or one text separated by commas; search answers change at once',
        security: STAFF_COOKIE,
        body: synonymGroupInputSchema,
        response: { 200: synonymGroupOkSchema },
      },
    },
    async (request) => {
      const item = await createSynonymGroup(shop, request.body, auditActor(request));
      return { ...okMessage('SYNONYMS_SAVED', request.lang), item };
    },
  );
  app.put(
    adminSearchPaths.synonymGroup.pattern,
    {
      schema: {
        tags: ADMIN_TAG,
        summary: "Replace a synonym group's words",
        security: STAFF_COOKIE,
        params: adminIdParams,
        body: synonymGroupInputSchema,
        response: { 200: synonymGroupOkSchema },
      },
    },
    async (request) => {
      const item = found(
        await saveSynonymGroup(shop, request.params.id, request.body, auditActor(request)),
        'SYNONYM_GROUP_NOT_FOUND',
      );
      return { ...okMessage('SYNONYMS_SAVED', request.lang), item };
    },
  );
  app.delete(
    adminSearchPaths.synonymGroup.pattern,
    {
      schema: {
        tags: ADMIN_TAG,
        summary: 'Remove a synonym group',
        security: STAFF_COOKIE,
        params: adminIdParams,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      found(
        await removeSynonymGroup(shop, request.params.id, auditActor(request)),
        'SYNONYM_GROUP_NOT_FOUND',
      );
      return okMessage('SYNONYMS_DELETED', request.lang);
    },
  );
};
