import {
  messageKeysSchema,
  messageKeysUpdateSchema,
  messagePaths,
  messagePreferencesAnswerSchema,
  messagePreferencesSchema,
  messagePreferencesUpdateSchema,
  messagePreviewSchema,
  messageTemplateAnswerSchema,
  messageTemplateEditSchema,
  messageTemplateKeySchema,
  messageTemplatesSchema,
  okMessage,
  okSchema,
  optOutAnswerSchema,
  optOutQuerySchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import {
  answerWhatsappChallenge,
  receiveWhatsappStatuses,
} from '../../use-cases/messages/delivery-reports.ts';
import {
  editTemplate,
  optOut,
  previewTemplate,
  restoreTemplate,
  saveShopperChoices,
  updateMessageKeys,
} from '../../use-cases/messages/manage.ts';
import { messageTemplates, shopperMessagePreferences } from '../../views/messages.ts';
import { ADMIN_TAG, found, SHOPPER_SESSION, STAFF_COOKIE } from '../openapi.ts';
import { requireUser, sessionRequired } from '../shopper-session.ts';
import { auditActor } from '../staff-guard.ts';

const TAG = ['Messages'];

const challengeQuery = z.object({
  'hub.mode': z.string().optional(),
  'hub.verify_token': z.string().optional(),
  'hub.challenge': z.string().max(200).optional(),
});
const ADMIN = [...ADMIN_TAG, ...TAG];

/**
 * Messages to shoppers (decisions 212–219): the shopper's channels, the opt-out link's call, and
 * the back office's templates (owners edit, every member reads) and provider keys (owners).
 */
export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    messagePaths.preferences.pattern,
    {
      onRequest: sessionRequired,
      schema: {
        tags: TAG,
        summary: "The caller's message channels per kind",
        description:
          'E-mail is on until turned off; SMS and WhatsApp (to the account phone number) are off until turned on.',
        security: SHOPPER_SESSION,
        response: { 200: messagePreferencesSchema },
      },
    },
    async (request) => found(await shopperMessagePreferences(db, requireUser(request).id), 'USER_NOT_FOUND'),
  );

  app.put(
    messagePaths.preferences.pattern,
    {
      onRequest: sessionRequired,
      schema: {
        tags: TAG,
        summary: "Change the caller's message channels",
        description: 'Each kind × channel sent is set; those not sent stay as they were.',
        security: SHOPPER_SESSION,
        body: messagePreferencesUpdateSchema,
        response: { 200: messagePreferencesAnswerSchema },
      },
    },
    async (request) => {
      const userId = requireUser(request).id;
      await saveShopperChoices(app.shop, userId, request.body.choices);
      return {
        ...okMessage('MESSAGE_PREFERENCES_SAVED', request.lang),
        preferences: found(await shopperMessagePreferences(db, userId), 'USER_NOT_FOUND'),
      };
    },
  );

  app.post(
    messagePaths.optOut.pattern,
    {
      schema: {
        tags: TAG,
        summary: "Stop one kind of message on one channel, from a message's opt-out link",
        description:
          'The fields of the link (u, k, c, t, s). 400 OPT_OUT_LINK_INVALID when the signature does not hold; 409 OPT_OUT_LINK_OLD for a link made before the shopper last chose that kind on that channel. Neither changes anything.',
        body: optOutQuerySchema.partial(),
        response: { 200: optOutAnswerSchema },
      },
    },
    async (request) => ({
      ...okMessage('MESSAGE_OPTED_OUT', request.lang),
      ...(await optOut(app.shop, request.body)),
    }),
  );

  app.get(
    messagePaths.templates.pattern,
    {
      schema: {
        tags: ADMIN,
        summary: 'Every message template: event × channel × language',
        security: STAFF_COOKIE,
        response: { 200: messageTemplatesSchema },
      },
    },
    async () => messageTemplates(db),
  );

  app.put(
    messagePaths.templates.pattern,
    {
      config: { staffRole: 'owner' },
      schema: {
        tags: ADMIN,
        summary: 'Change one template (owner)',
        description:
          'Placeholders are `{name}`, from those the event lists; every template must carry `{optOutLink}`. 400 with MESSAGE_TEMPLATE_* codes otherwise.',
        security: STAFF_COOKIE,
        body: messageTemplateEditSchema,
        response: { 200: messageTemplateAnswerSchema },
      },
    },
    async (request) => {
      await editTemplate(app.shop, auditActor(request), request.body);
      const template = (await messageTemplates(db)).templates.find(
        (t) =>
          t.event === request.body.event &&
          t.channel === request.body.channel &&
          t.lang === request.body.lang,
      )!;
      return {
        ...okMessage('MESSAGE_TEMPLATE_SAVED', request.lang),
        template,
        preview: previewTemplate(app.shop, request.body),
      };
    },
  );

  app.delete(
    messagePaths.templates.pattern,
    {
      config: { staffRole: 'owner' },
      schema: {
        tags: ADMIN,
        summary: "Put one template back to the shop's default wording (owner)",
        security: STAFF_COOKIE,
        body: messageTemplateKeySchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await restoreTemplate(app.shop, auditActor(request), request.body);
      return okMessage('MESSAGE_TEMPLATE_RESET', request.lang);
    },
  );

  app.post(
    messagePaths.templatePreview.pattern,
    {
      schema: {
        tags: ADMIN,
        summary: 'A template rendered with sample data (nothing is saved)',
        security: STAFF_COOKIE,
        body: messageTemplateEditSchema,
        response: { 200: messagePreviewSchema },
      },
    },
    async (request) => previewTemplate(app.shop, request.body),
  );

  app.get(
    messagePaths.keys.pattern,
    {
      config: { staffRole: 'owner' },
      schema: {
        tags: ADMIN,
        summary: 'Whether each SMS and WhatsApp key is set, and whether each channel is simulated (owner)',
        security: STAFF_COOKIE,
        response: { 200: messageKeysSchema },
      },
    },
    async () => app.messageKeys.describe(),
  );

  app.put(
    messagePaths.keys.pattern,
    {
      config: { staffRole: 'owner' },
      schema: {
        tags: ADMIN,
        summary: 'Save SMS and WhatsApp keys (owner)',
        description:
          'Write-only: a key sent replaces the saved one, an empty string removes it; the answer never shows a value.',
        security: STAFF_COOKIE,
        body: messageKeysUpdateSchema,
        response: { 200: messageKeysSchema },
      },
    },
    async (request) => {
      await updateMessageKeys(
        { ...app.shop, messageKeys: app.messageKeys },
        auditActor(request),
        request.body,
      );
      return app.messageKeys.describe();
    },
  );

  // WhatsApp's status webhook: its signature is over the raw body, kept by this scope's parser.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    scope.get(
      messagePaths.whatsappWebhook.pattern,
      {
        schema: {
          tags: TAG,
          summary: "WhatsApp's webhook subscription check",
          description:
            'Answers `hub.challenge` as text when `hub.verify_token` is the saved verify token; 403 otherwise.',
          querystring: challengeQuery,
        },
      },
      async (request, reply) => {
        const challenge = answerWhatsappChallenge(
          app.messageKeys,
          request.query as z.infer<typeof challengeQuery>,
        );
        if (challenge === null) throw new AppError(403, 'FORBIDDEN');
        return reply.type('text/plain').send(challenge);
      },
    );
    scope.post(
      messagePaths.whatsappWebhook.pattern,
      {
        bodyLimit: 256 * 1024,
        schema: {
          tags: TAG,
          summary: "WhatsApp's message statuses (delivered, read, failed)",
          description:
            'Signed by Meta with the app secret (`X-Hub-Signature-256`); 401 when the signature does not hold, and nothing changes.',
          response: { 200: z.object({ received: z.number().int() }) },
        },
      },
      async (request) => {
        const signature = request.headers['x-hub-signature-256'];
        const changed = await receiveWhatsappStatuses(
          { db, messageKeys: app.messageKeys },
          typeof request.body === 'string' ? request.body : '',
          typeof signature === 'string' ? signature : undefined,
        );
        if (changed === null) throw new AppError(401, 'UNAUTHORIZED');
        return { received: changed };
      },
    );
  });
};
