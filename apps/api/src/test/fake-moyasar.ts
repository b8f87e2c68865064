import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Moyasar's REST API, as documented (https://docs.moyasar.com/api), for
 * the adapter's tests: `GET /v1/payments/:id`, `POST /v1/payments/:id/void` and
 * `POST /v1/payments/:id/refund`, HTTP Basic with the secret key and an empty password (401
 * otherwise), 404 for an unknown payment. `down` makes it drop every connection, which the
 * client sees as a network error; `writesDown` does that to voids and refunds only;
 * `dropAfterRefund` makes the next refund go through and then drops the connection before
 * answering (a crash between the provider's refund and the shop's commit).
 *
 * Refunds as Moyasar makes them: `amount` in halalas (the whole payment without it), several
 * partial refunds while their sum stays within the amount, `refunded` their running total, and
 * the status `refunded` once everything is back; more than what is left answers 400.
 */
export interface FakePayment {
  id: string;
  status: string;
  amount: number;
  currency: string;
  metadata: Record<string, string>;
  message?: string;
  /** A settled payment can no longer be voided, only refunded. */
  settled?: boolean;
  refunded?: number;
}

export interface FakeMoyasar {
  url: string;
  payments: Map<string, FakePayment>;
  /** Every request: method, path and whether its credentials were right. */
  calls: { method: string; path: string; authorized: boolean; body: unknown }[];
  down: boolean;
  /** Drops only void and refund requests (reads still answer). */
  writesDown: boolean;
  /** The next refund is made, then its connection dropped without an answer. */
  dropAfterRefund: boolean;
  /** Answers every call with this status and an HTML page (a gateway's 502 or 503), when set. */
  failWith: number | undefined;
  /** Waits this long before answering each call (a provider slower than the shop waits for). */
  delayMs: number;
  add(payment: FakePayment): void;
  close(): Promise<void>;
}

function paymentObject(p: FakePayment) {
  return {
    id: p.id,
    status: p.status,
    amount: p.amount,
    fee: 0,
    currency: p.currency,
    refunded: p.refunded ?? 0,
    description: 'order',
    metadata: p.metadata,
    created_at: '2026-11-05T10:00:00.000Z',
    updated_at: '2026-11-05T10:00:05.000Z',
    source: {
      type: 'creditcard',
      company: 'mada',
      name: 'Sara Ali',
      number: '4201-32XX-XXXX-1010',
      message: p.message ?? (p.status === 'paid' ? 'APPROVED' : 'DECLINED'),
    },
  };
}

function readBody(request: IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => {
      try {
        resolve(text ? JSON.parse(text) : undefined);
      } catch {
        resolve(text);
      }
    });
  });
}

export async function startFakeMoyasar(secretKey: string): Promise<FakeMoyasar> {
  const expected = `Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`;
  const fake: Omit<FakeMoyasar, 'url' | 'close'> = {
    payments: new Map(),
    calls: [],
    down: false,
    writesDown: false,
    dropAfterRefund: false,
    failWith: undefined,
    delayMs: 0,
    add(payment) {
      this.payments.set(payment.id, payment);
    },
  };
  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const server: Server = createServer(async (request, response) => {
    if (fake.down || (fake.writesDown && request.method === 'POST')) {
      request.socket.destroy();
      return;
    }
    if (fake.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
    if (fake.failWith) {
      response.writeHead(fake.failWith, { 'content-type': 'text/html' });
      response.end('<html><body><h1>Bad Gateway</h1></body></html>');
      return;
    }
    const body = await readBody(request);
    const path = request.url ?? '';
    const authorized = request.headers.authorization === expected;
    fake.calls.push({ method: request.method ?? '', path, authorized, body });
    if (!authorized) {
      send(response, 401, { type: 'authentication_error', message: 'Invalid authorization credentials' });
      return;
    }
    const match = /^\/v1\/payments\/([^/]+)(?:\/(void|refund))?$/.exec(path);
    const payment = match ? fake.payments.get(decodeURIComponent(match[1]!)) : undefined;
    if (!match || !payment) {
      send(response, 404, { type: 'api_error', message: 'Object not found' });
      return;
    }
    const action = match[2];
    if (!action && request.method === 'GET') {
      send(response, 200, paymentObject(payment));
      return;
    }
    if (request.method !== 'POST' || payment.status !== 'paid') {
      send(response, 400, { type: 'invalid_request_error', message: `Payment is ${payment.status}` });
      return;
    }
    if (action === 'void') {
      if (payment.settled) {
        send(response, 400, { type: 'invalid_request_error', message: 'Payment is settled' });
        return;
      }
      payment.status = 'voided';
    } else {
      const already = payment.refunded ?? 0;
      const amount = (body as { amount?: unknown } | undefined)?.amount ?? payment.amount - already;
      if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0) {
        send(response, 400, { type: 'invalid_request_error', message: 'Amount is invalid' });
        return;
      }
      if (already + amount > payment.amount) {
        send(response, 400, {
          type: 'invalid_request_error',
          message: 'Amount exceeds the refundable amount',
        });
        return;
      }
      payment.refunded = already + amount;
      if (payment.refunded === payment.amount) payment.status = 'refunded';
      if (fake.dropAfterRefund) {
        fake.dropAfterRefund = false;
        request.socket.destroy();
        return;
      }
    }
    send(response, 200, paymentObject(payment));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
