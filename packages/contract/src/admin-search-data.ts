import type { ActionResult } from './actions.ts';
import type { SynonymGroup, SynonymGroupInput } from './admin-search.ts';

/** The back office's search synonyms page: its list and changes, in the page's language. */
export interface BackOfficeSearchSynonyms {
  /** Every synonym group, oldest first. */
  synonymGroups(): Promise<SynonymGroup[]>;
  createSynonymGroup(input: SynonymGroupInput): Promise<ActionResult>;
  /** Replaces a group's words; 404 SYNONYM_GROUP_NOT_FOUND when it is gone. */
  saveSynonymGroup(id: number, input: SynonymGroupInput): Promise<ActionResult>;
  removeSynonymGroup(id: number): Promise<ActionResult>;
}
