import type { Agent, InfoPageContent, InfoPageKind, Lang, Settings, Slider } from '@shop/contract';
import type { Db } from '../../db/client.ts';
import type { Shop } from '../../lib/shop.ts';
import { renderMarkdown } from '../../modules/content/markdown.ts';
import { listAgents, listSliders, writtenInfoPages } from '../../modules/content/service.ts';
import type { PaymentKeys } from '../../modules/payments/keys.ts';
import { defaultPrivacyPolicy } from '../../modules/settings/privacy.ts';
import { getSettings, settingsForClient } from '../../modules/settings/service.ts';

/**
 * The shop's settings and content as every visitor reads them, in a language: the API's public
 * content routes and the storefront's pages (which keep them in the read cache) answer these.
 */

/** The settings a client needs: colours, contact details, shipping fee, opening hours, payments. */
export async function storeSettings(
  shop: Pick<Shop, 'db' | 'config'>,
  keys: Pick<PaymentKeys, 'offered'>,
  lang: Lang,
): Promise<Settings> {
  return settingsForClient(await getSettings(shop.db), lang, {
    paymentSandbox: shop.config.paymentSandbox,
    paymentMethods: keys.offered(),
  });
}

/** The home page's slides, in order. */
export function storeSliders(db: Db, lang: Lang): Promise<Slider[]> {
  return listSliders(db, lang);
}

/** The agents (authorized resellers), in order. */
export function storeAgents(db: Db, lang: Lang): Promise<Agent[]> {
  return listAgents(db, lang);
}

/**
 * An info page's Markdown in the request language; empty until the shop writes it, except the
 * privacy policy, which has a default text naming the shop's contact details.
 */
export async function infoPageMarkdown(db: Db, kind: InfoPageKind, lang: Lang): Promise<string> {
  const written = (await writtenInfoPages(db, [kind])).get(kind);
  if (written) return written[lang];
  return kind === 'privacy' ? defaultPrivacyPolicy(await getSettings(db), lang) : '';
}

/** An info page as its page shows it: the Markdown and its sanitized HTML. */
export async function infoPage(db: Db, kind: InfoPageKind, lang: Lang): Promise<InfoPageContent> {
  const markdown = await infoPageMarkdown(db, kind, lang);
  return { markdown, html: renderMarkdown(markdown) };
}
