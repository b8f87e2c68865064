/** The cart page's forms post to its one action; `intent` says which. */
export const CART_INTENT = {
  count: 'set-count',
  remove: 'remove-line',
  checkout: 'checkout',
  applyCode: 'apply-code',
  removeCode: 'remove-code',
} as const;
