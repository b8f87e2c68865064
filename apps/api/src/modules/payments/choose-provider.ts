import { apiPaths } from '@shop/contract';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { MoyasarProvider } from './moyasar.ts';
import type { PaymentKeys } from './keys.ts';
import type { PaymentGateway, PaymentProvider } from './provider.ts';
import { SandboxProvider } from './sandbox.ts';
import { TabbySimulator } from './tabby-sandbox.ts';
import { TamaraSimulator } from './tamara-sandbox.ts';

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

/**
 * Tabby: its simulator while payments are simulated (development, tests, `npm start`), none
 * otherwise: without Tabby's keys, which the shop cannot take yet, the method is not offered.
 */
export function chooseTabby(config: Config, db: Db): PaymentGateway | null {
  if (!config.paymentSandbox) return null;
  return new TabbySimulator(db, {
    pageUrl: (paymentId, lang) => `${apiPaths.tabbySandboxPage.build({ paymentId })}?lang=${lang}`,
    // Without a secret every Tabby webhook is refused (it cannot be saved in the back office yet).
    webhookSecret: () => config.tabby.webhookSecret,
  });
}

/**
 * Tamara: its simulator while payments are simulated, none otherwise, as for Tabby. The
 * notification key is `TAMARA_NOTIFICATION_KEY` until the back office's payment settings can
 * keep it (then `TamaraClient` over https://api.tamara.co with the saved API token).
 */
export function chooseTamara(config: Config, db: Db): PaymentGateway | null {
  if (!config.paymentSandbox) return null;
  return new TamaraSimulator(db, {
    pageUrl: (paymentId, lang) => `${apiPaths.tamaraSandboxPage.build({ paymentId })}?lang=${lang}`,
    // Without a key every Tamara notification is refused.
    notificationKey: () => config.tamara.notificationKey,
  });
}
