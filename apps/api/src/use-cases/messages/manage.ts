import type {
  MessageKeysUpdate,
  MessagePreview,
  MessageTemplateEdit,
  MessageTemplateKey,
  OptOutQuery,
} from '@shop/contract';
import type { AuditActor } from '../../lib/audit-actor.ts';
import { AppError } from '../../lib/errors.ts';
import type { Shop } from '../../lib/shop.ts';
import { recordAudit } from '../../modules/audit/service.ts';
import { saveMessageKeys, type MessageKeyring } from '../../modules/messages/keys.ts';
import { verifyOptOut } from '../../modules/messages/opt-out.ts';
import { renderTemplate, type Values } from '../../modules/messages/render.ts';
import {
  checkTemplate,
  optOutFromLink,
  resetTemplate,
  saveChoices,
  saveTemplate,
  type Choice,
} from '../../modules/messages/service.ts';

/**
 * What owners and shoppers change about messages: the owner's templates (with their audit
 * entries), the message keys, the shopper's channels, and an opt-out link's effect.
 */

/** The sample order and product a template's preview is filled with. */
function sampleValues(shop: Pick<Shop, 'origin'>, lang: 'ar' | 'en'): Values {
  const prefix = `${shop.origin()}${lang === 'en' ? '/en' : ''}`;
  const ar = lang === 'ar';
  return {
    name: ar ? 'سارة' : 'Sara',
    orderNumber: '1042',
    orderLink: `${prefix}/order/details/00000000-0000-4000-8000-000000001042`,
    total: ar ? '‏4,599.00 ر.س.‏' : 'SAR 4,599.00',
    amount: ar ? '‏250.00 ر.س.‏' : 'SAR 250.00',
    refundedSoFar: ar ? '‏250.00 ر.س.‏' : 'SAR 250.00',
    reason: ar ? 'فرق سعر' : 'Price match',
    creditNoteNumber: '17',
    decision: ar ? 'قبلنا' : 'approved',
    note: ar ? 'أرسل الجهاز إلى فرعنا في العليا' : 'Please send the device to our Olaya branch',
    carrier: 'SMSA',
    trackingNumber: 'RUH123456',
    trackingUrl: 'https://track.example.com/RUH123456',
    productName: ar ? 'آيفون 15 برو' : 'iPhone 15 Pro',
    oldPrice: ar ? '‏4,999.00 ر.س.‏' : 'SAR 4,999.00',
    newPrice: ar ? '‏4,599.00 ر.س.‏' : 'SAR 4,599.00',
    productLink: `${prefix}/product/1`,
    itemCount: '3',
    cartLink: `${prefix}/cart`,
    optOutLink: `${prefix}/messages/opt-out?sample`,
  };
}

/** The template rendered with sample data, as the shopper would read it; checks it first. */
export function previewTemplate(shop: Pick<Shop, 'origin'>, edit: MessageTemplateEdit): MessagePreview {
  checkTemplate(edit);
  const rendered = renderTemplate(edit.channel, edit.lang, edit, sampleValues(shop, edit.lang));
  return { subject: rendered.subject, text: rendered.text, html: rendered.html, whatsapp: rendered.whatsapp };
}

export async function editTemplate(
  shop: Pick<Shop, 'db'>,
  by: AuditActor,
  edit: MessageTemplateEdit,
): Promise<void> {
  await shop.db.transaction(async (tx) => {
    await saveTemplate(tx, edit, by.staffId);
    await recordAudit(tx, {
      by,
      action: 'message_template.update',
      entityType: 'message_template',
      entityId: `${edit.event}/${edit.channel}/${edit.lang}`,
      before: null,
      after: { subject: edit.subject, body: edit.body, whatsappName: edit.whatsappName },
    });
  });
}

export async function restoreTemplate(
  shop: Pick<Shop, 'db'>,
  by: AuditActor,
  key: MessageTemplateKey,
): Promise<void> {
  await shop.db.transaction(async (tx) => {
    await resetTemplate(tx, key);
    await recordAudit(tx, {
      by,
      action: 'message_template.reset',
      entityType: 'message_template',
      entityId: `${key.event}/${key.channel}/${key.lang}`,
      before: null,
      after: { reset: true },
    });
  });
}

/** Saves the providers' keys (sealed); the audit entry names the keys changed, never their values. */
export async function updateMessageKeys(
  shop: Pick<Shop, 'db' | 'config' | 'changes'> & { messageKeys: MessageKeyring },
  by: AuditActor,
  input: MessageKeysUpdate,
): Promise<boolean> {
  const changed = await shop.db.transaction(async (tx) => {
    const names = await saveMessageKeys(tx, shop.config, input);
    if (names.length)
      await recordAudit(tx, {
        by,
        action: 'message_keys.update',
        entityType: 'settings',
        entityId: 'messages',
        before: null,
        after: { keysChanged: names },
      });
    return names.length > 0;
  });
  if (changed) {
    await shop.messageKeys.reload(shop.db);
    await shop.changes.publish({ topic: 'settings' });
  }
  return changed;
}

/** The shopper's channels, as their profile's form sends them. */
export async function saveShopperChoices(
  shop: Pick<Shop, 'db'>,
  userId: string,
  choices: Choice[],
): Promise<void> {
  await shop.db.transaction((tx) => saveChoices(tx, userId, choices));
}

/**
 * An opt-out link's effect: that kind stops on that channel. A link whose signature does not hold
 * (changed, forged) is refused with OPT_OUT_LINK_INVALID; one made before the shopper's latest
 * choice of that kind and channel (replayed after they turned it back on) with OPT_OUT_LINK_OLD;
 * neither changes anything.
 */
export async function optOut(shop: Pick<Shop, 'db' | 'config'>, query: Partial<OptOutQuery>) {
  const link = await verifyOptOut(shop.config, query);
  if (!link) throw new AppError(400, 'OPT_OUT_LINK_INVALID');
  const outcome = await shop.db.transaction((tx) =>
    optOutFromLink(tx, link.userId, link.kind, link.channel, link.issuedAt),
  );
  if (outcome === 'no-user') throw new AppError(400, 'OPT_OUT_LINK_INVALID');
  if (outcome === 'old') throw new AppError(409, 'OPT_OUT_LINK_OLD');
  return { kind: link.kind, channel: link.channel };
}

/** Whether a link holds, for the page that asks the shopper to confirm (a read: nothing changes). */
export async function checkOptOutLink(shop: Pick<Shop, 'config'>, query: Partial<OptOutQuery>) {
  return verifyOptOut(shop.config, query);
}
