import {
  addressInputSchema,
  addressListSchema,
  addressOkSchema,
  addressSchema,
  apiPaths,
  okMessage,
  okSchema,
  uuidParam,
} from '@shop/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../lib/errors.ts';
import { type SessionUser } from '../../modules/users/sessions.ts';
import { requireOwner, requireUser, sessionRequired } from '../shopper-session.ts';
import {
  addAddress,
  deleteAddress,
  findAddress,
  listAddresses,
  toAddressAnswer,
  updateAddress,
  type AddressRow,
} from '../../modules/addresses/service.ts';

const TAG = ['Addresses'];
const security: Record<string, string[]>[] = [{ session: [] }, { bearer: [] }];
const idParams = z.object({ id: uuidParam });

/** The address, when it is the caller's: 404 when there is none, 403 when it is someone else's. */
async function ownAddress(
  request: FastifyRequest,
  id: string,
): Promise<{ user: SessionUser; row: AddressRow }> {
  const user = requireUser(request);
  const row = await findAddress(request.server.db, id);
  if (row.userId !== user.id) throw forbidden();
  return { user, row };
}

/** The caller, checking a `user` the body may carry (older clients send it) is the caller's own id. */
function bodyOwner(request: FastifyRequest, user: string | undefined): SessionUser {
  return user === undefined ? requireUser(request) : requireOwner(request, user);
}

/** The address book: every call needs a session and touches only the caller's addresses. */
export const addressRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
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
    async (request) => {
      const user = requireOwner(request, request.params.userId);
      return (await listAddresses(db, user.id)).map(toAddressAnswer);
    },
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
      const user = bodyOwner(request, request.body.user);
      const row = await addAddress(db, user.id, request.body);
      return { ...okMessage('SAVED', request.lang), ...toAddressAnswer(row) };
    },
  );

  app.get(
    apiPaths.addressById.pattern,
    {
      schema: {
        tags: TAG,
        summary: 'One address of the caller',
        security,
        params: idParams,
        response: { 200: addressSchema },
      },
    },
    async (request) => toAddressAnswer((await ownAddress(request, request.params.id)).row),
  );

  app.put(
    apiPaths.addressUpdate.pattern,
    {
      schema: {
        tags: TAG,
        summary: 'Replace an address of the caller (fields left out become empty)',
        security,
        params: idParams,
        body: addressInputSchema,
        response: { 200: addressOkSchema },
      },
    },
    async (request) => {
      const { user } = await ownAddress(request, request.params.id);
      bodyOwner(request, request.body.user);
      const row = await updateAddress(db, user.id, request.params.id, request.body);
      return { ...okMessage('EDITED', request.lang), ...toAddressAnswer(row) };
    },
  );

  app.delete(
    apiPaths.addressDelete.pattern,
    {
      schema: {
        tags: TAG,
        summary: 'Delete an address of the caller',
        security,
        params: idParams,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      const { user } = await ownAddress(request, request.params.id);
      await deleteAddress(db, user.id, request.params.id);
      return okMessage('DELETED', request.lang);
    },
  );
};
