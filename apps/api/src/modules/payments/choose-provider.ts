import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { MoyasarProvider } from './moyasar.ts';
import type { PaymentProvider } from './provider.ts';
import { SandboxProvider } from './sandbox.ts';

/**
 * The sandbox when payments are simulated (the default without Moyasar keys; config.ts refuses
 * it in production unless PAYMENT_SANDBOX=true), Moyasar otherwise.
 */
export function choosePaymentProvider(config: Config, db: Db): PaymentProvider {
  if (config.paymentSandbox) return new SandboxProvider(db);
  const secretKey = config.moyasar.secretKey;
  // config.ts already refuses to start without it; this keeps the type honest.
  if (!secretKey) throw new Error('MOYASAR_SECRET_KEY is required when payments are not simulated');
  return new MoyasarProvider({ apiUrl: config.moyasar.apiUrl, secretKey });
}
