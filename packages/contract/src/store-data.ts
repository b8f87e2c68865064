import type { StoreAccount } from './account-data.ts';
import type { ActionResult } from './actions.ts';
import type { Address, AddressData, AddressOk } from './addresses.ts';
import type { InfoPageKind } from './admin-content.ts';
import type { Cart, CartInsertResponse } from './cart.ts';
import type {
  Agent,
  Category,
  Company,
  ListingSort,
  PagedProducts,
  Product,
  ProductDetails,
  Settings,
  Slider,
} from './catalog.ts';
import type { Ok } from './errors.ts';
import type { PayLaterMethod } from './payments.ts';
import type { Comparison } from './specs.ts';
import type { Lang } from './messages.ts';
import type { Order, OrdersPage, OrderWithPayment, PlaceOrderForm } from './orders.ts';
import type { SavedCard } from './payments.ts';
import type { User } from './users.ts';
import type { CreditNote } from './refunds.ts';
import type { ReturnRequestInput } from './returns.ts';
import type { StoreReviews } from './reviews.ts';
import type { Wishlist, WishlistChange } from './wishlist.ts';
import type {
  MessageChannel,
  MessageKind,
  MessagePreferences,
  MessagePreferencesUpdate,
  OptOutQuery,
} from './shopper-messages.ts';

export interface InfoPageContent {
  markdown: string;
  html: string;
}

/** What a shopper narrowed a listing or search by; the answer then carries its facets. */
export interface FacetChoice {
  /** Facet keys (`facetKey`): values of one group widen, groups narrow each other. */
  facet?: string[] | undefined;
  /** Only products with stock. */
  inStock?: boolean | undefined;
}

export interface ProductsPageQuery extends FacetChoice {
  pageSize: number;
  page: number;
  categoryId?: number | undefined;
  companyId?: number | undefined;
  /** SAR, inclusive, on the price a shopper pays. */
  startprice?: number | undefined;
  finishprice?: number | undefined;
  /** `rating`: the best rated first; otherwise the catalog's order. */
  sort?: ListingSort | undefined;
}

export interface ProductSearchQuery extends FacetChoice {
  pageSize: number;
  page: number;
  text: string;
  startprice?: number | undefined;
  finishprice?: number | undefined;
}

/** The catalog as every visitor sees it (the hidden product's page: signed-in staff, to preview it). */
export interface StoreCatalog {
  categories(): Promise<Category[]>;
  companies(): Promise<Company[]>;
  featuredProducts(): Promise<Product[]>;
  newProducts(): Promise<Product[]>;
  offerProducts(): Promise<Product[]>;
  /** null when there is no such product. */
  product(id: number): Promise<ProductDetails | null>;
  /** Empty when there is no such product. */
  relatedProducts(id: number): Promise<Product[]>;
  /** Products of one category side by side: the first one's category, at most four. */
  compare(ids: number[]): Promise<Comparison>;
  /** null when the category or company asked for does not exist. */
  productsPage(query: ProductsPageQuery): Promise<PagedProducts | null>;
  searchProducts(query: ProductSearchQuery): Promise<PagedProducts>;
}

/** The shop's settings and its content pages. */
export interface StoreContent {
  settings(): Promise<Settings>;
  sliders(): Promise<Slider[]>;
  agents(): Promise<Agent[]>;
  /** An info page: its Markdown (plain text for descriptions) and the sanitized HTML shown. */
  infoPage(kind: InfoPageKind): Promise<InfoPageContent>;
}

/**
 * The signed-in shopper's cart. The changes answer as the API's cart calls do; a visitor is
 * refused 401, a line of someone else's cart 403.
 */
export interface StoreCart {
  /** The signed-in shopper's cart, or null for a visitor. */
  cart(): Promise<Cart | null>;
  /** The units in the signed-in shopper's cart (its badge), or null for a visitor. */
  cartCount(): Promise<number | null>;
  /**
   * One more unit of a product's variant (a new line, or one more on its line): the variant named
   * by id or SKU, or the product's only one; 400 VARIANT_REQUIRED when it has several and none is
   * named; 409 out of stock or at the line's limit.
   */
  addToCart(
    productId: number,
    choice?: { variantId?: number; sku?: string },
  ): Promise<ActionResult<CartInsertResponse>>;
  /** A line's new quantity, from 1 to its product's stock and the per-line limit. */
  setCartLineCount(carId: number, count: number): Promise<ActionResult<CartInsertResponse>>;
  /** Takes a line out of the cart. */
  removeCartLine(carId: number): Promise<ActionResult>;
  /** Applies a discount code to the cart; 400/404/409 with the reason it does not apply. */
  applyDiscountCode(code: string): Promise<ActionResult>;
  /** Takes the cart's discount code off. */
  removeDiscountCode(): Promise<ActionResult>;
}

