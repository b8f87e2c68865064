import { okMessage, type Lang, type SuccessCode, type UserOk } from '@shop/contract';
import { toUserAnswer, type UserRow } from '../../modules/users/service.ts';

/** What the account's changes answer: the message, with the account as the API shows it. */
export function accountAnswer(code: SuccessCode, row: UserRow, lang: Lang): UserOk {
  return { ...okMessage(code, lang), ...toUserAnswer(row) };
}

/** A saved profile's answer: EDITED, or EMAIL_CHANGE_REQUESTED when a new e-mail was asked for. */
export function profileSavedAnswer(
  saved: { row: UserRow; emailChangeRequested: boolean },
  lang: Lang,
): UserOk {
  return accountAnswer(saved.emailChangeRequested ? 'EMAIL_CHANGE_REQUESTED' : 'EDITED', saved.row, lang);
}
