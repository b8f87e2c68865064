import {
  kindOfEvent,
  messageChannels,
  messageEvents,
  messageKinds,
  messagePlaceholders,
  type MessageChannel,
  type MessageEvent,
  type MessageKind,
  type MessageTemplate,
  type MessageTemplateEdit,
  type MessageTemplateKey,
} from '@shop/contract';
import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { users } from '../users/schema.ts';
import { defaultWhatsappName, defaultWording } from './defaults.ts';
import { placeholdersOf } from './render.ts';
import { messagePreferences, messages, messageTemplates, type MessageRow } from './schema.ts';

// ── Templates ───────────────────────────────────────────────────────────────────────────────

function defaultTemplate(key: MessageTemplateKey): MessageTemplate {
  const wording = defaultWording[key.event][key.lang];
  return {
    ...key,
    subject: key.channel === 'email' ? wording.subject : '',
    body: key.channel === 'email' ? wording.email : wording.short,
    whatsappName: key.channel === 'whatsapp' ? defaultWhatsappName(key.event) : '',
    edited: false,
    placeholders: [...messagePlaceholders[key.event]],
  };
}

/** Every template (events × channels × languages): the owner's where edited, else the shop's default. */
export async function listTemplates(db: Db): Promise<MessageTemplate[]> {
  const rows = await db.select().from(messageTemplates);
  const saved = new Map(rows.map((r) => [`${r.event}|${r.channel}|${r.lang}`, r]));
  const all: MessageTemplate[] = [];
  for (const event of messageEvents)
    for (const channel of messageChannels)
      for (const lang of ['ar', 'en'] as const) {
        const row = saved.get(`${event}|${channel}|${lang}`);
        const fallback = defaultTemplate({ event, channel, lang });
        all.push(
          row
            ? {
                ...fallback,
                subject: row.subject,
                body: row.body,
                whatsappName: row.whatsappName,
                edited: true,
              }
            : fallback,
        );
      }
  return all;
}

const templateKeyIs = (key: MessageTemplateKey) =>
  and(
    eq(messageTemplates.event, key.event),
    eq(messageTemplates.channel, key.channel),
    eq(messageTemplates.lang, key.lang),
  );

/** One template as it is used now. */
export async function templateFor(db: Db, key: MessageTemplateKey): Promise<MessageTemplate> {
  const [row] = await db.select().from(messageTemplates).where(templateKeyIs(key));
  const fallback = defaultTemplate(key);
  return row
    ? { ...fallback, subject: row.subject, body: row.body, whatsappName: row.whatsappName, edited: true }
    : fallback;
}

/**
 * Refuses a template that would send something broken: a placeholder its event does not have, no
 * opt-out link, an e-mail without a subject, a WhatsApp template without its approved name.
 */
export function checkTemplate(edit: MessageTemplateEdit): void {
  const allowed = new Set(messagePlaceholders[edit.event]);
  const used = [...placeholdersOf(edit.body), ...placeholdersOf(edit.subject)];
  if (used.some((name) => !allowed.has(name)))
    throw new AppError(400, 'MESSAGE_TEMPLATE_UNKNOWN_PLACEHOLDER', [
      { path: 'body', code: 'MESSAGE_TEMPLATE_UNKNOWN_PLACEHOLDER' },
    ]);
  if (!placeholdersOf(edit.body).includes('optOutLink'))
    throw new AppError(400, 'MESSAGE_TEMPLATE_NEEDS_OPT_OUT', [
      { path: 'body', code: 'MESSAGE_TEMPLATE_NEEDS_OPT_OUT' },
    ]);
  if (edit.channel === 'email' && edit.subject.trim() === '')
    throw new AppError(400, 'MESSAGE_TEMPLATE_NEEDS_SUBJECT', [
      { path: 'subject', code: 'MESSAGE_TEMPLATE_NEEDS_SUBJECT' },
    ]);
  if (edit.channel === 'whatsapp' && edit.whatsappName === '')
    throw new AppError(400, 'MESSAGE_TEMPLATE_NEEDS_WHATSAPP_NAME', [
      { path: 'whatsappName', code: 'MESSAGE_TEMPLATE_NEEDS_WHATSAPP_NAME' },
    ]);
}

export async function saveTemplate(tx: Tx, edit: MessageTemplateEdit, staffId: string | null): Promise<void> {
  checkTemplate(edit);
  const values = {
    subject: edit.channel === 'email' ? edit.subject : '',
    body: edit.body,
    whatsappName: edit.channel === 'whatsapp' ? edit.whatsappName : '',
    updatedBy: staffId,
    updatedAt: new Date(),
  };
  await tx
    .insert(messageTemplates)
    .values({ event: edit.event, channel: edit.channel, lang: edit.lang, ...values })
    .onConflictDoUpdate({
      target: [messageTemplates.event, messageTemplates.channel, messageTemplates.lang],
      set: values,
    });
}

