import type { Lang } from '@shop/contract';
import type { Resource, ResourceLanguage, TFunction } from 'i18next';
import { createI18n } from './i18n.ts';

/** Every translation file, bundled into the server build so rendering never waits on I/O. */
const files = import.meta.glob<{ default: ResourceLanguage[string] }>('../../public/locales/*/*.json', {
  eager: true,
});

export const serverResources: Resource = {};
for (const [file, module] of Object.entries(files)) {
  const match = /locales\/([a-z]+)\/([a-z-]+)\.json$/.exec(file);
  if (!match) continue;
  const [, lang = '', ns = ''] = match;
  serverResources[lang] ??= {};
  serverResources[lang][ns] = module.default;
}

const translators = new Map<string, Promise<TFunction>>();

/** A translator for loaders (titles and descriptions for SEO), one shared instance per language. */
export function serverT(lang: Lang): Promise<TFunction> {
  let t = translators.get(lang);
  if (!t) {
    t = createI18n(lang, serverResources).then((instance) => instance.t);
    translators.set(lang, t);
  }
  return t;
}
