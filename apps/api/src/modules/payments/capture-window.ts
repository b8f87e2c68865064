import type { PayLaterMethod } from '@shop/contract';

/**
 * How long each pay-later provider keeps an authorised payment waiting for its capture
 * (decision 244), in days from the authorisation:
 *
 * - Tamara documents that an order not captured within 21 days of its authorisation is
 *   captured by Tamara itself (docs.tamara.co, "Authorise Order"); its older status flow said an
 *   authorised order left 90 days expires. The shorter one is kept.
 * - Tabby asks for the capture as soon as the goods ship and publishes no length after which an
 *   AUTHORIZED payment is closed (docs.tabby.ai, "Payment Statuses", "Payment Processing"):
 *   until Tabby states one for the shop's account, the shop keeps Tamara's 21 days.
 *
 * The shop acts (captures or closes, as the owner chose) a day before, so a slow provider or a
 * stopped process still has a day to get it done.
 */
export const CAPTURE_WINDOW_DAYS = { tabby: 21, tamara: 21 } as const satisfies Record<
  PayLaterMethod,
  number
>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The provider's own deadline for a payment authorised at `authorisedAt`. */
export function captureDeadline(method: PayLaterMethod, authorisedAt: Date): Date {
  return new Date(authorisedAt.getTime() + CAPTURE_WINDOW_DAYS[method] * DAY_MS);
}

/** When the shop acts on it: a day before the provider's deadline. */
export function captureActionAt(method: PayLaterMethod, authorisedAt: Date): Date {
  return new Date(captureDeadline(method, authorisedAt).getTime() - DAY_MS);
}

/** Authorisations before this are due for the shop's action at `now`. */
export function dueBefore(method: PayLaterMethod, now: Date): Date {
  return new Date(now.getTime() - (CAPTURE_WINDOW_DAYS[method] - 1) * DAY_MS);
}
