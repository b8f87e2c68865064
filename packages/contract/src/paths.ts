/**
 * Route paths of the API. The spelling of the original API is a public contract (docs/requirements/api.md) and is kept exactly,
 * misspellings included (`Paied`, `getByUesr`, `pagging`).
 */

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type PathParams<P extends string> = Record<ParamNames<P>, string | number>;

export interface ApiPath<P extends string> {
  /** The Fastify route pattern, `:name` for parameters. */
  readonly pattern: P;
  /** The concrete URL path with parameters filled in and URL-encoded. */
  build(params: PathParams<P>): string;
}

export function definePath<P extends string>(pattern: P): ApiPath<P> {
  return {
    pattern,
    build(params) {
      return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
        const value = (params as Record<string, string | number>)[name];
        if (value === undefined) throw new Error(`missing path parameter ${name} for ${pattern}`);
        return encodeURIComponent(String(value));
      });
    },
  };
}

export const apiPaths = {
  health: definePath('/api/health'),
  healthLive: definePath('/api/health/live'),
  healthReady: definePath('/api/health/ready'),
  metrics: definePath('/api/metrics'),

  // catalog and content
  categories: definePath('/api/Category/Select/All/Category'),
  companies: definePath('/api/Company/Select/All/Company'),
  sliders: definePath('/api/AboutUs/Select/All/Sliders'),
  featuredProducts: definePath('/api/Product/Select/Most/Products/Paied'),
  newProducts: definePath('/api/Product/Select/Last/Updated/Product'),
  offerProducts: definePath('/api/Product/Select/Four/Image/Product'),
  agents: definePath('/api/Agent/Select/All/Agent'),
  aboutUs: definePath('/api/AboutUs/Select/AboutUs'),
  refundPolicy: definePath('/api/AboutUs/Select/RefundPolicy'),
  termsAndConditions: definePath('/api/AboutUs/Select/TermsAndConditions'),
  productById: definePath('/api/Product/Select/Product/:id'),
  productsPaged: definePath('/api/Product/Select/All/Product/:pageSize/:page'),
  productSearch: definePath('/api/Product/Select/Product/By/Name/:pageSize/:page'),
  /** Our choice: related products had no path in the original API. */
  relatedProducts: definePath('/api/Product/Select/Related/Product/:id'),
  /** Our choice: products of one category side by side (`?ids=1,2,3`, at most four). */
  productCompare: definePath('/api/Product/Compare'),
  /** Our choice: clients read `data.primaryColor` and `data.showAddressDetails`. */
  settings: definePath('/api/Settings/Select/All/Settings'),

  // accounts
  login: definePath('/api/User/User/Login'),
  register: definePath('/api/User/Insert/User'),
  updateUser: definePath('/api/User/Update/User/:id'),
  updateUserV1: definePath('/api/v1/users/:id'),
  userById: definePath('/api/User/Select/User/By/:id'),
  /** Our choices: the original API left these open. */
  logout: definePath('/api/User/User/Logout'),
  currentUser: definePath('/api/User/Select/Current/User'),
  changePassword: definePath('/api/User/Change/Password/:id'),
  deactivateUser: definePath('/api/User/Deactivate/User/:id'),
  forgotPassword: definePath('/api/User/Forgot/Password'),
  resetPassword: definePath('/api/User/Reset/Password'),
  confirmEmail: definePath('/api/User/Confirm/Email'),

  // cart
  cartByUser: definePath('/api/Cart/Select/Cart/:userId'),
  cartInsert: definePath('/api/Cart/Insert/Cart'),
  cartDelete: definePath('/api/Cart/Delete/Cart/:carId'),
  cartUpdate: definePath('/api/Cart/Update/Cart/:carId/:count'),
  /** Our choice: delete all lines of the caller's cart. */
  cartDeleteAll: definePath('/api/Cart/Delete/All/Cart/:userId'),

  // addresses
  addressesByUser: definePath('/api/v1/users/userAddress/getByUesr/:userId'),
  addressAdd: definePath('/api/v1/users/userAddress/add'),
  addressDelete: definePath('/api/v1/users/userAddress/deleteAddress/:id'),
  /** Our choices: get-one and edit are implied by the original API without paths. */
  addressById: definePath('/api/v1/users/userAddress/getById/:id'),
  addressUpdate: definePath('/api/v1/users/userAddress/update/:id'),

  // wishlist (our choice: the original API had none)
  wishlist: definePath('/api/wishlist'),
  wishlistItem: definePath('/api/wishlist/:productId'),
  wishlistToCart: definePath('/api/wishlist/:productId/cart'),
  stockRequests: definePath('/api/stock-requests'),

  // orders and payments
  payInvoice: definePath('/api/User/Pay/TheInvoice'),
  ordersByUser: definePath('/api/User/Select/User/Invoice/:userId'),
  orderLines: definePath('/api/User/Select/Invoice/Product/:invoiceId'),
  /** Our choices. */
  orderById: definePath('/api/User/Select/Invoice/:invoiceId'),
  verifyPayment: definePath('/api/payments/verify'),
  moyasarWebhook: definePath('/api/payments/moyasar/webhook'),
  sandboxPay: definePath('/api/payments/sandbox/pay'),
  /** Saved cards (decision 243): the shopper's list, forgetting one, paying an order with one. */
  savedCards: definePath('/api/payments/saved-cards'),
  savedCard: definePath('/api/payments/saved-cards/:cardId'),
  savedCardPay: definePath('/api/payments/saved-cards/pay'),
  /** STC Pay: the mobile number, then the one-time code. */
  stcPayStart: definePath('/api/payments/stcpay/start'),
  stcPayConfirm: definePath('/api/payments/stcpay/confirm'),
  /** The sandbox's Apple Pay button (only when payments are simulated). */
  sandboxApplePay: definePath('/api/payments/sandbox/applepay'),
  /** Apple Pay's domain verification file, as the owner downloaded it from Moyasar. */
  applePayDomainAssociation: definePath('/.well-known/apple-developer-merchantid-domain-association'),
  /** The Tabby simulator's hosted page for a payment (only when payments are simulated). */
  tabbySandboxPage: definePath('/api/payments/tabby-sandbox/:paymentId'),
  /** Tabby's pay in 4: start a session, the shopper's return, Tabby's webhook (decision 241). */
  tabbyCheckout: definePath('/api/payments/tabby/checkout'),
  tabbyReturn: definePath('/api/payments/tabby/return'),
  tabbyWebhook: definePath('/api/payments/tabby/webhook'),
  /** The Tamara simulator's hosted page for a payment (only when payments are simulated). */
  tamaraSandboxPage: definePath('/api/payments/tamara-sandbox/:paymentId'),
  /** Tamara's pay in 4: start a session, the shopper's return, Tamara's notification (decision 242). */
  tamaraCheckout: definePath('/api/payments/tamara/checkout'),
  tamaraReturn: definePath('/api/payments/tamara/return'),
  tamaraWebhook: definePath('/api/payments/tamara/webhook'),
} as const;

export type ApiPathName = keyof typeof apiPaths;