/** Back to the shop's default wording. */
export async function resetTemplate(tx: Tx, key: MessageTemplateKey): Promise<void> {
  await tx.delete(messageTemplates).where(templateKeyIs(key));
}

// ── The shopper's choices ─────────────────────────────────────────────────────────────────────

export interface Choice {
  kind: MessageKind;
  channel: MessageChannel;
  enabled: boolean;
}

/**
 * Order updates by e-mail are on until the shopper turns them off, and so are the e-mail a
 * shopper asked for with "tell me when it is back" and the one reminder of a cart they left
 * waiting; everything else (SMS, WhatsApp, wishlist alerts) waits for the shopper to turn it on.
 */
const defaultEnabled = (kind: MessageKind, channel: MessageChannel) =>
  kind !== 'wishlist' && channel === 'email';

/** Every kind × channel with the shopper's choice, or the default where they made none. */
export async function choicesOf(db: Db | Tx, userId: string): Promise<Choice[]> {
  const rows = await db.select().from(messagePreferences).where(eq(messagePreferences.userId, userId));
  return messageKinds.flatMap((kind) =>
    messageChannels.map((channel) => ({
      kind,
      channel,
      enabled:
        rows.find((r) => r.kind === kind && r.channel === channel)?.enabled ?? defaultEnabled(kind, channel),
    })),
  );
}

/** Saves the choices given (the others stay); a choice that does not change keeps its time. */
export async function saveChoices(
  tx: Tx,
  userId: string,
  choices: Choice[],
  now = new Date(),
): Promise<void> {
  const current = await choicesOf(tx, userId);
  for (const choice of choices) {
    const was = current.find((c) => c.kind === choice.kind && c.channel === choice.channel);
    if (was?.enabled === choice.enabled) continue;
    await tx
      .insert(messagePreferences)
      .values({ userId, kind: choice.kind, channel: choice.channel, enabled: choice.enabled, updatedAt: now })
      .onConflictDoUpdate({
        target: [messagePreferences.userId, messagePreferences.kind, messagePreferences.channel],
        set: { enabled: choice.enabled, updatedAt: now },
      });
  }
}

/**
 * Turns one kind off on one channel, from a link issued at `issuedAt`: only when the shopper has
 * not changed that choice since the link was made, so an old link, replayed after the shopper
 * turned the messages back on, changes nothing. 'changed', 'already' (off already) or 'old'.
 */
export async function optOutFromLink(
  tx: Tx,
  userId: string,
  kind: MessageKind,
  channel: MessageChannel,
  issuedAt: Date,
): Promise<'changed' | 'already' | 'old' | 'no-user'> {
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) return 'no-user';
  const [row] = await tx
    .select()
    .from(messagePreferences)
    .where(
      and(
        eq(messagePreferences.userId, userId),
        eq(messagePreferences.kind, kind),
        eq(messagePreferences.channel, channel),
      ),
    )
    .for('update');
  if (row && !row.enabled) return 'already';
  if (row && row.updatedAt.getTime() > issuedAt.getTime()) return 'old';
  if (!row && !defaultEnabled(kind, channel)) return 'already';
  await saveChoices(tx, userId, [{ kind, channel, enabled: false }]);
  return 'changed';
}

// ── The outbox ───────────────────────────────────────────────────────────────────────────────

export interface QueueRequest {
  userId: string;
  event: MessageEvent;
  /** What the event is about, unique per event (an order, a refund, a product and price). */
  subject: string;
  orderId?: string;
  /** The template's values known when the event happens (the name and links are added when sent). */
  data: Record<string, string>;
}

/**
 * Queues the event's message on every channel the shopper chose for its kind, in the shopper's
 * language, inside the caller's transaction. The key (event, subject, channel) is unique: the same
 * event queued twice, by a retried request or two processes, is one message per channel.
 * Returns the messages queued now.
 */
export async function queueMessages(tx: Tx, request: QueueRequest): Promise<number> {
  const [user] = await tx
    .select({ email: users.email, phone: users.phone, lang: users.lang, active: users.active })
    .from(users)
    .where(eq(users.id, request.userId));
  if (!user?.active) return 0;
  const kind = kindOfEvent(request.event);
  const channels = (await choicesOf(tx, request.userId)).filter((c) => c.kind === kind && c.enabled);
  if (channels.length === 0) return 0;
  const rows = await tx
    .insert(messages)
    .values(
      channels.map(({ channel }) => ({
        idempotencyKey: `${request.event}:${request.subject}:${channel}`,
        userId: request.userId,
        orderId: request.orderId ?? null,
        event: request.event,
        kind,
        channel,
        lang: user.lang,
        recipient: channel === 'email' ? user.email : user.phone,
        data: request.data,
      })),
    )
    .onConflictDoNothing({ target: messages.idempotencyKey })
    .returning({ id: messages.id });
  return rows.length;
}

