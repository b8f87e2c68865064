import {
  messageKeyNames,
  type MessageKeyName,
  type MessageKeys,
  type MessageKeysUpdate,
} from '@shop/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { openSecret, sealSecret } from '../../lib/sealed-secret.ts';
import { messageKeys } from './schema.ts';

/**
 * The SMS gateway's and WhatsApp's keys (decision 217), kept as the payment keys are: saved by
 * an owner in the back office, sealed with AES-256-GCM, winning over their environment
 * variables, held in memory and reloaded on every settings change. A channel without its keys
 * goes to its local simulator. Values are never answered back, only whether each is set.
 */

type KeyValues = Partial<Record<MessageKeyName, string>>;

export class MessageKeyring {
  #saved: KeyValues = {};

  constructor(private readonly config: Pick<Config, 'messages' | 'staff' | 'dataDir'>) {}

  private env(): KeyValues {
    const m = this.config.messages;
    return {
      unifonicAppSid: m.unifonicAppSid,
      unifonicSenderId: m.unifonicSenderId,
      whatsappToken: m.whatsappToken,
      whatsappPhoneNumberId: m.whatsappPhoneNumberId,
      whatsappAppSecret: m.whatsappAppSecret,
      whatsappVerifyToken: m.whatsappVerifyToken,
    };
  }

  get(name: MessageKeyName): string | undefined {
    return this.#saved[name] || this.env()[name] || undefined;
  }

  /** SMS goes to Unifonic once its application id is known; the sender id is optional (the account's default). */
  smsLive(): boolean {
    return Boolean(this.get('unifonicAppSid'));
  }

  whatsappLive(): boolean {
    return Boolean(this.get('whatsappToken') && this.get('whatsappPhoneNumberId'));
  }

  async reload(db: Db): Promise<void> {
    const rows = await db.select().from(messageKeys);
    const saved: KeyValues = {};
    for (const row of rows) saved[row.name] = await openSecret(this.config, row.sealed);
    this.#saved = saved;
  }

  describe(): MessageKeys {
    return {
      sms: { sandbox: !this.smsLive() },
      whatsapp: { sandbox: !this.whatsappLive() },
      keys: messageKeyNames.map((name) => {
        const source = this.#saved[name] ? 'saved' : this.env()[name] ? 'environment' : 'none';
        return { name, set: source !== 'none', source } as const;
      }),
    };
  }
}

/** Saves (sealed) the keys typed; an empty one removes the saved key. Returns the names that changed. */
export async function saveMessageKeys(
  tx: Tx,
  config: Pick<Config, 'staff' | 'dataDir'>,
  values: MessageKeysUpdate,
): Promise<MessageKeyName[]> {
  const changed: MessageKeyName[] = [];
  const names = messageKeyNames.filter((name) => values[name] !== undefined);
  if (names.length === 0) return changed;
  const existing = await tx.select().from(messageKeys).where(inArray(messageKeys.name, names));
  for (const name of names) {
    const value = values[name]!;
    const row = existing.find((r) => r.name === name);
    if (value === '') {
      if (!row) continue;
      await tx.delete(messageKeys).where(eq(messageKeys.name, name));
    } else {
      if (row && (await openSecret(config, row.sealed)) === value) continue;
      const sealed = await sealSecret(config, value);
      await tx
        .insert(messageKeys)
        .values({ name, sealed })
        .onConflictDoUpdate({ target: messageKeys.name, set: { sealed, updatedAt: new Date() } });
    }
    changed.push(name);
  }
  return changed;
}
