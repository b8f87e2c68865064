import { okMessage, staffIdParams, type BackOfficeStaff } from '@shop/contract';
import {
  changeMemberRole,
  inviteMember,
  resetMemberTotp,
  saveSecuritySettings,
  sendPasswordLink,
  setMemberDisabled,
} from '../../../use-cases/staff/members.ts';
import { securitySettings, staffList } from '../../../views/back-office/staff.ts';
import { found } from '../../openapi.ts';
import type { BackOfficePageContext } from '../back-office-data.ts';

/** The staff page (owners): the members and the security setting, and their changes. */
export function staffPages({ app, lang, read, act }: BackOfficePageContext): BackOfficeStaff {
  const shop = app.shop;
  const owner = { role: 'owner' } as const;
  const saved = (staff: Awaited<ReturnType<typeof setMemberDisabled>>) => ({
    ...okMessage('SAVED', lang),
    staff: found(staff, 'STAFF_NOT_FOUND'),
  });
  return {
    list: () => read(owner, () => staffList(app.db)),
    securitySettings: () => read(owner, () => securitySettings(app.db)),

    invite: (input) =>
      act(owner, async (by) => ({
        ...okMessage('STAFF_INVITED', lang),
        staff: await inviteMember(shop, input, lang, by),
      })),
    setDisabled: (id, disabled) =>
      act(owner, async (by) => saved(await setMemberDisabled(shop, memberId(id), disabled, by))),
    changeRole: (id, role) =>
      act(owner, async (by) => saved(await changeMemberRole(shop, memberId(id), role, by))),
    resetTotp: (id) => act(owner, async (by) => saved(await resetMemberTotp(shop, memberId(id), by))),
    sendPasswordLink: (id) =>
      act(owner, async (by) => {
        found(await sendPasswordLink(shop, memberId(id), by), 'STAFF_NOT_FOUND');
        return okMessage('PASSWORD_LINK_SENT', lang);
      }),
    setSecuritySettings: (settings) =>
      act(owner, async (by, member) => ({
        ...okMessage('SAVED', lang),
        ...(await saveSecuritySettings(shop, member, settings, by)),
      })),
  };
}

/** A member's id as a page posted it; one that cannot be an id names nobody (404 STAFF_NOT_FOUND). */
function memberId(id: string): string {
  return found(staffIdParams.safeParse({ id }).success ? id : null, 'STAFF_NOT_FOUND');
}
