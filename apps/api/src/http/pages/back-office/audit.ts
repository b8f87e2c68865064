import { auditQuery, type BackOfficeAuditReads } from '@shop/contract';
import { auditPage } from '../../../views/back-office/audit.ts';
import { parseAs } from '../../form.ts';
import type { BackOfficePageContext } from '../back-office-data.ts';

/** The audit log's page (owners). */
export function auditPages({ app, read }: BackOfficePageContext): BackOfficeAuditReads {
  return {
    page: (filter) =>
      read({ role: 'owner' }, () => auditPage(app.db, parseAs(auditQuery, filter, 'querystring'))),
  };
}
