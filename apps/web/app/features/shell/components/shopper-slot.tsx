import type { ReactNode } from 'react';
import { PAGE_MAIN_ID, scriptJson } from '../../../lib/shared-page.ts';
import { PAGE_SHOPPER_ID, type Shopper } from '../../../lib/shopper.ts';

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'shopper-slot': { name: string; children?: ReactNode };
    }
  }
}

/** The corners of a page that differ between shoppers; the server writes each one for its shopper. */
export type ShopperSlotName =
  'account' | 'cart' | 'drawer-account' | 'data' | 'login-hint' | 'main' | `wish-${number}`;

/**
 * A corner of a page that shows who is signed in. Everything outside these corners is the same
 * for every visitor, so the server can send a signed-in shopper the page it keeps for everyone
 * with only these corners written for them (apps/api/src/http/pages/shopper-pages.ts). The
 * element takes no room of its own (`display: contents`).
 */
export function ShopperSlot({ name, children }: { name: ShopperSlotName; children?: ReactNode }) {
  return <shopper-slot name={name}>{children}</shopper-slot>;
}

/** The shopper the page was written for, as JSON, for the browser's first render (`useShopper`). */
export function ShopperDataSlot({ shopper }: { shopper: Shopper | null }) {
  return (
    <ShopperSlot name="data">
      {shopper && (
        <script
          type="application/json"
          id={PAGE_SHOPPER_ID}
          dangerouslySetInnerHTML={{ __html: scriptJson(shopper) }}
        />
      )}
    </ShopperSlot>
  );
}

/**
 * The data a page's own part was drawn from, as JSON, for the browser's first render
 * (`usePageMain`): written inside the part, so that it comes and goes with it.
 */
export function PageMainData({ data }: { data: unknown }) {
  return (
    <script
      type="application/json"
      id={PAGE_MAIN_ID}
      dangerouslySetInnerHTML={{ __html: scriptJson(data) }}
    />
  );
}
