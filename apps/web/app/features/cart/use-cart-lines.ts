import type { CartItem } from '@shop/contract';
import { useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { apiFormError } from '../../lib/form-errors.ts';
import { browserApi } from '../../lib/api.ts';
import { notify } from '../../lib/toast.ts';
import { useLang } from '../../lib/use-lang.ts';
import { removeCartLine, updateCartLine } from './api.ts';

/**
 * The cart lines with spec §4's behaviour: a quantity change shows at once, then goes to the
 * server; if the server refuses (stock, limit), the line returns to its last saved count and a
 * toast says why. Removal is the same. The page data (and the header badge) reload after each
 * saved change.
 */
export function useCartLines(serverLines: readonly CartItem[]) {
  const { lang } = useLang();
  const revalidator = useRevalidator();
  const [lines, setLines] = useState<CartItem[]>(() => [...serverLines]);
  const pending = useRef(0);

  // Take the server's lines when they change, unless a change of ours is still on its way.
  useEffect(() => {
    if (pending.current === 0) setLines([...serverLines]);
  }, [serverLines]);

  const settle = async (work: () => Promise<void>) => {
    pending.current += 1;
    try {
      await work();
    } finally {
      pending.current -= 1;
      if (pending.current === 0) await revalidator.revalidate();
    }
  };

  const setCount = (carId: number, count: number) => {
    const saved = serverLines.find((line) => line.carId === carId);
    if (count < 1 || !saved) return;
    setLines((current) =>
      current.map((line) => (line.carId === carId ? { ...line, productCount: count } : line)),
    );
    void settle(async () => {
      try {
        await updateCartLine(browserApi(lang), carId, count);
      } catch (error) {
        setLines((current) =>
          current.map((line) =>
            line.carId === carId ? { ...line, productCount: saved.productCount } : line,
          ),
        );
        notify.error(apiFormError(error, lang).message);
      }
    });
  };

  const remove = (carId: number) => {
    const index = lines.findIndex((line) => line.carId === carId);
    const removed = lines[index];
    if (!removed) return;
    setLines((current) => current.filter((line) => line.carId !== carId));
    void settle(async () => {
      try {
        const answer = await removeCartLine(browserApi(lang), carId);
        notify.success(answer.message);
      } catch (error) {
        setLines((current) => [...current.slice(0, index), removed, ...current.slice(index)]);
        notify.error(apiFormError(error, lang).message);
      }
    });
  };

  return { lines, setCount, remove };
}
