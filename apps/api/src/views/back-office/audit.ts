import type { AuditPage, AuditQuery } from '@shop/contract';
import type { Db } from '../../db/client.ts';
import { listAudit } from '../../modules/audit/service.ts';

/** One page of the audit log, newest first, with the filters `GET /api/admin/audit` takes (owners). */
export function auditPage(db: Db, query: AuditQuery): Promise<AuditPage> {
  return listAudit(db, query);
}
