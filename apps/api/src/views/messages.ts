import type { MessagePreferences, SentMessage } from '@shop/contract';
import type { Db } from '../db/client.ts';
import type { MessageRow } from '../modules/messages/schema.ts';
import { choicesOf, listTemplates } from '../modules/messages/service.ts';
import { findUserById } from '../modules/users/service.ts';

/**
 * The reads of shopper messages: the owner's templates, a shopper's choices, and a message as the
 * back office's order page lists it (the address partly hidden: the page shows where it stands,
 * not whom to write to).
 */

function hideRecipient(recipient: string): string {
  const at = recipient.indexOf('@');
  if (at > 0) return `${recipient.slice(0, Math.min(2, at))}…${recipient.slice(at)}`;
  return `${recipient.slice(0, 5)}…${recipient.slice(-3)}`;
}

export function presentSentMessage(row: MessageRow): SentMessage {
  return {
    id: row.id,
    event: row.event,
    channel: row.channel,
    lang: row.lang,
    status: row.status,
    to: hideRecipient(row.recipient),
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

export async function messageTemplates(db: Db) {
  return { templates: await listTemplates(db) };
}

/** The shopper's channels per kind, and where SMS, WhatsApp and e-mail go; null without the account. */
export async function shopperMessagePreferences(db: Db, userId: string): Promise<MessagePreferences | null> {
  const user = await findUserById(db, userId);
  if (!user) return null;
  return { phone: user.phone, email: user.email, choices: await choicesOf(db, userId) };
}