/**
 * The signed-in shopper's address book. The changes answer as the API's address calls do: a
 * visitor is refused 401, someone else's address 403, a missing one 404.
 */
export interface StoreAddresses {
  /** The signed-in shopper's addresses, oldest first; null for a visitor. */
  addresses(): Promise<Address[] | null>;
  /** One of the signed-in shopper's addresses; null when it is not theirs or does not exist. */
  address(id: string): Promise<Address | null>;
  /** Adds an address (input checked with `addressInputSchema`); 409 when the book is full. */
  addAddress(input: AddressData): Promise<ActionResult<AddressOk>>;
  /** Replaces one of the shopper's addresses (fields left out become empty). */
  updateAddress(id: string, input: AddressData): Promise<ActionResult<AddressOk>>;
  deleteAddress(id: string): Promise<ActionResult>;
}

/** What every signed-in page shows of its shopper's cart and wishlist, read together. */
export interface ShopperMarks {
  /** Units in the cart (the header's badge). */
  cartCount: number;
  /** The products in the wishlist: their hearts are drawn filled. */
  wished: number[];
}

/**
 * The signed-in shopper's wishlist. The changes answer as the API's wishlist calls do; a
 * visitor is refused 401.
 */
export interface StoreWishlist {
  /** The signed-in shopper's wishlist, priced now; null for a visitor. */
  wishlist(): Promise<Wishlist | null>;
  /** The cart's units and the wished products in one read (the header and hearts); null for a visitor. */
  shopperMarks(): Promise<ShopperMarks | null>;
  /** Keeps a product (and the variant chosen on its page); adding it again is no change. */
  addToWishlist(
    productId: number,
    choice?: { variantId?: number; sku?: string },
  ): Promise<ActionResult<WishlistChange>>;
  /** Takes a product out of the wishlist (one not there is already out). */
  removeFromWishlist(productId: number): Promise<ActionResult<WishlistChange>>;
  /** One unit into the cart and the product out of the wishlist; 409 when it is sold out. */
  moveWishToCart(productId: number): Promise<ActionResult<CartInsertResponse>>;
  /**
   * "Tell me when it is back" for a sold-out product's variant; 409 STILL_IN_STOCK when it is
   * for sale, 404 for a product or variant not sold.
   */
  askWhenInStock(
    productId: number,
    choice?: { variantId?: number; sku?: string },
  ): Promise<ActionResult<WishlistChange>>;
}

/**
 * The shopper's message channels, and the opt-out link's page (which needs no session: the link
 * itself says whose messages stop).
 */
export interface StoreMessages {
  /** The signed-in shopper's channels per kind; null for a visitor. */
  messagePreferences(): Promise<MessagePreferences | null>;
  saveMessagePreferences(update: MessagePreferencesUpdate): Promise<ActionResult<Ok>>;
  /** What an opt-out link would stop, when its signature holds; null otherwise (nothing changes). */
  optOutLink(query: Partial<OptOutQuery>): Promise<{ kind: MessageKind; channel: MessageChannel } | null>;
  /** Stops that kind on that channel; OPT_OUT_LINK_INVALID or OPT_OUT_LINK_OLD change nothing. */
  optOut(
    query: Partial<OptOutQuery>,
  ): Promise<ActionResult<Ok & { kind: MessageKind; channel: MessageChannel }>>;
}

/** A test card as the sandbox's card form reads it (its number in digits, a four-digit year). */
export interface SandboxCard {
  number: string;
  name: string;
  month: number;
  year: number;
  cvc: string;
  /** "Save this card": kept once the payment is verified (decision 243). */
  saveCard?: boolean;
}

/**
 * The signed-in shopper's orders, placing one and paying it. A visitor is refused 401; someone
 * else's order is none (reads) or 404 (changes), as the pages show it.
 */
