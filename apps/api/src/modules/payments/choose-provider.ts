import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { MoyasarProvider } from './moyasar.ts';
import type { PaymentKeys } from './keys.ts';
import type { PaymentProvider } from './provider.ts';
import { SandboxProvider } from './sandbox.ts';

/**
 * The sandbox when payments are simulated (the default without Moyasar keys; config.ts refuses
 * it in production unless PAYMENT_SANDBOX=true), Moyasar otherwise.
 */
export function choosePaymentProvider(config: Config, db: Db, keys: PaymentKeys): PaymentProvider {
  if (config.paymentSandbox) return new SandboxProvider(db);
  // config.ts already refuses to start without a secret key; one saved in the back office
  // replaces it from the next call on.
  if (!keys.get('secretKey'))
    throw new Error('MOYASAR_SECRET_KEY is required when payments are not simulated');
  return new MoyasarProvider({ apiUrl: config.moyasar.apiUrl, secretKey: () => keys.get('secretKey') });
}
