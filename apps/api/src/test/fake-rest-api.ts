import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CheckoutRequest } from '../modules/payments/provider.ts';

/** A request a fake provider API received. */
export interface SeenCall {
  method: string;
  url: string;
  authorization: string;
  body: unknown;
}

/**
 * A local stand-in for a provider's REST API (Tabby's, Tamara's): every request is kept in
 * `seen` and answered with what `answer` gives for its method and path, as JSON.
 */
export async function fakeRestApi(
  answer: (method: string, url: string) => { status: number; body: unknown },
) {
  const seen: SeenCall[] = [];
  const server = createServer((req, res) => {
    let data = '';
    req.on('data', (chunk: Buffer) => (data += chunk.toString()));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization ?? '',
        body: data ? JSON.parse(data) : null,
      });
      const { status, body } = answer(req.method ?? '', req.url ?? '');
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An order of one phone for 1,299.50 SAR, as the shop tells a pay-later provider, for `buyer`. */
export function sampleCheckoutRequest(buyer: { email: string; phone: string }): CheckoutRequest {
  return {
    order: {
      id: '5f3c1b2a-0d4e-4f6a-8b7c-9d0e1f2a3b4c',
      number: 10_042,
      paymentGivenId: '0f1e2d3c-4b5a-4968-8776-655443322110',
      totalHalalas: 129_950,
      shippingHalalas: 2_500,
      discountHalalas: 0,
      vatHalalas: 16_950,
      lines: [{ sku: 'IPH-15-128', title: 'آيفون 15', quantity: 1, unitPriceHalalas: 127_450 }],
      buyer: { name: 'Sara Ali', ...buyer },
      shipping: { city: 'الرياض', address: 'حي العليا', zip: '12211' },
    },
    lang: 'ar',
    returnUrls: {
      success: 'https://shop.test/s',
      cancel: 'https://shop.test/c',
      failure: 'https://shop.test/f',
    },
  };
}
