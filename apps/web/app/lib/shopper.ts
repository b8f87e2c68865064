/**
 * The logged-in shopper as the header needs it. The root loader fills it from the session
 * (accounts feature); `null` means a visitor.
 */
export interface Shopper {
  userId: string;
  userName: string;
  userImage?: string;
  /** Items in the cart, for the header badge. */
  cartCount: number;
  /** The products in the wishlist: their hearts are drawn filled. */
  wished: number[];
}
