import type { CartItem } from '@shop/contract';
import { useMemo } from 'react';
import { useFetchers } from 'react-router';
import { CART_INTENT } from './intents.ts';

/** A cart line as the page shows it: `removing` while its removal is on its way to the server. */
export type ShownCartLine = CartItem & { removing?: boolean };

/**
 * The cart lines as the shopper sees them: the server's lines with the changes still on their
 * way applied, so the page and its total change at once. A new quantity shows at once. A line
 * being removed leaves the total at once but stays in the list, marked, until the server has
 * answered: the empty cart is only shown once it is true, and the line's own form is still
 * there to say so (its toast) or to say why not. A change the server refuses simply stops
 * being pending, and the line shows its saved state again while the toast says why.
 */
export function useCartLines(serverLines: readonly CartItem[]): {
  lines: ShownCartLine[];
  /** The lines that count: what the cart holds once the changes on their way are saved. */
  kept: CartItem[];
} {
  const fetchers = useFetchers();
  return useMemo(() => {
    let lines: ShownCartLine[] = [...serverLines];
    for (const fetcher of fetchers) {
      const form = fetcher.formData;
      if (!form) continue;
      const carId = Number(form.get('carId'));
      const intent = form.get('intent');
      if (intent === CART_INTENT.remove) {
        lines = lines.map((line) => (line.carId === carId ? { ...line, removing: true } : line));
      }
      if (intent === CART_INTENT.count) {
        const count = Number(form.get('count'));
        lines = lines.map((line) => (line.carId === carId ? { ...line, productCount: count } : line));
      }
    }
    return { lines, kept: lines.filter((line) => !line.removing) };
  }, [serverLines, fetchers]);
}
