import {
  adminOrderPaths,
  adminOrderStatuses,
  type AdminOrderStatus,
  type Lang,
  type PaymentMethod,
} from '@shop/contract';

export const ADMIN_ORDER_STATUSES = adminOrderStatuses;

/** The orders list's filters as the page read them from its URL. */
export interface OrderListFilters {
  q?: string;
  status?: AdminOrderStatus;
  paid?: 'yes' | 'no';
  delivered?: 'yes' | 'no';
  method?: PaymentMethod;
  awaitingCapture?: 'yes' | 'no';
  from?: string;
  to?: string;
}

/**
 * The CSV export of the list as it is filtered and sorted: a plain link to the API (the browser
 * sends the back office's cookie with it, so the API's staff guard applies), in the member's
 * language.
 */
export function ordersCsvHref(
  filters: OrderListFilters,
  order: { sort: string; dir: 'asc' | 'desc' },
  lang: Lang,
): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  params.set('sort', order.sort);
  params.set('dir', order.dir);
  params.set('lang', lang);
  return `${adminOrderPaths.csv.build({})}?${params.toString()}`;
}
