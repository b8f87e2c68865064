import { okMessage, type BackOfficeSearchSynonyms } from '@shop/contract';
import {
  createSynonymGroup,
  removeSynonymGroup,
  saveSynonymGroup,
} from '../../../use-cases/catalog-admin/synonyms.ts';
import { adminSynonymGroups } from '../../../views/back-office/search-synonyms.ts';
import { found } from '../../openapi.ts';
import type { BackOfficePageContext } from '../back-office-data.ts';

/** The search synonyms page (any member, as the other catalog pages): the same use cases as the API's calls. */
export function searchSynonymPages({
  app,
  lang,
  read,
  act,
}: BackOfficePageContext): BackOfficeSearchSynonyms {
  const shop = app.shop;
  return {
    synonymGroups: () => read({}, () => adminSynonymGroups(shop.db)),
    createSynonymGroup: (input) =>
      act({}, async (by) => {
        await createSynonymGroup(shop, input, by);
        return okMessage('SYNONYMS_SAVED', lang);
      }),
    saveSynonymGroup: (id, input) =>
      act({}, async (by) => {
        found(await saveSynonymGroup(shop, id, input, by), 'SYNONYM_GROUP_NOT_FOUND');
        return okMessage('SYNONYMS_SAVED', lang);
      }),
    removeSynonymGroup: (id) =>
      act({}, async (by) => {
        found(await removeSynonymGroup(shop, id, by), 'SYNONYM_GROUP_NOT_FOUND');
        return okMessage('SYNONYMS_DELETED', lang);
      }),
  };
}
