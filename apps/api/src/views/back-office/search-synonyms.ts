import type { SynonymGroup } from '@shop/contract';
import type { Db } from '../../db/client.ts';
import { listSynonymGroups } from '../../modules/catalog/synonyms.ts';

/** The search synonym groups as the back office lists them, oldest first. */
export function adminSynonymGroups(db: Db): Promise<SynonymGroup[]> {
  return listSynonymGroups(db);
}
