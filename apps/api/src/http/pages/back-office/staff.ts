import type { BackOfficeStaffReads } from '@shop/contract';
import { securitySettings, staffList } from '../../../views/back-office/staff.ts';
import type { BackOfficePageContext } from '../back-office-data.ts';

/** The staff page (owners): the members and the security settings. */
export function staffPages({ app, read }: BackOfficePageContext): BackOfficeStaffReads {
  return {
    list: () => read({ role: 'owner' }, () => staffList(app.db)),
    securitySettings: () => read({ role: 'owner' }, () => securitySettings(app.db)),
  };
}
