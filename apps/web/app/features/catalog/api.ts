/** A price range in SAR, inclusive, on the price a shopper pays (listing filters). */
export interface PriceRange {
  startprice?: number;
  finishprice?: number;
}
