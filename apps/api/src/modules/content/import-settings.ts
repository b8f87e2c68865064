import type { ImportSettings } from '../catalog/import.ts';
import { putSettings, settingValueSchemas, type ShopSettings } from './settings.ts';

/** The shop settings a catalog file may set, checked and stored as the content module does. */
export const importSettings: ImportSettings = {
  schemas: settingValueSchemas,
  save: (tx, values) => putSettings(tx, values as Partial<ShopSettings>),
};
