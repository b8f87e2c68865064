import { paymentMethods, type AdminSettings, type PaymentMethod } from '@shop/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { paymentKeyNames, paymentKeys } from './schema.ts';
import { openSecret, sealSecret } from '../../lib/sealed-secret.ts';

/**
 * The payment providers' keys (Moyasar's, Tabby's, Tamara's): saved by an owner in the back
 * office (sealed with AES-256-GCM under the same key as the staff two-step secrets), or given by
 * the MOYASAR_*, TABBY_* and TAMARA_* env variables. A saved key wins over its env variable
 * (decision 133). Whether payments are simulated is still decided by PAYMENT_SANDBOX at
 * start-up: keys saved while simulating wait until the shop runs for real.
 */

export type PaymentKeyName = (typeof paymentKeyNames)[number];

/**
 * The keys each method needs when payments are real. Apple Pay and STC Pay are Moyasar's
 * methods, paid with its keys; Tabby needs the merchant code its sessions name; Tabby and Tamara each verify their webhooks with their own.
 */
const requiredKeys: Record<PaymentMethod, readonly PaymentKeyName[]> = {
  card: ['secretKey', 'publishableKey'],
  applepay: ['secretKey', 'publishableKey'],
  stcpay: ['secretKey', 'publishableKey'],
  tabby: ['tabbySecretKey', 'tabbyMerchantCode', 'tabbyWebhookSecret'],
  tamara: ['tamaraApiToken', 'tamaraNotificationKey'],
};
type KeyValues = Partial<Record<PaymentKeyName, string>>;

/**
 * The keys in use and the methods the owner switched off (a setting, handed in by the caller),
 * kept in memory and reloaded when the settings change (in any process): the payment page asks
 * which methods to offer on every view without a read.
 */
export class PaymentKeys {
  #saved: KeyValues = {};
  #switchedOff: readonly PaymentMethod[] = [];

  constructor(private readonly config: Config) {}

  private env(): KeyValues {
    const { moyasar: m, tabby, tamara } = this.config;
    return {
      secretKey: m.secretKey,
      publishableKey: m.publishableKey,
      webhookSecret: m.webhookSecret,
      tabbySecretKey: tabby.secretKey,
      tabbyMerchantCode: tabby.merchantCode,
      tabbyWebhookSecret: tabby.webhookSecret,
      tamaraApiToken: tamara.apiToken,
      tamaraNotificationKey: tamara.notificationKey,
    };
  }

  get(name: PaymentKeyName): string | undefined {
    return this.#saved[name] || this.env()[name] || undefined;
  }

  async reload(db: Db, switchedOff: readonly PaymentMethod[]): Promise<void> {
    const rows = await db.select().from(paymentKeys);
    const saved: KeyValues = {};
    for (const row of rows) saved[row.name] = await openSecret(this.config, row.sealed);
    this.#saved = saved;
    this.#switchedOff = switchedOff;
  }

  /**
   * Whether the shop can take a method's money: always while payments are simulated (every
   * method has its simulator), otherwise only with the keys its provider needs, so a method
   * without keys is never offered to a shopper.
   */
  ready(method: PaymentMethod): boolean {
    if (this.config.paymentSandbox) return true;
    return requiredKeys[method].every((name) => Boolean(this.get(name)));
  }

  /** The methods a shopper is offered: ready, and not switched off by the owner. */
  offered(): PaymentMethod[] {
    return paymentMethods.filter((m) => this.ready(m) && !this.#switchedOff.includes(m));
  }

  /**
   * What the settings page shows: whether each key is set and where from, never a secret; and
   * each method with the owner's switch and whether its keys are there.
   */
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
      tabby: {
        secretKey: state('tabbySecretKey'),
        merchantCode: { ...state('tabbyMerchantCode'), value: this.get('tabbyMerchantCode') ?? '' },
        webhookSecret: state('tabbyWebhookSecret'),
      },
      tamara: { apiToken: state('tamaraApiToken'), notificationKey: state('tamaraNotificationKey') },
      methods: paymentMethods.map((method) => ({
        method,
        on: !this.#switchedOff.includes(method),
        ready: this.ready(method),
      })),
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