/**
 * Claims up to `limit` messages that are due for this worker: a conditional update over rows
 * locked with SKIP LOCKED, so two workers (in one process or two) never hold the same message.
 * Each claim counts as an attempt and holds the message for `leaseMs`.
 */
export async function claimDueMessages(
  db: Db,
  owner: string,
  options: { leaseMs: number; limit: number; now?: Date },
): Promise<MessageRow[]> {
  const now = options.now ?? new Date();
  const due = db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.status, 'queued'), lte(messages.nextAttemptAt, now)))
    .orderBy(asc(messages.nextAttemptAt), asc(messages.id))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(messages)
    .set({
      status: 'sending',
      claimedBy: owner,
      claimedUntil: new Date(now.getTime() + options.leaseMs),
      attempts: sql`${messages.attempts} + 1`,
    })
    .where(and(inArray(messages.id, due), eq(messages.status, 'queued')))
    .returning();
  return rows.sort((a, b) => a.id - b.id);
}

/**
 * Messages whose worker stopped while sending (its lease ran out): the provider may or may not
 * have taken them, and sending again could reach the shopper twice, so they are marked failed
 * with the reason, for staff to see. Returns how many.
 */
export async function abandonInterrupted(db: Db, now = new Date()): Promise<number> {
  const rows = await db
    .update(messages)
    .set({
      status: 'failed',
      lastError: 'interrupted while sending: not sent again',
      claimedBy: null,
      claimedUntil: null,
    })
    .where(and(eq(messages.status, 'sending'), lt(messages.claimedUntil, now)))
    .returning({ id: messages.id });
  return rows.length;
}

/** Ends this worker's claim on a message with `values`; false when it no longer holds it. */
async function endClaim(
  db: Db,
  id: number,
  owner: string,
  values: Partial<typeof messages.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(messages)
    .set({ ...values, claimedBy: null, claimedUntil: null })
    .where(and(eq(messages.id, id), eq(messages.status, 'sending'), eq(messages.claimedBy, owner)))
    .returning({ id: messages.id });
  return rows.length > 0;
}

/** The worker's record of what it sent; only the claim's holder may write it. */
export function recordSent(
  db: Db,
  id: number,
  owner: string,
  sent: { providerId: string | null; subject: string; body: string; delivered: boolean; now?: Date },
): Promise<boolean> {
  const now = sent.now ?? new Date();
  return endClaim(db, id, owner, {
    status: sent.delivered ? 'delivered' : 'sent',
    providerId: sent.providerId,
    subject: sent.subject,
    body: sent.body,
    sentAt: now,
    ...(sent.delivered && { deliveredAt: now }),
    lastError: null,
  });
}

/** A failed attempt: queued again at `retryAt`, or failed for good when there is none. */
export function recordFailure(
  db: Db,
  id: number,
  owner: string,
  failure: { error: string; retryAt: Date | null; subject?: string; body?: string },
): Promise<boolean> {
  return endClaim(db, id, owner, {
    status: failure.retryAt ? 'queued' : 'failed',
    ...(failure.retryAt && { nextAttemptAt: failure.retryAt }),
    lastError: failure.error.slice(0, 500),
    ...(failure.subject !== undefined && { subject: failure.subject }),
    ...(failure.body !== undefined && { body: failure.body }),
  });
}

/** A provider's delivery report: sent → delivered, or → failed with its reason. */
export async function recordDeliveryReport(
  db: Db,
  providerId: string,
  report: { delivered: boolean; error?: string; now?: Date },
): Promise<number> {
  const rows = await db
    .update(messages)
    .set(
      report.delivered
        ? { status: 'delivered', deliveredAt: report.now ?? new Date() }
        : { status: 'failed', lastError: (report.error ?? 'not delivered').slice(0, 500) },
    )
    .where(
      and(
        eq(messages.providerId, providerId),
        or(eq(messages.status, 'sent'), eq(messages.status, 'delivered')),
      ),
    )
    .returning({ id: messages.id });
  return rows.length;
}

/** An order's messages, oldest first. */
export async function messagesOfOrder(db: Db, orderId: string): Promise<MessageRow[]> {
  return db.select().from(messages).where(eq(messages.orderId, orderId)).orderBy(asc(messages.id));
}
