import type { StoreAccount } from './account-data.ts';
import type { Address } from './addresses.ts';
import type { InfoPageKind } from './admin-content.ts';
import type { Cart } from './cart.ts';
import type {
  Agent,
  Category,
  Company,
  PagedProducts,
  Product,
  ProductDetails,
  Settings,
  Slider,
} from './catalog.ts';
import type { Lang } from './messages.ts';
import type { Order, OrdersPage, OrderWithPayment } from './orders.ts';
import type { User } from './users.ts';
import type { CreditNote } from './refunds.ts';

export interface InfoPageContent {
  markdown: string;
  html: string;
}

export interface ProductsPageQuery {
  pageSize: number;
  page: number;
  categoryId?: number | undefined;
  companyId?: number | undefined;
  /** SAR, inclusive, on the price a shopper pays. */
  startprice?: number | undefined;
  finishprice?: number | undefined;
}

export interface ProductSearchQuery {
  pageSize: number;
  page: number;
  text: string;
  startprice?: number | undefined;
  finishprice?: number | undefined;
}

/**
 * What the storefront's page loaders read, straight from the API's services (no HTTP, no
 * in-process request): the same answers, in the same shapes, as the API routes of the same name
 * give, with text in `lang`, for the shopper of the page request (whose session the API has
 * already resolved). The account's changes (`StoreAccount`) answer an `ActionResult`.
 */
export interface StoreData extends StoreAccount {
  readonly lang: Lang;
  settings(): Promise<Settings>;
  categories(): Promise<Category[]>;
  companies(): Promise<Company[]>;
  sliders(): Promise<Slider[]>;
  agents(): Promise<Agent[]>;
  /** An info page: its Markdown (plain text for descriptions) and the sanitized HTML shown. */
  infoPage(kind: InfoPageKind): Promise<InfoPageContent>;
  featuredProducts(): Promise<Product[]>;
  newProducts(): Promise<Product[]>;
  offerProducts(): Promise<Product[]>;
  /** null when there is no such product. */
  product(id: number): Promise<ProductDetails | null>;
  /** Empty when there is no such product. */
  relatedProducts(id: number): Promise<Product[]>;
  /** null when the category or company asked for does not exist. */
  productsPage(query: ProductsPageQuery): Promise<PagedProducts | null>;
  searchProducts(query: ProductSearchQuery): Promise<PagedProducts>;
  /** The signed-in shopper, or null for a visitor (or a session that has ended). */
  currentUser(): Promise<User | null>;
  /** The signed-in shopper's cart, or null for a visitor. */
  cart(): Promise<Cart | null>;
  /** The units in the signed-in shopper's cart (its badge), or null for a visitor. */
  cartCount(): Promise<number | null>;
  /** One page of the signed-in shopper's orders, newest first; null for a visitor. */
  orders(page: number, pageSize: number): Promise<OrdersPage | null>;
  /** One of the signed-in shopper's orders; null when it is not theirs or does not exist. */
  order(invoiceId: string): Promise<Order | null>;
  /** The credit note of one of the signed-in shopper's refunds; null when not theirs or not refunded. */
  creditNote(invoiceId: string, refundId: string): Promise<CreditNote | null>;
  /** The same order with what the card form needs while it can still be paid (the payment page). */
  orderWithPayment(invoiceId: string): Promise<OrderWithPayment | null>;
  /** The signed-in shopper's addresses, oldest first; null for a visitor. */
  addresses(): Promise<Address[] | null>;
  /** One of the signed-in shopper's addresses; null when it is not theirs or does not exist. */
  address(id: string): Promise<Address | null>;
}

/** Store data in a language: what the API hands each page request's loaders. */
export type StoreDataSource = (lang: Lang) => StoreData;
