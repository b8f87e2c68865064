import { totpConfirmSchema, totpDisableSchema } from '@shop/contract';
import { data, redirect, type AppLoadContext } from 'react-router';
import { answerForm, readForm, refusalFormError, submitAction } from '../../lib/form-action.server.ts';
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
  const account = context.backOffice(lang).account;
  const read = await readForm(request);
  const back = localizePath('/dashboard/account', lang);
  switch (read.values.intent) {
    case 'enrol': {
      const result = await account.startTotp();
      if (!result.ok) return data<AccountAnswer>({ error: { ...refusalFormError(result), refused: true } });
      return data<AccountAnswer>({
        enrol: { secret: result.value.secret, qrDataUrl: result.value.qrDataUrl },
      });
    }
    case 'confirm': {
      const result = await submitAction(
        request,
        { schema: totpConfirmSchema, errorField: 'code', run: (input) => account.confirmTotp(input) },
        read,
      );
      // A wrong code keeps the QR code on the page, so the member can try again (only an
      // image, as the shop made it, is shown back).
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
      const result = await submitAction(
        request,
        { schema: totpDisableSchema, errorField: 'code', run: (input) => account.turnOffTotp(input) },
        read,
      );
      return answerForm(request, result, { back });
    }
    case 'signOutEverywhere': {
      const ask = askToConfirm(read.values);
      if (ask) return ask;
      const result = await account.signOutEverywhere();
      if (!result.ok) return confirmError(read.values, refusalFormError(result));
      const headers = new Headers();
      for (const cookie of result.cookies ?? []) headers.append('set-cookie', cookie);
      return redirect(localizePath('/dashboard/login', lang), { headers });
    }
    default:
      throw data(null, { status: 400 });
  }
}
