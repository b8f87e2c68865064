import type { CartItem } from '@shop/contract';
import { useMemo } from 'react';
import { useFetchers } from 'react-router';
import { CART_INTENT } from './intents.ts';

/**
 * The cart lines as the shopper sees them: the server's lines with the changes still on their
 * way applied (a new quantity, a removed line), so the page and its total change at once. A
 * change the server refuses simply stops being pending, and the line shows its saved count
 * again while the toast says why.
 */
export function useCartLines(serverLines: readonly CartItem[]): CartItem[] {
  const fetchers = useFetchers();
  return useMemo(() => {
    let lines = [...serverLines];
    for (const fetcher of fetchers) {
      const form = fetcher.formData;
      if (!form) continue;
      const carId = Number(form.get('carId'));
      const intent = form.get('intent');
      if (intent === CART_INTENT.remove) lines = lines.filter((line) => line.carId !== carId);
      if (intent === CART_INTENT.count) {
        const count = Number(form.get('count'));
        lines = lines.map((line) => (line.carId === carId ? { ...line, productCount: count } : line));
      }
    }
    return lines;
  }, [serverLines, fetchers]);
}
