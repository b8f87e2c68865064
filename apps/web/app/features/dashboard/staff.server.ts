import {
  adminPaths,
  securitySettingsSchema,
  staffIdParams,
  staffInviteSchema,
  staffRoleSchema,
} from '@shop/contract';
import { data, type AppLoadContext } from 'react-router';
import { z } from 'zod';
import { answerForm, readForm, submitForm } from '../../lib/form-action.server.ts';
import { localizePath } from '../../lib/lang.ts';
import { requestLang } from '../../lib/route-lang.ts';
import { askToConfirm, confirmError } from './confirm.server.ts';
import { CONFIRM_KEY_FIELD } from './confirm.ts';

const memberAction = staffIdParams;
const roleAction = staffIdParams.extend(staffRoleSchema.shape);
const noInput = z.object({});

/**
 * The staff page's forms, told apart by `intent`: invite; for one member (`id`) disable,
 * enable, change role, reset two-step verification, send a new password link; and the
 * security setting. Disabling, resetting two-step verification and requiring it of everyone
 * are confirmed first. Each call is the API's, which checks the owner and writes the audit
 * entry.
 */
export async function staffAction(request: Request, context: AppLoadContext) {
  const lang = requestLang(request);
  const read = await readForm(request);
  const { values } = read;
  const back = `${localizePath('/dashboard/staff', lang)}${new URL(request.url).search}`;
  const perRow = values[CONFIRM_KEY_FIELD] !== undefined;

  const finish = (result: Awaited<ReturnType<typeof submitForm>>) =>
    !result.ok && perRow ? confirmError(values, result.error) : answerForm(request, result, { back });

  switch (values.intent) {
    case 'invite':
      return answerForm(
        request,
        await submitForm(
          request,
          context,
          {
            schema: staffInviteSchema,
            send: (api, input) => api.raw('POST', adminPaths.staffInvite.build({}), { body: input }),
          },
          read,
        ),
        { back },
      );
    case 'disable':
    case 'enable': {
      if (values.intent === 'disable') {
        const ask = askToConfirm(values);
        if (ask) return ask;
      }
      const disabled = values.intent === 'disable';
      return finish(
        await submitForm(
          request,
          context,
          {
            schema: memberAction,
            send: (api, { id }) =>
              api.raw('PUT', adminPaths.staffDisabled.build({ id }), { body: { disabled } }),
          },
          read,
        ),
      );
    }
    case 'role':
      return finish(
        await submitForm(
          request,
          context,
          {
            schema: roleAction,
            send: (api, { id, role }) =>
              api.raw('PUT', adminPaths.staffRole.build({ id }), { body: { role } }),
          },
          read,
        ),
      );
    case 'totpReset': {
      const ask = askToConfirm(values);
      if (ask) return ask;
      return finish(
        await submitForm(
          request,
          context,
          {
            schema: memberAction,
            send: (api, { id }) => api.raw('POST', adminPaths.staffTotpReset.build({ id })),
          },
          read,
        ),
      );
    }
    case 'passwordLink':
      return finish(
        await submitForm(
          request,
          context,
          {
            schema: memberAction,
            send: (api, { id }) => api.raw('POST', adminPaths.staffPasswordLink.build({ id })),
          },
          read,
        ),
      );
    case 'requireTotp':
    case 'allowWithoutTotp': {
      const totpRequired = values.intent === 'requireTotp';
      if (totpRequired) {
        const ask = askToConfirm(values);
        if (ask) return ask;
      }
      return finish(
        await submitForm(
          request,
          context,
          {
            schema: noInput,
            send: (api) =>
              api.raw('PUT', adminPaths.securitySettings.build({}), {
                body: securitySettingsSchema.parse({ totpRequired }),
              }),
          },
          read,
        ),
      );
    }
    default:
      throw data(null, { status: 400 });
  }
}
