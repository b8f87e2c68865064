import type { AuditEntry, AuditPage, AuditQuery } from '@shop/contract';
import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { auditLog } from './schema.ts';
import type { AuditActor } from '../../lib/audit-actor.ts';

/**
 * The audit log (decision 103): every change made in the back office, written inside the
 * transaction of the change itself, so a change and its record are kept or lost together.
 */

export interface AuditRecord {
  by: AuditActor;
  /** `<entity>.<verb>`, e.g. `staff.invite`, `order.mark_delivered`. */
  action: string;
  entityType: string;
  entityId: string;
  /** The entity as it was (null when it is new); never secrets. */
  before: unknown;
  /** The entity as it is now (null when it is gone). */
  after: unknown;
}

export async function recordAudit(tx: Db | Tx, entry: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({
    staffId: entry.by.staffId,
    actor: entry.by.actor,
    ip: entry.by.ip,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** A page of the log, newest first, filtered by member, action, entity and time. */
export async function listAudit(db: Db, query: AuditQuery): Promise<AuditPage> {
  const filters: SQL[] = [];
  if (query.staffId) filters.push(eq(auditLog.staffId, query.staffId));
  if (query.action) filters.push(eq(auditLog.action, query.action));
  if (query.entityType) filters.push(eq(auditLog.entityType, query.entityType));
  if (query.entityId) filters.push(eq(auditLog.entityId, query.entityId));
  if (query.from) filters.push(gte(auditLog.createdAt, query.from));
  if (query.to) filters.push(lt(auditLog.createdAt, query.to));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(where),
  ]);
  const items: AuditEntry[] = rows.map((row) => ({
    id: row.id,
    staffId: row.staffId,
    actor: row.actor,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    before: row.before,
    after: row.after,
    ip: row.ip,
    createdAt: row.createdAt.toISOString(),
  }));
  return { items, page: query.page, pageSize: query.pageSize, total: counted[0]?.total ?? 0 };
}
