import { apiPaths } from '@shop/contract';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { MoyasarProvider } from './moyasar.ts';
import type { PaymentKeys } from './keys.ts';
import type { PaymentGateway, PaymentProvider } from './provider.ts';
import { SandboxProvider } from './sandbox.ts';
import { TabbySimulator } from './tabby-sandbox.ts';
import { TABBY_API_URL, TabbyClient } from './tabby.ts';
import { TamaraSimulator } from './tamara-sandbox.ts';
import { TamaraClient } from './tamara.ts';

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
 * Tabby: its simulator while payments are simulated (development, tests, `npm start`), its API
 * otherwise, with the keys saved in the back office or given by TABBY_* (read on each call, so a
 * key saved later applies at once). Without them the method is not offered (`PaymentKeys.ready`),
 * and a webhook without the header secret is refused.
 */
export function chooseTabby(config: Config, db: Db, keys: PaymentKeys): PaymentGateway {
  const webhookSecret = () => keys.get('tabbyWebhookSecret');
  if (config.paymentSandbox)
    return new TabbySimulator(db, {
      pageUrl: (paymentId, lang) => `${apiPaths.tabbySandboxPage.build({ paymentId })}?lang=${lang}`,
      webhookSecret,
    });
  return new TabbyClient({
    apiUrl: TABBY_API_URL,
    secretKey: () => keys.get('tabbySecretKey'),
    merchantCode: () => keys.get('tabbyMerchantCode'),
    webhookSecret,
  });
}

/**
 * Tamara: its simulator while payments are simulated, its API otherwise (sandbox or live, as
 * TAMARA_API_URL says), with the API token and notification key saved in the back office or
 * given by TAMARA_* (read on each call). Without them the method is not offered, and every
 * notification is refused.
 */
export function chooseTamara(config: Config, db: Db, keys: PaymentKeys): PaymentGateway {
  const notificationKey = () => keys.get('tamaraNotificationKey');
  if (config.paymentSandbox)
    return new TamaraSimulator(db, {
      pageUrl: (paymentId, lang) => `${apiPaths.tamaraSandboxPage.build({ paymentId })}?lang=${lang}`,
      notificationKey,
    });
  return new TamaraClient({
    apiUrl: config.tamara.apiUrl,
    apiToken: () => keys.get('tamaraApiToken'),
    notificationKey,
  });
}
