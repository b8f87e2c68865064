import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
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
 *
 * Payments the shop's server creates (`POST /v1/payments`, 201), with `given_id` as the id: the
 * same `given_id` again answers the payment made first and charges nothing more, as Moyasar's
 * idempotency does. A `token` source (an active token of `tokens`, else 400) answers `initiated`
 * with the bank's 3-D Secure page in `source.transaction_url` when `3ds` is true, `paid`
 * otherwise; `completeBankCheck` plays the shopper finishing at the bank. An `stcpay` source (a
 * mobile starting with 05) answers `initiated` with `transaction_url` on the fake's own origin,
 * where the code is sent as `otp_value`: Moyasar's sandbox codes, 123456 and 000000 pay, 111111,
 * 222222, 333333 and 444444 fail the payment with Moyasar's words (444444 timed out), and any
 * other code answers 400 and leaves the payment waiting. An `applepay` source is paid at once.
 * `GET /v1/tokens/:id` answers the token object, `DELETE /v1/tokens/:id` 204; both 404 for a
 * token the fake does not know (or no longer does).
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
  /** The payment's `source` as Moyasar answers it, when not the typed card of the card form. */
  source?: Record<string, unknown>;
}

/** A saved card's token, as `GET /v1/tokens/:id` answers it. */
export interface FakeToken {
  id: string;
  status: string;
  brand: string;
  last_four: string;
  month: string;
  year: string;
  name: string;
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
  /** Saved cards' tokens, by id. */
  tokens: Map<string, FakeToken>;
  /** Where a token payment's 3-D Secure page is: the bank's, which the shop's server never calls. */
  bankPageUrl: string;
  add(payment: FakePayment): void;
  addToken(token: Partial<FakeToken> & { id: string }): FakeToken;
  /** The shopper passed (or failed) the bank's 3-D Secure check of a waiting payment. */
  completeBankCheck(id: string, passed?: boolean): void;
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
    source: p.source ?? {
      type: 'creditcard',
      company: 'mada',
      name: 'Sara Ali',
      number: '4201-32XX-XXXX-1010',
      message: p.message ?? (p.status === 'paid' ? 'APPROVED' : 'DECLINED'),
    },
  };
}

/** Moyasar's sandbox codes for STC Pay: what each does to the payment (any other is refused, 400). */
const STCPAY_CODES: Record<string, { status: string; message: string }> = {
  '123456': { status: 'paid', message: 'Paid' },
  '000000': { status: 'paid', message: 'Paid' },
  '111111': { status: 'failed', message: 'Insufficient Balance.' },
  '222222': {
    status: 'failed',
    message: 'You have exceeded the allowed daily transaction limit for your STC Pay account.',
  },
  '333333': { status: 'failed', message: 'You have exceeded the maximum allowed transaction amount.' },
  '444444': {
    status: 'failed',
    message: 'Connection timed out while waiting for response from STC Pay service.',
  },
};

