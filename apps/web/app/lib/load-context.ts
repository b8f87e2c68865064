import type { BackOfficeDataSource, StoreDataSource } from '@shop/contract';

/**
 * What the API process hands every loader and action (apps/api/src/http/pages/plugin.ts, and
 * docs/decisions/030-storefront-ssr-in-api-process.md). The API builds this object; web never
 * imports api, so the shape is declared here, with the contract's types for its data.
 */

declare module 'react-router' {
  interface AppLoadContext {
    /**
     * What the storefront's loaders read and its actions change: the API's views and use cases
     * called directly, in a language, for the shopper of this request (see `StoreData` in the
     * contract). A change answers an `ActionResult`; actions go through `submitAction()`.
     */
    storeData: StoreDataSource;
    /**
     * What the back office's loaders read and its actions change: the API's views and use cases
     * called directly, in a language, for the staff member of this request's `staff_session`
     * cookie (`BackOfficeData` in the contract). Loaders use it through `requireMember()`
     * (features/dashboard/session.server.ts); actions through `submitAction()`.
     */
    backOffice: BackOfficeDataSource;
    /** The per-request CSP nonce for inline scripts. */
    cspNonce: string;
    /** The shop's public origin (`https://shop.example`), for canonical URLs and the sitemap. */
    publicOrigin: string;
    /** Map tile URL template for the address picker; '' means no tiles (offline). */
    mapTileUrl: string;
    /**
     * The page is rendered as the one every signed-in shopper's is put together from (their
     * corners written in by the server): a route with a part of its own (`shopperMain`) reads
     * nothing of the session and leaves that part empty.
     */
    sharedWithShoppers?: boolean;
    /**
     * Takes the rendered document (text, or the UTF-8 bytes React wrote when the page needed
     * no rewriting), when the server given it wants it that way: the response then carries no
     * body. Spares turning the page into a stream of bytes and back into text before it is
     * compressed (a tenth of the server's time on a rendered page).
     */
    takeDocument?: (html: string | Buffer) => void;
  }
}

export {};
