import type { Lang } from '@shop/contract/constants';
import type { i18n, Resource, ResourceLanguage, TFunction } from 'i18next';
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

const instances = new Map<Lang, Promise<i18n>>();

/**
 * The server's i18next instance for a language, made once and shared by every request: pages
 * never change an instance's language or resources, and making one per request is measurable
 * work on every page (docs/decisions/033-storefront-speed.md).
 */
export function serverI18n(lang: Lang): Promise<i18n> {
  let instance = instances.get(lang);
  if (!instance) {
    instance = createI18n(lang, serverResources);
    instances.set(lang, instance);
  }
  return instance;
}

/** A translator for loaders (titles and descriptions for SEO). */
export async function serverT(lang: Lang): Promise<TFunction> {
  return (await serverI18n(lang)).t;
}
