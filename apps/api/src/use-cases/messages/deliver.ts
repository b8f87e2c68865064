import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Lang } from '@shop/contract';
import { periodicTask } from '../../lib/periodic.ts';
import type { Shop } from '../../lib/shop.ts';
import { optOutLink } from '../../modules/messages/opt-out.ts';
import type { ChannelProviders } from '../../modules/messages/providers.ts';
import { renderTemplate, type Values } from '../../modules/messages/render.ts';
import type { MessageRow } from '../../modules/messages/schema.ts';
import {
  abandonInterrupted,
  claimDueMessages,
  recordFailure,
  recordSent,
  templateFor,
} from '../../modules/messages/service.ts';
import { findUserById } from '../../modules/users/service.ts';
import { answerStockRequests, watchWishlists } from './wishlist-alerts.ts';
import { remindWaitingCarts } from './cart-reminders.ts';

/**
 * Sending the outbox (decision 215). Each run first marks failed the messages whose worker
 * stopped mid-send (sending again could reach the shopper twice), then claims the due ones with a
 * lease (conditional update over SKIP LOCKED rows: two workers, in one process or two, never hold
 * the same message), renders each with its template as it is now, hands it to its channel's
 * provider and records the outcome, only as the claim's holder. A failure that may pass (no
 * answer, 5xx, 429) is queued again, the wait doubling from 30 seconds, up to six attempts; a
 * refusal fails the message for good.
 */

export type DeliveryDeps = Pick<Shop, 'db' | 'log' | 'config' | 'origin'> & { providers: ChannelProviders };

export const MAX_ATTEMPTS = 6;
const LEASE_MS = 2 * 60_000;
const FIRST_RETRY_MS = 30_000;

/** The wait after attempt `attempts`: 30 s, 1 min, 2 min, 4 min, 8 min. */
export function messageRetryDelayMs(attempts: number): number {
  return FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1);
}

const processOwner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

const locales: Record<Lang, string> = { ar: 'ar-SA-u-nu-latn', en: 'en-SA' };

function money(halalas: string, lang: Lang): string {
  return new Intl.NumberFormat(locales[lang], {
    style: 'currency',
    currency: 'SAR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(Number(halalas) / 100);
}

/** The template's values: the event's data (amounts in halalas become money in the language), the shopper's name and the links. */
async function valuesOf(deps: DeliveryDeps, row: MessageRow, name: string, now: Date): Promise<Values> {
  const lang = row.lang;
  const prefix = `${deps.origin()}${lang === 'en' ? '/en' : ''}`;
  const values: Values = { name };
  for (const [key, value] of Object.entries(row.data)) {
    // A value in both languages (`productName@ar`, `productName@en`): the message's own.
    if (key.includes('@')) {
      if (key.endsWith(`@${lang}`)) values[key.slice(0, key.indexOf('@'))] = value;
    } else if (key.endsWith('Halalas')) values[key.slice(0, -'Halalas'.length)] = money(value, lang);
    else values[key] = value;
  }
  if (row.orderId) values.orderLink = `${prefix}/order/details/${row.orderId}`;
  if (row.data.productId) values.productLink = `${prefix}/product/${row.data.productId}`;
  // The cart lives on the server with the account: its page shows the very cart left waiting.
  if (row.kind === 'reminder') values.cartLink = `${prefix}/cart`;
  values.optOutLink = await optOutLink(deps.config, deps.origin(), lang, {
    userId: row.userId,
    kind: row.kind,
    channel: row.channel,
    issuedAt: now,
  });
  return values;
}

async function deliverOne(
  deps: DeliveryDeps,
  row: MessageRow,
  owner: string,
  now: Date,
): Promise<'sent' | 'retry' | 'failed'> {
  const shopper = await findUserById(deps.db, row.userId);
  const template = await templateFor(deps.db, { event: row.event, channel: row.channel, lang: row.lang });
  const values = await valuesOf(deps, row, shopper?.name ?? '', now);
  const rendered = renderTemplate(row.channel, row.lang, template, values);
  const outcome = await deps.providers[row.channel].send({
    channel: row.channel,
    to: row.recipient,
    lang: row.lang,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    whatsapp: rendered.whatsapp,
    reference: row.idempotencyKey,
    optOutLink: values.optOutLink!,
  });
  if (outcome.ok) {
    await recordSent(deps.db, row.id, owner, {
      providerId: outcome.providerId,
      subject: rendered.subject,
      body: rendered.text,
      delivered: outcome.delivered,
    });
    return 'sent';
  }
  const retry = outcome.retry && row.attempts < MAX_ATTEMPTS;
  await recordFailure(deps.db, row.id, owner, {
    error: outcome.error,
    retryAt: retry ? new Date(now.getTime() + messageRetryDelayMs(row.attempts)) : null,
    subject: rendered.subject,
    body: rendered.text,
  });
  deps.log.warn({ messageId: row.id, channel: row.channel, error: outcome.error, retry }, 'message not sent');
  return retry ? 'retry' : 'failed';
}

export interface DeliverySummary {
  sent: number;
  retried: number;
  failed: number;
  interrupted: number;
}

/** Sends the messages due now; `owner` names the claimant (this process by default). */
export async function deliverDueMessages(
  deps: DeliveryDeps,
  options: { now?: Date; limit?: number; owner?: string } = {},
): Promise<DeliverySummary> {
  const now = options.now ?? new Date();
  const owner = options.owner ?? processOwner;
  const summary: DeliverySummary = {
    sent: 0,
    retried: 0,
    failed: 0,
    interrupted: await abandonInterrupted(deps.db, now),
  };
  const claimed = await claimDueMessages(deps.db, owner, {
    leaseMs: LEASE_MS,
    limit: options.limit ?? 50,
    now,
  });
  for (const row of claimed) {
    try {
      const result = await deliverOne(deps, row, owner, now);
      if (result === 'sent') summary.sent++;
      else if (result === 'retry') summary.retried++;
      else summary.failed++;
    } catch (error) {
      // Our own trouble (the database, a template): try again later, within the attempts.
      deps.log.error({ err: error, messageId: row.id }, 'message delivery failed');
      await recordFailure(deps.db, row.id, owner, {
        error: (error as Error).message,
        retryAt:
          row.attempts < MAX_ATTEMPTS ? new Date(now.getTime() + messageRetryDelayMs(row.attempts)) : null,
      });
      summary.retried++;
    }
  }
  return summary;
}

/**
 * The delivery task of one process: every `intervalMs`, and soon after a change queued messages
 * (`kick`), so a shopper hears of a shipment within a moment, not at the next run.
 */
export function messageDelivery(deps: DeliveryDeps, intervalMs: number) {
  // Each run first looks for wished products that became cheaper or came back, for sold-out
  // variants shoppers asked about that are in stock again, and for carts left waiting (they
  // queue messages), then sends what is due.
  const task = periodicTask({ name: 'message delivery', intervalMs, log: deps.log }, async () => {
    await watchWishlists(deps);
    await answerStockRequests(deps);
    await remindWaitingCarts(deps);
    return deliverDueMessages(deps);
  });
  let pending: Promise<unknown> = Promise.resolve();
  let again = false;
  let closed = false;
  const runSoon = () => {
    if (closed) return;
    if (again) return;
    again = true;
    pending = pending
      .then(async () => {
        again = false;
        if (!closed) await deliverDueMessages(deps);
      })
      .catch((error: unknown) => deps.log.error({ err: error }, 'message delivery failed'));
  };
  return {
    start: () => task.start(),
    kick: runSoon,
    async stop() {
      closed = true;
      await task.stop();
      await pending;
    },
  };
}
