import {
  adminCatalogPaths,
  adminGroupListSchema,
  adminGroupOkSchema,
  adminIdParams,
  groupInputSchema,
  groupOrderSchema,
  okMessage,
  okSchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { GroupKind } from '../../modules/catalog/groups.ts';
import { createGroup, orderGroups, removeGroup, saveGroup } from '../../use-cases/catalog-admin/groups.ts';
import { adminGroup, adminGroups } from '../../views/back-office/catalog.ts';
import { GROUP_CODES, GROUP_IMAGE, IMAGE_REFUSALS } from '../catalog-admin.ts';
import { bodySchemaDocumentsOnly } from '../form.ts';
import { ADMIN_TAG, found, STAFF_COOKIE } from '../openapi.ts';
import { auditActor } from '../staff-guard.ts';
import { readImageForm, requireImage, withStoredImage } from '../uploads.ts';

/** The back office's categories and brands (any member): the same calls for each kind. */
export const catalogGroupRoutes: FastifyPluginAsyncZod = async (app) => {
  const shop = app.shop;
  const uploadsDir = app.config.uploadsDir;

  const groups: { kind: GroupKind; list: string; one: string; order: string }[] = [
    {
      kind: 'category',
      list: adminCatalogPaths.categories.pattern,
      one: adminCatalogPaths.category.pattern,
      order: adminCatalogPaths.categoriesOrder.pattern,
    },
    {
      kind: 'brand',
      list: adminCatalogPaths.brands.pattern,
      one: adminCatalogPaths.brand.pattern,
      order: adminCatalogPaths.brandsOrder.pattern,
    },
  ];
  for (const { kind, list, one, order } of groups) {
    const plural = kind === 'category' ? 'categories' : 'brands';
    const codes = GROUP_CODES[kind];
    app.get(
      list,
      {
        schema: {
          tags: ADMIN_TAG,
          summary: `All ${plural}, in order, with how many products use each`,
          security: STAFF_COOKIE,
          response: { 200: adminGroupListSchema },
        },
      },
      async () => ({ items: await adminGroups(app.db, kind) }),
    );
    app.put(
      order,
      {
        schema: {
          tags: ADMIN_TAG,
          summary: `Set the order of the ${plural} (every id once)`,
          security: STAFF_COOKIE,
          body: groupOrderSchema,
          response: { 200: adminGroupListSchema.extend(okSchema.shape) },
        },
      },
      async (request) => {
        await orderGroups(shop, kind, request.body.ids, auditActor(request));
        return { ...okMessage('ORDER_SAVED', request.lang), items: await adminGroups(app.db, kind) };
      },
    );
    app.delete(
      one,
      {
        schema: {
          tags: ADMIN_TAG,
          summary: `Remove a ${kind}; refused (409 ${kind.toUpperCase()}_IN_USE, with the count) while products use it`,
          security: STAFF_COOKIE,
          params: adminIdParams,
          response: { 200: okSchema },
        },
      },
      async (request) => {
        found(await removeGroup(shop, kind, request.params.id, auditActor(request)), codes.notFound);
        return okMessage(codes.deleted, request.lang);
      },
    );
  }

  // Multipart calls (names with an image): the body is read and checked in the handler.
  await app.register(async (instance) => {
    const forms = instance.withTypeProvider<ZodTypeProvider>();
    bodySchemaDocumentsOnly(instance);

    for (const { kind, list, one } of groups) {
      const codes = GROUP_CODES[kind];
      const groupAnswer = async (id: number) => found(await adminGroup(app.db, kind, id), codes.notFound);
      forms.post(
        list,
        {
          schema: {
            tags: ADMIN_TAG,
            summary: `Create a ${kind} (multipart: names and \`image\`)`,
            description: IMAGE_REFUSALS,
            security: STAFF_COOKIE,
            consumes: ['multipart/form-data'],
            body: groupInputSchema,
            response: { 200: adminGroupOkSchema },
          },
        },
        async (request) => {
          const form = await readImageForm(request, groupInputSchema);
          const created = await withStoredImage(uploadsDir, requireImage(form.image), GROUP_IMAGE, (image) =>
            createGroup(shop, kind, form.input, image, auditActor(request)),
          );
          return { ...okMessage(codes.saved, request.lang), item: await groupAnswer(created.id) };
        },
      );
      forms.put(
        one,
        {
          schema: {
            tags: ADMIN_TAG,
            summary: `Edit a ${kind} (multipart or JSON: names, and optionally a new \`image\`)`,
            description: IMAGE_REFUSALS,
            security: STAFF_COOKIE,
            consumes: ['multipart/form-data', 'application/json'],
            params: adminIdParams,
            body: groupInputSchema,
            response: { 200: adminGroupOkSchema },
          },
        },
        async (request) => {
          const form = await readImageForm(request, groupInputSchema);
          const saved = await withStoredImage(uploadsDir, form.image, GROUP_IMAGE, (image) =>
            saveGroup(shop, kind, request.params.id, form.input, image, auditActor(request)),
          );
          const { id } = found(saved, codes.notFound);
          return { ...okMessage(codes.saved, request.lang), item: await groupAnswer(id) };
        },
      );
    }
  });
};
