import type { ActionResult } from './actions.ts';
import type { Ok } from './errors.ts';
import type {
  AdminDiscountCode,
  AdminDiscountCodePage,
  DiscountCodeInput,
  DiscountCodeListQuery,
} from './discounts.ts';
import type { AdminPromotion, AdminPromotionPage, PromotionInput, PromotionListQuery } from './promotions.ts';

/** The back office's discount codes pages (staff read, owners change), in the page's language. */
export interface BackOfficeDiscountCodes {
  discountCodes(query: DiscountCodeListQuery): Promise<AdminDiscountCodePage>;
  /** One code; the page's not-found when there is none. */
  discountCode(id: number): Promise<AdminDiscountCode>;
  createDiscountCode(input: DiscountCodeInput): Promise<ActionResult<Ok & { id: number }>>;
  saveDiscountCode(id: number, input: DiscountCodeInput): Promise<ActionResult<Ok & { id: number }>>;
}

/** The back office's promotions pages (staff read, owners change), in the page's language. */
export interface BackOfficePromotions {
  promotions(query: PromotionListQuery): Promise<AdminPromotionPage>;
  /** One promotion; the page's not-found when there is none. */
  promotion(id: number): Promise<AdminPromotion>;
  createPromotion(input: PromotionInput): Promise<ActionResult<Ok & { id: number }>>;
  savePromotion(id: number, input: PromotionInput): Promise<ActionResult<Ok & { id: number }>>;
}
