import { apiPaths } from '@shop/contract';

/** A shopper driving a running server over HTTP, as the storefront or a mobile client would. */

export interface Answer {
  status: number;
  body: Record<string, unknown> | undefined;
}

export interface Shopper {
  id: string;
  email: string;
  password: string;
  headers: Record<string, string>;
}

/** One API call; a network failure (the server was killed) rejects. */
export async function callApi(
  base: string,
  method: string,
  url: string,
  headers: Record<string, string> = {},
  body?: unknown,
): Promise<Answer> {
  const res = await fetch(base + url, {
    method,
    headers: { ...headers, ...(body !== undefined && { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json().catch(() => undefined)) as Record<string, unknown> | undefined;
  return { status: res.status, body: json };
}

export async function registerShopper(base: string, n: number): Promise<Shopper> {
  const email = `shopper-${n}-${Date.now().toString(36)}@example.com`;
  const password = 'shopper-password-123';
  const registered = await callApi(
    base,
    'POST',
    apiPaths.register.build({}),
    {},
    {
      UserName: `Shopper ${n}`,
      UserPhone: `055${String(1_000_000 + n).slice(-7)}`,
      UserEmail: email,
      UserPassword: password,
    },
  );
  if (registered.status !== 200)
    throw new Error(`register: ${registered.status} ${JSON.stringify(registered.body)}`);
  return logIn(base, email, password);
}

export async function logIn(base: string, email: string, password: string): Promise<Shopper> {
  const login = await callApi(
    base,
    'POST',
    apiPaths.login.build({}),
    {},
    { userEmail: email, userPassword: password },
  );
  if (login.status !== 200) throw new Error(`login: ${login.status} ${JSON.stringify(login.body)}`);
  const id = String(login.body!.userId);
  return { id, email, password, headers: { authorization: `Bearer ${String(login.body!.token)}` } };
}

export const paidCard = {
  number: '4111111111111111',
  name: 'Test Shopper',
  month: 12,
  year: 2099,
  cvc: '123',
};
export const declinedCard = { ...paidCard, number: '5105105105105100' };

export const delivery = (userId: string) => ({
  userId,
  invoiceUserAdress: 'الرياض، حي العليا',
  invoiceUserPhone: '0551234567',
  invoiceUserLocation: '24.7136,46.6753',
  invoiceNote: '',
  products: [],
});
