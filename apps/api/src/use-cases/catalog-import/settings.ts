import type { Db, Tx } from '../../db/client.ts';
import { getSettings, settingValueSchemas } from '../../modules/settings/service.ts';
import { changedSettings, saveSettingsChange } from '../update-settings.ts';
import type { ImportSettings } from './write.ts';

/** The shop settings a catalog file may set, checked by the settings module and saved by the settings use case. */
export const importSettings: ImportSettings = {
  schemas: settingValueSchemas,
  changes: async (db: Db | Tx, values) => Object.keys(changedSettings(await getSettings(db), values)),
  save: saveSettingsChange,
};
