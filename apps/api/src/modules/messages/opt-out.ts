import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  messageChannels,
  messageKinds,
  type Lang,
  type MessageChannel,
  type MessageKind,
  type OptOutQuery,
} from '@shop/contract';
import type { Config } from '../../config.ts';
import { derivedKey } from '../../lib/sealed-secret.ts';

/**
 * Opt-out links (decision 218): `/messages/opt-out?u=<shopper>&k=<kind>&c=<channel>&t=<issued>&s=<sig>`,
 * signed with HMAC-SHA-256 under a key derived from the sealing key. The signature covers the
 * shopper, the kind, the channel and when the link was made, so a link changed in any part is
 * refused; the time lets an old link be refused once the shopper chose again after it.
 */

type SigningConfig = Pick<Config, 'staff' | 'dataDir'>;

const LABEL = 'shopper-message-opt-out-v1';

async function signature(config: SigningConfig, u: string, k: string, c: string, t: string): Promise<string> {
  return createHmac('sha256', await derivedKey(config, LABEL))
    .update(`${u}\n${k}\n${c}\n${t}`)
    .digest('base64url');
}

export async function optOutLink(
  config: SigningConfig,
  origin: string,
  lang: Lang,
  who: { userId: string; kind: MessageKind; channel: MessageChannel; issuedAt: Date },
): Promise<string> {
  const t = who.issuedAt.getTime().toString(36);
  const s = await signature(config, who.userId, who.kind, who.channel, t);
  const query = new URLSearchParams({ u: who.userId, k: who.kind, c: who.channel, t, s });
  return `${origin}${lang === 'en' ? '/en' : ''}/messages/opt-out?${query.toString()}`;
}

export interface VerifiedOptOut {
  userId: string;
  kind: MessageKind;
  channel: MessageChannel;
  issuedAt: Date;
}

/** The link's shopper, kind, channel and time when its signature holds; null for anything else. */
export async function verifyOptOut(
  config: SigningConfig,
  query: Partial<OptOutQuery>,
): Promise<VerifiedOptOut | null> {
  const { u, k, c, t, s } = query;
  if (!u || !k || !c || !t || !s) return null;
  if (!/^[0-9a-f-]{36}$/.test(u) || !/^[0-9a-z]{1,10}$/.test(t)) return null;
  if (!(messageKinds as readonly string[]).includes(k) || !(messageChannels as readonly string[]).includes(c))
    return null;
  const expected = Buffer.from(await signature(config, u, k, c, t));
  const given = Buffer.from(s);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return {
    userId: u,
    kind: k as MessageKind,
    channel: c as MessageChannel,
    issuedAt: new Date(Number.parseInt(t, 36)),
  };
}
