import { securitySettingsSchema, staffIdParams, staffInviteSchema, staffRoleSchema } from '@shop/contract';
import { data, type AppLoadContext } from 'react-router';
import { z } from 'zod';
import { answerForm, readForm, submitAction } from '../../lib/form-action.server.ts';
import { localizePath } from '../../lib/lang.ts';
import { requestLang } from '../../lib/route-lang.ts';
import { askToConfirm, confirmError } from './confirm.server.ts';
import { CONFIRM_KEY_FIELD } from './confirm.ts';

const memberAction = staffIdParams;
const roleAction = staffIdParams.extend(staffRoleSchema.shape);
const noInput = z.object({});

/** The intents that are confirmed before they are made. */
const CONFIRMED = new Set(['disable', 'totpReset', 'requireTotp']);

/**
 * The staff page's forms, told apart by `intent`: invite; for one member (`id`) disable,
 * enable, change role, reset two-step verification, send a new password link; and the
 * security setting. Disabling, resetting two-step verification and requiring it of everyone
 * are confirmed first. Each change is the shop's (`bo.staff`), which checks the owner and
 * writes the audit entry.
 */
export async function staffAction(request: Request, context: AppLoadContext) {
  const lang = requestLang(request);
  const staff = context.backOffice(lang).staff;
  const read = await readForm(request);
  const { values } = read;
  const back = `${localizePath('/dashboard/staff', lang)}${new URL(request.url).search}`;
  const perRow = values[CONFIRM_KEY_FIELD] !== undefined;
  if (values.intent && CONFIRMED.has(values.intent)) {
    const ask = askToConfirm(values);
    if (ask) return ask;
  }

  const finish = (result: Parameters<typeof answerForm>[1]) =>
    !result.ok && perRow ? confirmError(values, result.error) : answerForm(request, result, { back });

  switch (values.intent) {
    case 'invite':
      return answerForm(
        request,
        await submitAction(request, { schema: staffInviteSchema, run: (input) => staff.invite(input) }, read),
        { back },
      );
    case 'disable':
    case 'enable': {
      const disabled = values.intent === 'disable';
      return finish(
        await submitAction(
          request,
          { schema: memberAction, run: ({ id }) => staff.setDisabled(id, disabled) },
          read,
        ),
      );
    }
    case 'role':
      return finish(
        await submitAction(
          request,
          { schema: roleAction, run: ({ id, role }) => staff.changeRole(id, role) },
          read,
        ),
      );
    case 'totpReset':
      return finish(
        await submitAction(request, { schema: memberAction, run: ({ id }) => staff.resetTotp(id) }, read),
      );
    case 'passwordLink':
      return finish(
        await submitAction(
          request,
          { schema: memberAction, run: ({ id }) => staff.sendPasswordLink(id) },
          read,
        ),
      );
    case 'requireTotp':
    case 'allowWithoutTotp': {
      const settings = securitySettingsSchema.parse({ totpRequired: values.intent === 'requireTotp' });
      return finish(
        await submitAction(
          request,
          { schema: noInput, run: () => staff.setSecuritySettings(settings) },
          read,
        ),
      );
    }
    default:
      throw data(null, { status: 400 });
  }
}
