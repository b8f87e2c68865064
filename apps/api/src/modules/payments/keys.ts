import type { AdminSettings } from '@shop/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { paymentKeyNames, paymentKeys } from './schema.ts';
import { openSecret, sealSecret } from '../../lib/sealed-secret.ts';

/**
 * Moyasar's keys: saved by an owner in the back office (sealed with AES-256-GCM under the same
 * key as the staff two-step secrets), or given by the MOYASAR_* env variables. A saved key wins
 * over its env variable (decision 133). Whether payments are simulated is still decided by
 * PAYMENT_SANDBOX at start-up: keys saved while simulating wait until the shop runs for real.
 */

export type PaymentKeyName = (typeof paymentKeyNames)[number];
type KeyValues = Partial<Record<PaymentKeyName, string>>;

/** The keys in use, kept in memory and reloaded when the settings change (in any process). */
export class PaymentKeys {
  #saved: KeyValues = {};

  constructor(private readonly config: Config) {}

  private env(): KeyValues {
    const m = this.config.moyasar;
    return { secretKey: m.secretKey, publishableKey: m.publishableKey, webhookSecret: m.webhookSecret };
  }

  get(name: PaymentKeyName): string | undefined {
    return this.#saved[name] || this.env()[name] || undefined;
  }

  async reload(db: Db): Promise<void> {
    const rows = await db.select().from(paymentKeys);
    const saved: KeyValues = {};
    for (const row of rows) saved[row.name] = await openSecret(this.config, row.sealed);
    this.#saved = saved;
  }

  /** What the settings page shows: whether each key is set and where from; never a secret. */
  describe(): AdminSettings['payments'] {
    const state = (name: PaymentKeyName) => {
      const source = this.#saved[name] ? 'saved' : this.env()[name] ? 'environment' : 'none';
      return { set: source !== 'none', source } as const;
    };
    return {
      sandbox: this.config.paymentSandbox,
      secretKey: state('secretKey'),
      publishableKey: { ...state('publishableKey'), value: this.get('publishableKey') ?? '' },
      webhookSecret: state('webhookSecret'),
    };
  }
}

/**
 * Saves (sealed) the keys given; an empty string removes the saved key, so its env variable
 * applies again. Returns the names that changed, for the audit log.
 */
export async function savePaymentKeys(tx: Tx, config: Config, values: KeyValues): Promise<PaymentKeyName[]> {
  const changed: PaymentKeyName[] = [];
  const existing = await tx
    .select()
    .from(paymentKeys)
    .where(inArray(paymentKeys.name, Object.keys(values) as PaymentKeyName[]));
  for (const name of paymentKeyNames) {
    const value = values[name];
    if (value === undefined) continue;
    const row = existing.find((r) => r.name === name);
    if (value === '') {
      if (!row) continue;
      await tx.delete(paymentKeys).where(eq(paymentKeys.name, name));
    } else {
      if (row && (await openSecret(config, row.sealed)) === value) continue;
      const sealed = await sealSecret(config, value);
      await tx
        .insert(paymentKeys)
        .values({ name, sealed })
        .onConflictDoUpdate({ target: paymentKeys.name, set: { sealed, updatedAt: new Date() } });
    }
    changed.push(name);
  }
  return changed;
}
