import type { Lang } from '@shop/contract';
import { formatDateTime, formatNumber, formatPrice } from '../../lib/format.ts';

/**
 * The back office's numbers and dates, from the shop's one formatter (`lib/format.ts`). Money
 * is kept in halalas (integers); the back office shows VAT-inclusive shelf prices in SAR.
 */
export function formatHalalas(halalas: number, lang: Lang): string {
  return formatPrice(halalas / 100, lang);
}

export { formatDateTime, formatNumber, formatPrice };
