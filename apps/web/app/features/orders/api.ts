/** The orders tab shows 5 orders a page. */
export const ORDERS_PAGE_SIZE = 5;
