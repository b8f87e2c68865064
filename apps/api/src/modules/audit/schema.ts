import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { staff } from '../staff/schema.ts';

/** Every change made in the back office: who, what, before and after, when, from where (decision 103). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Null when the actor was the command line (`staff:create`). */
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    /** The member's e-mail at the time (kept when the account is gone), or `command-line`. */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_staff_idx').on(t.staffId, t.createdAt),
    index('audit_log_entity_idx').on(t.entityType, t.entityId, t.createdAt),
    index('audit_log_action_idx').on(t.action, t.createdAt),
  ],
);
