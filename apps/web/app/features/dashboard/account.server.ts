import {
  adminPaths,
  okSchema,
  totpConfirmSchema,
  totpDisableSchema,
  totpEnrolAnswerSchema,
} from '@shop/contract';
import { data, redirect, type AppLoadContext } from 'react-router';
import { readAnswer, serverApi } from '../../lib/api.ts';
import { answerForm, readForm, submitForm } from '../../lib/form-action.server.ts';
import { apiFormError } from '../../lib/form-errors.ts';
import { localizePath } from '../../lib/lang.ts';
import { requestLang } from '../../lib/route-lang.ts';
import type { AccountAnswer } from './account.ts';
import { askToConfirm, confirmError } from './confirm.server.ts';

/**
 * My account's forms, told apart by `intent`: start two-step verification (the answer carries
 * the QR code and the secret, shown once), confirm it with a code, turn it off (password and
 * code), sign out everywhere (confirmed first; then the sign-in page).
 */
export async function accountAction(request: Request, context: AppLoadContext) {
  const lang = requestLang(request);
  const read = await readForm(request);
  const back = localizePath('/dashboard/account', lang);
  const api = serverApi(context, lang);
  switch (read.values.intent) {
    case 'enrol': {
      const response = await api.raw('POST', adminPaths.totpEnrol.build({}));
      try {
        const enrol = await readAnswer(response, totpEnrolAnswerSchema);
        return data<AccountAnswer>({ enrol: { secret: enrol.secret, qrDataUrl: enrol.qrDataUrl } });
      } catch (failure) {
        return data<AccountAnswer>({ error: { ...apiFormError(failure, lang), refused: true } });
      }
    }
    case 'confirm': {
      const result = await submitForm(
        request,
        context,
        {
          schema: totpConfirmSchema,
          errorField: 'code',
          send: (client, input) => client.raw('POST', adminPaths.totpConfirm.build({}), { body: input }),
        },
        read,
      );
      // A wrong code keeps the QR code on the page, so the member can try again (only an
      // image, as the API made it, is shown back).
      if (!result.ok) {
        const qr = read.values.qrDataUrl ?? '';
        return data<AccountAnswer>({
          error: { ...result.error, field: 'code' },
          enrol: {
            secret: /^[A-Z2-7]{16,128}$/.test(read.values.secret ?? '') ? (read.values.secret ?? '') : '',
            qrDataUrl: /^data:image\/png;base64,[A-Za-z0-9+/=]+$/.test(qr) ? qr : '',
          },
        });
      }
      return answerForm(request, result, { back });
    }
    case 'disable': {
      const result = await submitForm(
        request,
        context,
        {
          schema: totpDisableSchema,
          errorField: 'code',
          send: (client, input) => client.raw('POST', adminPaths.totpDisable.build({}), { body: input }),
        },
        read,
      );
      return answerForm(request, result, { back });
    }
    case 'signOutEverywhere': {
      const ask = askToConfirm(read.values);
      if (ask) return ask;
      const response = await api.raw('POST', adminPaths.signOutEverywhere.build({}));
      if (!response.ok) {
        const failure: unknown = await readAnswer(response, okSchema).catch((error: unknown) => error);
        return confirmError(read.values, apiFormError(failure, lang));
      }
      const headers = new Headers();
      for (const cookie of response.headers.getSetCookie()) headers.append('set-cookie', cookie);
      return redirect(localizePath('/dashboard/login', lang), { headers });
    }
    default:
      throw data(null, { status: 400 });
  }
}