export interface StoreOrders {
  /** One page of the signed-in shopper's orders, newest first; null for a visitor. */
  orders(page: number, pageSize: number): Promise<OrdersPage | null>;
  /** One of the signed-in shopper's orders; null when it is not theirs or does not exist. */
  order(invoiceId: string): Promise<Order | null>;
  /** The credit note of one of the signed-in shopper's refunds; null when not theirs or not refunded. */
  creditNote(invoiceId: string, refundId: string): Promise<CreditNote | null>;
  /** The same order with what the card form needs while it can still be paid (the payment page). */
  orderWithPayment(invoiceId: string): Promise<OrderWithPayment | null>;
  /**
   * Places the order of the shopper's cart, delivered to one of their addresses, priced and
   * reserved by the shop as the API's invoice call does. 400 ADDRESS_REQUIRED (at `addressId`)
   * when the address is not one of theirs; 400 CART_EMPTY; 409 OUT_OF_STOCK.
   */
  placeOrder(input: PlaceOrderForm): Promise<ActionResult<{ invoiceId: string }>>;
  /**
   * After a failed or expired payment: the same order again, with its delivery details, from
   * the cart as it is now. An order that can still be paid, or is paid, is answered as it is.
   */
  placeOrderAgain(invoiceId: string): Promise<ActionResult<{ invoiceId: string }>>;
  /**
   * Pays an order still awaiting payment with a sandbox test card, then has the shop verify the
   * payment; answers PAYMENT_COMPLETED and where the provider would send the shopper. Refused:
   * ORDER_ALREADY_PAID, ORDER_ALREADY_CANCELLED, ORDER_EXPIRED or ORDER_NOT_PAYABLE (409) for an
   * order that cannot be paid, PAYMENT_SANDBOX_DISABLED (404), or why the card was refused.
   */
  payWithSandboxCard(
    invoiceId: string,
    card: SandboxCard,
  ): Promise<ActionResult<Ok & { redirectTo: string }>>;
  /**
   * Opens a Tabby or Tamara session for an order still awaiting payment, as `POST
   * /api/payments/{tabby,tamara}/checkout` does, and answers the provider's page to send the
   * shopper to. Refused: 402 TABBY_REJECTED or TAMARA_REJECTED when the provider says no before
   * its page (the order can still be paid by card), 404 PAYMENT_METHOD_UNAVAILABLE without that
   * provider, and what refuses a card for the order.
   */
  payLater(method: PayLaterMethod, invoiceId: string): Promise<ActionResult<{ redirectUrl: string }>>;
  /**
   * Pays an order with one of the shopper's saved cards, as `POST /api/payments/saved-cards/pay`
   * does: PAYMENT_COMPLETED and the orders page, or PAYMENT_BANK_CHECK and the bank's 3-D Secure
   * page. 404 SAVED_CARD_NOT_FOUND when the card is not theirs; what refuses a card otherwise.
   */
  payWithSavedCard(invoiceId: string, cardId: string): Promise<ActionResult<Ok & { redirectTo: string }>>;
  /** STC Pay's first step: 400 STCPAY_MOBILE_INVALID (at `mobile`), or STCPAY_OTP_SENT. */
  startStcPay(invoiceId: string, mobile: string): Promise<ActionResult<Ok>>;
  /**
   * STC Pay's second step: PAYMENT_COMPLETED and the orders page; 400 STCPAY_OTP_INVALID (at
   * `otp`), 402 STCPAY_OTP_EXPIRED (the order ended, the cart kept), 409 STCPAY_NOT_STARTED.
   */
  confirmStcPay(invoiceId: string, otp: string): Promise<ActionResult<Ok & { redirectTo: string }>>;
  /** The sandbox's Apple Pay button (404 PAYMENT_SANDBOX_DISABLED when payments are real). */
  payWithSandboxApplePay(invoiceId: string): Promise<ActionResult<Ok & { redirectTo: string }>>;
  /** The signed-in shopper's saved cards; null for a visitor. */
  savedCards(): Promise<SavedCard[] | null>;
  /** Forgets one of the shopper's saved cards, here and at Moyasar (404 SAVED_CARD_NOT_FOUND). */
  deleteSavedCard(cardId: string): Promise<ActionResult>;
  /**
   * Asks the provider about a payment the shopper was sent back with and settles its order,
   * as `POST /api/payments/verify` does: PAYMENT_COMPLETED once the order is paid, else why not.
   */
  verifyPayment(paymentId: string): Promise<ActionResult>;
  /**
   * Asks to return units of one of the shopper's delivered orders, with up to three photos (files
   * a form posted; an empty one is none), as `POST /api/User/Invoice/{invoiceId}/returns` does:
   * 404 ORDER_NOT_FOUND when the order is not theirs, 409 RETURN_NOT_RETURNABLE, 422
   * RETURN_WINDOW_CLOSED or RETURN_QUANTITY_TOO_LARGE (at `lines.<lineId>`), a photo's refusal.
   */
  requestReturn(
    invoiceId: string,
    input: ReturnRequestInput,
    photos: (Blob | null | undefined)[],
  ): Promise<ActionResult>;
}

/**
 * What the storefront's page loaders read and its actions change, straight from the API's
 * views and use cases (no HTTP, no in-process request): the same answers, in the same shapes,
 * as the API routes of the same name give, with text in `lang`, for the shopper of the page
 * request (whose session the API has already resolved). A read answers its value (null for
 * "none"); a change answers an `ActionResult`, its refusal worded as the API words it.
 */
export interface StoreData
  extends
    StoreCatalog,
    StoreContent,
    StoreCart,
    StoreWishlist,
    StoreMessages,
    StoreAddresses,
    StoreOrders,
    StoreReviews,
    StoreAccount {
  readonly lang: Lang;
  /** The signed-in shopper, or null for a visitor (or a session that has ended). */
  currentUser(): Promise<User | null>;
}

/** Store data in a language: what the API hands each page request's loaders and actions. */
export type StoreDataSource = (lang: Lang) => StoreData;
