import { useRouteLoaderData } from 'react-router';
import type { loader } from '../root.tsx';

export type RootData = Awaited<ReturnType<typeof loader>>;

/** The shop-wide data of the root loader (settings, categories, the shopper). */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>('root');
}
