import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { PaymentKeys } from './keys.ts';
import type { PaymentMethod } from '@shop/contract';

/** Keys from the environment only (no saved row), with the given methods switched off. */
async function keysOf(env: Record<string, string>, switchedOff: PaymentMethod[] = []) {
  const keys = new PaymentKeys(loadConfig(env));
  const noSavedKeys = { select: () => ({ from: async () => [] }) } as unknown as Db;
  await keys.reload(noSavedKeys, switchedOff);
  return keys;
}

const live = {
  NODE_ENV: 'test',
  PAYMENT_SANDBOX: 'false',
  MOYASAR_SECRET_KEY: 'sk_live_x',
  MOYASAR_PUBLISHABLE_KEY: 'pk_live_x',
};

describe('payment methods a shop with real payments offers', () => {
  it('offers a method only with its keys, and never one the owner switched off', async () => {
    const cardOnly = await keysOf(live);
    expect(cardOnly.offered()).toEqual(['card', 'applepay', 'stcpay']);
    expect(cardOnly.describe().methods.find((m) => m.method === 'tabby')).toEqual({
      method: 'tabby',
      on: true,
      ready: false,
    });

    const tabbyKeys = {
      ...live,
      TABBY_SECRET_KEY: 'sk_tabby',
      TABBY_MERCHANT_CODE: 'riyadh-shop',
      TABBY_WEBHOOK_SECRET: 'header-secret',
    };
    expect((await keysOf(tabbyKeys)).offered()).toEqual(['card', 'applepay', 'stcpay', 'tabby']);
    expect((await keysOf(tabbyKeys, ['applepay', 'tabby'])).offered()).toEqual(['card', 'stcpay']);
    // Without the merchant code a Tabby session cannot be opened.
    const { TABBY_MERCHANT_CODE: _code, ...noCode } = tabbyKeys;
    expect((await keysOf(noCode)).ready('tabby')).toBe(false);
    // Tamara needs both its token and the key its notifications are signed with.
    const halfTamara = await keysOf({ ...live, TAMARA_API_TOKEN: 'token' });
    expect(halfTamara.ready('tamara')).toBe(false);
  });

  it('offers every method while payments are simulated, each with its simulator', async () => {
    const sandbox = { NODE_ENV: 'test', PAYMENT_SANDBOX: 'true' };
    expect((await keysOf(sandbox)).offered()).toEqual(['card', 'applepay', 'stcpay', 'tabby', 'tamara']);
    expect((await keysOf(sandbox, ['card'])).offered()).toEqual(['applepay', 'stcpay', 'tabby', 'tamara']);
  });
});
