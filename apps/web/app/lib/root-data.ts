import type { Category, Lang, Settings } from '@shop/contract';
import { useRouteLoaderData } from 'react-router';
import type { Shopper } from './shopper.ts';

/**
 * The shop-wide data of the root loader (settings, categories, the shopper). Declared here,
 * and the root loader is typed with it, so that library code does not import the root route.
 */
export interface RootData {
  lang: Lang;
  settings: Settings;
  /** For the footer's popular categories. */
  popularCategories: Category[];
  shopper: Shopper | null;
  origin: string;
}

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>('root');
}
