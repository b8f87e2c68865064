import type { SynonymGroup } from '@shop/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { searchSynonymGroups, searchSynonyms } from './schema.ts';

/*
 * Search synonym groups (decision 198): their list and changes. Each change is made inside the
 * transaction it is given and changes these two tables only; it answers the group before and
 * after, and null when the group is not there. The use cases (use-cases/catalog-admin/) record
 * the audit entry and publish on the change bus, so cached search answers are forgotten.
 * Words that normalize alike (أ/ا, ة/ه, letter case) are kept once per group.
 */

/** Every group with its words in order, oldest group first. */
export async function listSynonymGroups(db: Db | Tx): Promise<SynonymGroup[]> {
  const rows = await db
    .select({
      id: searchSynonymGroups.id,
      words: sql<
        string[]
      >`coalesce(array_agg(${searchSynonyms.word} order by ${searchSynonyms.sort}) filter (where ${searchSynonyms.word} is not null), '{}')`,
    })
    .from(searchSynonymGroups)
    .leftJoin(searchSynonyms, eq(searchSynonyms.groupId, searchSynonymGroups.id))
    .groupBy(searchSynonymGroups.id)
    .orderBy(asc(searchSynonymGroups.id));
  return rows;
}

async function readGroup(tx: Db | Tx, id: number): Promise<SynonymGroup | null> {
  const [group] = await tx
    .select({ id: searchSynonymGroups.id })
    .from(searchSynonymGroups)
    .where(eq(searchSynonymGroups.id, id))
    .for('update');
  if (!group) return null;
  const words = await tx
    .select({ word: searchSynonyms.word })
    .from(searchSynonyms)
    .where(eq(searchSynonyms.groupId, id))
    .orderBy(asc(searchSynonyms.sort));
  return { id, words: words.map((w) => w.word) };
}

/** Writes `words` as the group's, in order; a word normalizing like an earlier one is left out. */
async function writeWords(tx: Tx, id: number, words: string[]): Promise<SynonymGroup> {
  await tx
    .insert(searchSynonyms)
    .values(words.map((word, i) => ({ groupId: id, sort: i + 1, word })))
    .onConflictDoNothing({ target: [searchSynonyms.groupId, searchSynonyms.norm] });
  return (await readGroup(tx, id))!;
}

export async function insertSynonymGroup(tx: Tx, words: string[]): Promise<SynonymGroup> {
  const [row] = await tx.insert(searchSynonymGroups).values({}).returning({ id: searchSynonymGroups.id });
  return writeWords(tx, row!.id, words);
}

export async function updateSynonymGroup(
  tx: Tx,
  id: number,
  words: string[],
): Promise<{ before: SynonymGroup; after: SynonymGroup } | null> {
  const before = await readGroup(tx, id);
  if (!before) return null;
  await tx.delete(searchSynonyms).where(eq(searchSynonyms.groupId, id));
  await tx.update(searchSynonymGroups).set({ updatedAt: new Date() }).where(eq(searchSynonymGroups.id, id));
  return { before, after: await writeWords(tx, id, words) };
}

export async function deleteSynonymGroup(tx: Tx, id: number): Promise<SynonymGroup | null> {
  const before = await readGroup(tx, id);
  if (!before) return null;
  await tx.delete(searchSynonymGroups).where(eq(searchSynonymGroups.id, id));
  return before;
}