interface NewPaymentBody {
  given_id?: unknown;
  amount?: unknown;
  currency?: unknown;
  metadata?: Record<string, string>;
  source?: { type?: unknown; token?: unknown; mobile?: unknown; '3ds'?: unknown };
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
    tokens: new Map(),
    bankPageUrl: 'https://acs.bank.test/3ds',
    add(payment) {
      this.payments.set(payment.id, payment);
    },
    addToken(token) {
      const full: FakeToken = {
        status: 'active',
        brand: 'mada',
        last_four: '1010',
        month: '09',
        year: '2031',
        name: 'Sara Ali',
        ...token,
      };
      this.tokens.set(full.id, full);
      return full;
    },
    completeBankCheck(id, passed = true) {
      const payment = this.payments.get(id);
      if (!payment || payment.status !== 'initiated') throw new Error(`no payment ${id} waits for its bank`);
      payment.status = passed ? 'paid' : 'failed';
      payment.source = {
        ...payment.source,
        message: passed ? 'APPROVED' : '3-D Secure transaction attempt failed',
      };
    },
  };
  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const invalid = (response: ServerResponse, message: string) =>
    send(response, 400, { type: 'invalid_request_error', message, errors: null });

  function createPayment(response: ServerResponse, body: NewPaymentBody | undefined) {
    const givenId = typeof body?.given_id === 'string' ? body.given_id : randomUUID();
    const before = fake.payments.get(givenId);
    if (before) {
      send(response, 201, paymentObject(before));
      return;
    }
    const { amount, source } = body ?? {};
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100) {
      invalid(response, 'Amount is invalid');
      return;
    }
    const base = {
      id: givenId,
      amount,
      currency: typeof body?.currency === 'string' ? body.currency : 'SAR',
      metadata: body?.metadata ?? {},
    };
    let payment: FakePayment;
    if (source?.type === 'token') {
      const saved = typeof source.token === 'string' ? fake.tokens.get(source.token) : undefined;
      if (!saved || saved.status !== 'active') {
        invalid(response, 'Token is invalid');
        return;
      }
      const bankCheck = source['3ds'] !== false;
      payment = {
        ...base,
        status: bankCheck ? 'initiated' : 'paid',
        source: {
          type: 'token',
          company: saved.brand,
          name: saved.name,
          number: `XXXX-XXXX-XXXX-${saved.last_four}`,
          token: saved.id,
          message: bankCheck ? null : 'APPROVED',
          transaction_url: bankCheck ? `${fake.bankPageUrl}/${givenId}` : null,
        },
      };
    } else if (source?.type === 'stcpay') {
      if (typeof source.mobile !== 'string' || !/^05[0-9]{8}$/.test(source.mobile)) {
        invalid(response, 'Mobile is invalid');
        return;
      }
      payment = {
        ...base,
        status: 'initiated',
        source: {
          type: 'stcpay',
          mobile: source.mobile,
          reference_number: null,
          message: null,
          transaction_url: `${url}/v1/stc_pays/${givenId}/proceed`,
        },
      };
    } else if (source?.type === 'applepay') {
      payment = {
        ...base,
        status: 'paid',
        source: { type: 'applepay', company: 'visa', number: 'XXXX-XXXX-XXXX-4242', message: 'APPROVED' },
      };
    } else {
      invalid(response, 'Source type is not supported here');
      return;
    }
    fake.payments.set(payment.id, payment);
    send(response, 201, paymentObject(payment));
  }

  function proceedStcPay(response: ServerResponse, id: string, body: unknown) {
    const payment = fake.payments.get(id);
    if (!payment || payment.source?.type !== 'stcpay') {
      send(response, 404, { type: 'api_error', message: 'Object not found', errors: null });
      return;
    }
    if (payment.status !== 'initiated') {
      invalid(response, `Payment is ${payment.status}`);
      return;
    }
    const code = (body as { otp_value?: unknown } | undefined)?.otp_value;
    const outcome = typeof code === 'string' ? STCPAY_CODES[code] : undefined;
    if (!outcome) {
      invalid(response, 'Invalid OTP');
      return;
    }
    payment.status = outcome.status;
    payment.source = { ...payment.source, message: outcome.message };
    send(response, 200, paymentObject(payment));
  }

  let url = '';
  const server: Server = createServer(async (request, response) => {
    if (fake.down || (fake.writesDown && /\/(void|refund)$/.test(request.url ?? ''))) {
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
    const token = /^\/v1\/tokens\/([^/]+)$/.exec(path);
    if (token) {
      const id = decodeURIComponent(token[1]!);
      const found = fake.tokens.get(id);
      if (!found || (request.method !== 'GET' && request.method !== 'DELETE')) {
        send(response, 404, { type: 'api_error', message: 'Object not found', errors: null });
        return;
      }
      if (request.method === 'GET') {
        send(response, 200, found);
        return;
      }
      fake.tokens.delete(id);
      response.writeHead(204);
      response.end();
      return;
    }
    if (path === '/v1/payments' && request.method === 'POST') {
      createPayment(response, body as NewPaymentBody);
      return;
    }
    const otp = /^\/v1\/stc_pays\/([^/]+)\/proceed$/.exec(path);
    if (otp && request.method === 'POST') {
      proceedStcPay(response, decodeURIComponent(otp[1]!), body);
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
  url = `http://127.0.0.1:${port}`;
  return Object.assign(fake, {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

/** The shop's configuration for real payments at the fake: its address and keys, no sandbox. */
export function paymentsAt(fake: Pick<FakeMoyasar, 'url'>, secretKey: string) {
  return {
    PAYMENT_SANDBOX: 'false',
    MOYASAR_SECRET_KEY: secretKey,
    MOYASAR_PUBLISHABLE_KEY: 'pk_test_publishable',
    MOYASAR_API_URL: fake.url,
    MOYASAR_WEBHOOK_SECRET: 'moyasar-webhook-secret',
  };
}
