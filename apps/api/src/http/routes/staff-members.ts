import {
  adminPaths,
  okMessage,
  okSchema,
  securitySettingsOkSchema,
  securitySettingsSchema,
  staffDisabledSchema,
  staffIdParams,
  staffInviteSchema,
  staffListSchema,
  staffMemberOkSchema,
  staffRoleSchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SET_PASSWORD_LINK_HOURS } from '../../use-cases/staff/mails.ts';
import {
  changeMemberRole,
  inviteMember,
  resetMemberTotp,
  saveSecuritySettings,
  sendPasswordLink,
  setMemberDisabled,
} from '../../use-cases/staff/members.ts';
import { securitySettings, staffList } from '../../views/back-office/staff.ts';
import { ADMIN_TAG, found, STAFF_COOKIE } from '../openapi.ts';
import { auditActor, requireStaff } from '../staff-guard.ts';

/** Staff management and the security setting: owners only (decision 100). */
export const staffMemberRoutes: FastifyPluginAsyncZod = async (app) => {
  const shop = app.shop;

  app.get(
    adminPaths.staffList.pattern,
    {
      config: { staffRole: 'owner' },
      schema: {
        tags: ADMIN_TAG,
        summary: 'Every staff member (owner)',
        security: STAFF_COOKIE,
        response: { 200: staffListSchema },
      },
    },
    async () => ({ items: await staffList(app.db) }),
  );

  app.post(
    adminPaths.staffInvite.pattern,
    {
      config: { staffRole: 'owner' },
      schema: {
        tags: ADMIN_TAG,
        summary: 'Invite a staff member (owner): the account and a one-time link to set a password',
        description: `The link works once, for ${SET_PASSWORD_LINK_HOURS} hours, and is e-mailed in the language of the request. A taken e-mail: 409 STAFF_EMAIL_EXISTS.`,
        security: STAFF_COOKIE,
        body: staffInviteSchema,
        response: { 201: staffMemberOkSchema },
      },
    },
    async (request, reply) => {
      const staff = await inviteMember(shop, request.body, request.lang, auditActor(request));
      return reply.status(201).send({ ...okMessage('STAFF_INVITED', request.lang), staff });
    },
  );

  app.put(
    adminPaths.staffDisabled.pattern,
    {
      config: { staffRole: 'owner' },
      schema: {
        tags: ADMIN_TAG,
        summary: 'Disable or enable a staff member (owner); disabling ends their sessions',
        description: 'The last active owner cannot be disabled: 409 LAST_OWNER.',
        security: STAFF_COOKIE,
        params: staffIdParams,
        body: staffDisabledSchema,
        response: { 200: staffMemberOkSchema },
      },
    },
    async (request) => {
      const staff = found(
        await setMemberDisabled(shop, request.params.id, request.body.disabled, auditActor(request)),
        'STAFF_NOT_FOUND',
      );
      return { ...okMessage('SAVED', request.lang), staff };
    },
  );

  app.put(
    adminPaths.staffRole.pattern,
    {
      config: { staffRole: 'owner' },
      schema: {
        tags: ADMIN_TAG,
        summary: "Change a staff member's role (owner)",
        description: 'The last active owner cannot become staff: 409 LAST_OWNER.',
        security: STAFF_COOKIE,
        params: staffIdParams,
        body: staffRoleSchema,
        response: { 200: staffMemberOkSchema },
      },
    },
    async (request) => {
      const staff = found(
        await changeMemberRole(shop, request.params.id, request.body.role, auditActor(request)),
        'STAFF_NOT_FOUND',
      );
      return { ...okMessage('SAVED', request.lang), staff };
    },
  );

  app.post(
    adminPaths.staffTotpReset.pattern,
    {
      config: { staffRole: 'owner' },
      schema: {
        tags: ADMIN_TAG,
        summary: "Reset a member's two-step verification (owner), for a lost phone",
        description:
          'Turns it off and ends their sessions; they sign in with their password and, if the owner requires it, set it up again.',
        security: STAFF_COOKIE,
        params: staffIdParams,
        response: { 200: staffMemberOkSchema },
      },
    },
    async (request) => {
      const staff = found(
        await resetMemberTotp(shop, request.params.id, auditActor(request)),
        'STAFF_NOT_FOUND',
      );
      return { ...okMessage('SAVED', request.lang), staff };
    },
  );

  app.post(
    adminPaths.staffPasswordLink.pattern,
    {
      config: { staffRole: 'owner' },
      schema: {
        tags: ADMIN_TAG,
        summary: 'Send a member a new one-time link to set their password (owner)',
        description:
          `For a forgotten password or an invitation that ran out: earlier links stop working; the link works once, for ${SET_PASSWORD_LINK_HOURS} hours, ` +
          "and is written in the member's language. Their password and sessions stay until the link is used.",
        security: STAFF_COOKIE,
        params: staffIdParams,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      found(await sendPasswordLink(shop, request.params.id, auditActor(request)), 'STAFF_NOT_FOUND');
      return okMessage('PASSWORD_LINK_SENT', request.lang);
    },
  );

  app.get(
    adminPaths.securitySettings.pattern,
    {
      config: { staffRole: 'owner' },
      schema: {
        tags: ADMIN_TAG,
        summary: 'Back-office security settings (owner)',
        security: STAFF_COOKIE,
        response: { 200: securitySettingsSchema },
      },
    },
    async () => securitySettings(app.db),
  );

  app.put(
    adminPaths.securitySettings.pattern,
    {
      config: { staffRole: 'owner' },
      schema: {
        tags: ADMIN_TAG,
        summary: 'Require two-step verification of every member (owner)',
        description:
          'While required, a member without it can only set it up (and sign out) after signing in, and nobody can turn theirs off. ' +
          'An owner without it turned on gets 409 TOTP_OWN_FIRST.',
        security: STAFF_COOKIE,
        body: securitySettingsSchema,
        response: { 200: securitySettingsOkSchema },
      },
    },
    async (request) => {
      const after = await saveSecuritySettings(
        shop,
        requireStaff(request),
        request.body,
        auditActor(request),
      );
      return { ...okMessage('SAVED', request.lang), ...after };
    },
  );
};
