import type { Shopper } from '../../../lib/shopper.ts';
import { AccountArea } from './account-links.tsx';
import { CartLink } from './cart-link.tsx';
import { DrawerAccount } from './drawer-links.tsx';
import { ShopperDataSlot, ShopperSlot } from './shopper-slot.tsx';

const noLogin = () => {};

/**
 * Every corner of a page (`ShopperSlot`) as the shop writes it for a signed-in shopper, with the
 * very components the header and the pages use: the server renders this alone and puts each
 * corner into the page it keeps for every visitor (`renderShopperSlots` in entry.server.tsx).
 * A corner a shopper does not see (the product page's "log in" prompt) is left empty.
 */
export function ShopperCorners({ shopper }: { shopper: Shopper }) {
  return (
    <>
      <ShopperSlot name="account">
        <AccountArea shopper={shopper} onLogin={noLogin} />
      </ShopperSlot>
      <ShopperSlot name="cart">
        <CartLink count={shopper.cartCount} />
      </ShopperSlot>
      <ShopperSlot name="drawer-account">
        <DrawerAccount />
      </ShopperSlot>
      <ShopperDataSlot shopper={shopper} />
      <ShopperSlot name="login-hint" />
    </>
  );
}
