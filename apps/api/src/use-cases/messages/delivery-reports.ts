import { createHmac } from 'node:crypto';
import { sameSecret } from '../../lib/same-secret.ts';
import type { Shop } from '../../lib/shop.ts';
import type { MessageKeyring } from '../../modules/messages/keys.ts';
import { recordDeliveryReport } from '../../modules/messages/service.ts';

/**
 * WhatsApp's status webhook (decision 213): Meta posts `entry[].changes[].value.statuses[]`
 * (`id` the wamid, `status` sent, delivered, read or failed, `errors` for a failure), signed with
 * the app secret as `X-Hub-Signature-256: sha256=<hex HMAC of the raw body>`. A body whose
 * signature does not hold is refused and changes nothing; `delivered` and `read` mark the message
 * delivered, `failed` marks it failed with Meta's reason.
 */

interface StatusWebhook {
  entry?: {
    changes?: {
      value?: { statuses?: { id?: string; status?: string; errors?: { code?: number; title?: string }[] }[] };
    }[];
  }[];
}

export type ReportDeps = Pick<Shop, 'db'> & { messageKeys: MessageKeyring };

export function signatureHolds(
  secret: string | undefined,
  rawBody: string,
  header: string | undefined,
): boolean {
  if (!secret || !header?.startsWith('sha256=')) return false;
  return sameSecret(
    header.slice('sha256='.length),
    createHmac('sha256', secret).update(rawBody).digest('hex'),
  );
}

/** The messages it changed; null when the signature does not hold. */
export async function receiveWhatsappStatuses(
  deps: ReportDeps,
  rawBody: string,
  signature: string | undefined,
): Promise<number | null> {
  if (!signatureHolds(deps.messageKeys.get('whatsappAppSecret'), rawBody, signature)) return null;
  let body: StatusWebhook;
  try {
    body = JSON.parse(rawBody) as StatusWebhook;
  } catch {
    return 0;
  }
  let changed = 0;
  for (const entry of body.entry ?? [])
    for (const change of entry.changes ?? [])
      for (const status of change.value?.statuses ?? []) {
        if (!status.id) continue;
        if (status.status === 'delivered' || status.status === 'read')
          changed += await recordDeliveryReport(deps.db, `whatsapp:${status.id}`, { delivered: true });
        else if (status.status === 'failed') {
          const error = status.errors?.[0];
          changed += await recordDeliveryReport(deps.db, `whatsapp:${status.id}`, {
            delivered: false,
            error: `WhatsApp ${error?.code ?? ''}: ${error?.title ?? 'failed'}`,
          });
        }
      }
  return changed;
}

/** The subscription's check: Meta's challenge, echoed when the verify token is ours. */
export function answerWhatsappChallenge(
  keys: MessageKeyring,
  query: { 'hub.mode'?: string; 'hub.verify_token'?: string; 'hub.challenge'?: string },
): string | null {
  const token = keys.get('whatsappVerifyToken');
  if (!token || query['hub.mode'] !== 'subscribe' || !query['hub.challenge']) return null;
  return sameSecret(query['hub.verify_token'] ?? '', token) ? query['hub.challenge'] : null;
}
