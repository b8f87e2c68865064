import type { AdminGroup, GroupInput } from '@shop/contract';
import { randomBytes } from 'node:crypto';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { categories, companies, products } from './schema.ts';

/*
 * The back office's categories and brands (`companies`): their list with how many products
 * use each, and their changes. Each change is made inside the transaction it is given and
 * changes these tables only; it answers the rows before and after, and null when the category
 * or brand is not there. The use cases (use-cases/catalog-admin/) record the audit entry with
 * `groupAuditView` and publish on the change bus.
 */

export type GroupKind = 'category' | 'brand';
export type GroupRow = typeof categories.$inferSelect | typeof companies.$inferSelect;

const groupTable = (kind: GroupKind) => (kind === 'category' ? categories : companies);
const groupColumn = (kind: GroupKind) => (kind === 'category' ? products.categoryId : products.companyId);

/** Refused removal: products still use the category or brand (409, the message says how many). */
export class GroupInUseError extends AppError {
  constructor(
    readonly kind: GroupKind,
    readonly count: number,
  ) {
    super(409, kind === 'category' ? 'CATEGORY_IN_USE' : 'BRAND_IN_USE', undefined, undefined, { count });
  }
}

/** What the audit log keeps of a category or a brand. */
export function groupAuditView(g: GroupRow) {
  return { nameAr: g.nameAr, nameEn: g.nameEn, image: g.image, sort: g.sort };
}

/** Every category or brand, in the shop's order, with how many products (hidden ones too) use each. */
export async function listGroups(db: Db | Tx, kind: GroupKind): Promise<AdminGroup[]> {
  const table = groupTable(kind);
  const column = groupColumn(kind);
  const counts = db
    .select({ id: sql<number>`${column}`.as('group_id'), n: count().as('n') })
    .from(products)
    .groupBy(column)
    .as('counts');
  const rows = await db
    .select({
      id: table.id,
      nameAr: table.nameAr,
      nameEn: table.nameEn,
      image: table.image,
      sort: table.sort,
      productCount: sql<number>`coalesce(${counts.n}, 0)::int`,
    })
    .from(table)
    .leftJoin(counts, eq(counts.id, table.id))
    .orderBy(asc(table.sort), asc(table.id));
  return rows;
}

const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40) || 'item';

/** A new category or brand, last in the order, with its image (already stored). */
export async function insertGroup(
  tx: Tx,
  kind: GroupKind,
  input: GroupInput,
  image: string,
): Promise<GroupRow> {
  const table = groupTable(kind);
  const [last] = await tx.select({ sort: sql<number>`coalesce(max(${table.sort}), -1)::int` }).from(table);
  // The slug is the importer's key; a short random tail keeps two "Phones" apart.
  const slug = `${slugOf(input.nameEn)}-${randomBytes(3).toString('hex')}`;
  const [row] = await tx
    .insert(table)
    .values({ slug, nameAr: input.nameAr, nameEn: input.nameEn, image, sort: (last?.sort ?? -1) + 1 })
    .returning();
  return row!;
}

async function lockGroup(tx: Tx, kind: GroupKind, id: number): Promise<GroupRow | null> {
  const table = groupTable(kind);
  const [row] = await tx.select().from(table).where(eq(table.id, id)).for('update');
  return row ?? null;
}

/** Renames a category or brand, and sets its image when a new one is given; null when there is none. */
export async function updateGroup(
  tx: Tx,
  kind: GroupKind,
  id: number,
  input: GroupInput,
  image: string | undefined,
): Promise<{ before: GroupRow; after: GroupRow } | null> {
  const table = groupTable(kind);
  const before = await lockGroup(tx, kind, id);
  if (!before) return null;
  const [after] = await tx
    .update(table)
    .set({ nameAr: input.nameAr, nameEn: input.nameEn, ...(image && { image }), updatedAt: sql`now()` })
    .where(eq(table.id, id))
    .returning();
  return { before, after: after! };
}

/**
 * Removes a category or brand that no product uses (hidden ones count): GroupInUseError
 * otherwise. Answers the row removed, or null when there is none.
 */
export async function deleteGroup(tx: Tx, kind: GroupKind, id: number): Promise<GroupRow | null> {
  const table = groupTable(kind);
  const before = await lockGroup(tx, kind, id);
  if (!before) return null;
  const [used] = await tx
    .select({ n: count() })
    .from(products)
    .where(eq(groupColumn(kind), id));
  if ((used?.n ?? 0) > 0) throw new GroupInUseError(kind, used!.n);
  await tx.delete(table).where(eq(table.id, id));
  return before;
}

/**
 * Sets the order of every category or brand: `ids` must name each of them once (400
 * ORDER_IDS_INVALID otherwise). Answers the order before and after; the same order changes
 * nothing.
 */
export async function reorderGroups(
  tx: Tx,
  kind: GroupKind,
  ids: number[],
): Promise<{ before: number[]; after: number[] }> {
  const table = groupTable(kind);
  const current = await tx
    .select({ id: table.id, sort: table.sort })
    .from(table)
    .orderBy(asc(table.sort), asc(table.id))
    .for('update');
  const known = new Set(current.map((g) => g.id));
  if (ids.length !== current.length || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id)))
    throw badRequest('ORDER_IDS_INVALID', 'ids');
  const before = current.map((g) => g.id);
  if (before.join(',') !== ids.join(','))
    for (const [sort, id] of ids.entries()) await tx.update(table).set({ sort }).where(eq(table.id, id));
  return { before, after: ids };
}
