import {
  infoPageKinds,
  type AdminContent,
  type AdminInfoPage,
  type AdminSettings,
  type Lang,
} from '@shop/contract';
import type { Db, Tx } from '../../db/client.ts';
import { renderMarkdown } from '../../modules/content/markdown.ts';
import { adminSlidesAndAgents, writtenInfoPages } from '../../modules/content/service.ts';
import type { PaymentKeys } from '../../modules/payments/keys.ts';
import { presentAdminSettings } from '../../modules/settings/admin.ts';
import type { MessageKeyring } from '../../modules/messages/keys.ts';
import { defaultPrivacyPolicy } from '../../modules/settings/privacy.ts';
import { getSettings } from '../../modules/settings/service.ts';

/**
 * The info pages as the back office edits them, each in both languages: the shop's text, or
 * what the storefront shows until it writes one (the privacy policy's default, else nothing).
 */
export async function adminInfoPages(db: Db | Tx): Promise<AdminInfoPage[]> {
  const [written, settings] = await Promise.all([writtenInfoPages(db), getSettings(db)]);
  return infoPageKinds.map((kind) => {
    const page = written.get(kind);
    if (page) return { kind, ...page, isDefault: false };
    const text = (lang: Lang) => (kind === 'privacy' ? defaultPrivacyPolicy(settings, lang) : '');
    return { kind, ar: text('ar'), en: text('en'), isDefault: true };
  });
}

/** Everything the content page edits: slides, agents and info pages. */
export async function adminContent(db: Db): Promise<AdminContent> {
  const [rows, infoPages] = await Promise.all([adminSlidesAndAgents(db), adminInfoPages(db)]);
  return { ...rows, infoPages };
}

/** The settings page (owners): the shop's settings, the payment keys only as set or not. */
export async function adminSettings(
  db: Db,
  keys: Pick<PaymentKeys, 'describe'>,
  messageKeys: Pick<MessageKeyring, 'describe'>,
): Promise<AdminSettings> {
  return presentAdminSettings(await getSettings(db), keys.describe(), messageKeys.describe());
}

/** Markdown in both languages rendered and sanitized as the storefront will show it. */
export function previewMarkdown(body: { ar: string; en: string }): { ar: string; en: string } {
  return { ar: renderMarkdown(body.ar), en: renderMarkdown(body.en) };
}
