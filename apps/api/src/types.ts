import type { Lang, StaffRole } from '@shop/contract';
import type { FastifyContextConfig } from 'fastify';
import type { Config } from './config.ts';
import type { ChangeEvents } from './lib/change-events.ts';
import type { Mailer } from './lib/mail.ts';
import type { ShopMetrics } from './lib/metrics.ts';
import type { ReadCache } from './lib/read-cache.ts';
import type { Shop } from './lib/shop.ts';
import type { PublicCatalog } from './views/public-catalog.ts';
import type { PromotionBoard } from './modules/discounts/promotion-board.ts';
import type { StaffSearch } from './modules/catalog/staff-search.ts';
import type { PaymentKeys } from './modules/payments/keys.ts';
import type { MessageKeyring } from './modules/messages/keys.ts';
import type { PaymentGateway, PaymentProvider } from './modules/payments/provider.ts';
import type { Db } from './db/client.ts';
import type { SessionUser } from './modules/users/sessions.ts';
import type { StaffSession } from './http/staff-guard.ts';
import type { CatalogImports } from './use-cases/catalog-import/runner.ts';
import type { PageMarks } from './views/store/wishlist.ts';

/** One method and path of the route table, with its route config. */
export interface RouteEntry {
  method: string;
  url: string;
  config: FastifyContextConfig;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, in order (see app.ts). */
    routeList: readonly RouteEntry[];
    /** What use cases and views are handed (lib/shop.ts). */
    shop: Shop;
    config: Config;
    db: Db;
    /** Changes to what shoppers see, for the caches to drop what a change touched. */
    changes: ChangeEvents;
    /** Outgoing mail: SMTP_URL, or the outbox folder without it (lib/mail.ts). */
    mailer: Mailer;
    /** Public reads shared by every visitor, dropped on change (lib/read-cache.ts). */
    readCache: ReadCache;
    /** The catalog as visitors see it, cached and gated (views/public-catalog.ts). */
    catalog: PublicCatalog;
    /** The back office's product search, hidden products too (modules/catalog/staff-search.ts). */
    staffSearch: StaffSearch;
    /** The automatic promotions not ended, in memory (modules/discounts/promotion-board.ts). */
    promotions: PromotionBoard;
    /** How changes reach the shop's other processes (lib/change-transport.ts). */
    changeTransport: 'redis' | 'postgres' | 'in-process';
    /** Moyasar's keys in use: saved in the back office, else the env variables. */
    paymentKeys: PaymentKeys;
    /** The SMS and WhatsApp providers' keys in use: saved in the back office, else the env variables. */
    messageKeys: MessageKeyring;
    /** The back office's catalog files and the import this process runs (use-cases/catalog-import/runner.ts). */
    catalogImports: CatalogImports;
    /** The card payment provider: Moyasar, or its local sandbox (modules/payments/choose-provider.ts). */
    payments: PaymentProvider;
    /** Tabby's pay in 4: its simulator while payments are simulated, else none (choose-provider.ts). */
    tabby: PaymentGateway | null;
    /** Tamara's pay in 4: its simulator while payments are simulated, else none (choose-provider.ts). */
    tamara: PaymentGateway | null;
    /** The shop's figures for Prometheus when METRICS_TOKEN is set, else undefined (lib/metrics.ts). */
    metrics: ShopMetrics | undefined;
  }
  interface FastifyRequest {
    /** The request's language: `?lang=`, then Accept-Language, else Arabic. */
    lang: Lang;
    /** The signed-in shopper (session cookie or Bearer token), or null. See http/shopper-session.ts. */
    user: SessionUser | null;
    /** The id of the session that authenticated the request, or null. */
    sessionId: number | null;
    /**
     * The signed-in shopper's cart units and wished products, read with the session for a page
     * asked for with GET (its header's badge, its hearts); undefined otherwise.
     */
    shopperMarks: PageMarks | undefined;
    /** The signed-in back-office member under `/api/admin`, or null. See http/staff-guard.ts. */
    staff: StaffSession | null;
  }
  interface FastifyContextConfig {
    /** A back-office route that answers without a staff session (signing in). */
    staffPublic?: boolean;
    /** The role a back-office route needs; any member when unset. */
    staffRole?: StaffRole;
    /** A back-office route a member may use before turning on two-step verification the owner requires. */
    staffDuringTotpSetup?: boolean;
  }
}
