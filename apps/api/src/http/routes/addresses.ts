import {
  addressIdParams,
  addressInputSchema,
  addressListSchema,
  addressOkSchema,
  addressSchema,
  apiPaths,
  okMessage,
  okSchema,
  uuidParam,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addAddress, deleteAddress, updateAddress } from '../../use-cases/addresses.ts';
import { addressAnswer, shopperAddress, shopperAddresses } from '../../views/store/addresses.ts';
import { owned, SHOPPER_SESSION } from '../openapi.ts';
import { requireOwner, requireUser, sessionRequired } from '../shopper-session.ts';

const TAG = ['Addresses'];
const security = SHOPPER_SESSION;

/** The address book: every call needs a session and touches only the caller's addresses. */
export const addressRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', sessionRequired);

  app.get(
    apiPaths.addressesByUser.pattern,
    {
      schema: {
        tags: TAG,
        summary: "The caller's addresses, oldest first",
        security,
        params: z.object({ userId: uuidParam }),
        response: { 200: addressListSchema },
      },
    },
    async (request) => shopperAddresses(app.db, requireOwner(request, request.params.userId).id),
  );

  app.post(
    apiPaths.addressAdd.pattern,
    {
      schema: {
        tags: TAG,
        summary: 'Add an address',
        description:
          'Only `name` (the title) is required. `mobile` is a Saudi mobile (stored E.164); coordinates within range. At most 50 addresses.',
        security,
        body: addressInputSchema,
        response: { 200: addressOkSchema },
      },
    },
    async (request) => {
      const row = await addAddress(app.shop, requireUser(request).id, request.body);
      return { ...okMessage('SAVED', request.lang), ...addressAnswer(row) };
    },
  );

  app.get(
    apiPaths.addressById.pattern,
    {
      schema: {
        tags: TAG,
        summary: 'One address of the caller',
        security,
        params: addressIdParams,
        response: { 200: addressSchema },
      },
    },
    async (request) =>
      owned(await shopperAddress(app.db, requireUser(request).id, request.params.id), 'ADDRESS_NOT_FOUND'),
  );

  app.put(
    apiPaths.addressUpdate.pattern,
    {
      schema: {
        tags: TAG,
        summary: 'Replace an address of the caller (fields left out become empty)',
        security,
        params: addressIdParams,
        body: addressInputSchema,
        response: { 200: addressOkSchema },
      },
    },
    async (request) => {
      const row = await updateAddress(app.shop, requireUser(request).id, request.params.id, request.body);
      return { ...okMessage('EDITED', request.lang), ...addressAnswer(row) };
    },
  );

  app.delete(
    apiPaths.addressDelete.pattern,
    {
      schema: {
        tags: TAG,
        summary: 'Delete an address of the caller',
        security,
        params: addressIdParams,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await deleteAddress(app.shop, requireUser(request).id, request.params.id);
      return okMessage('DELETED', request.lang);
    },
  );
};
