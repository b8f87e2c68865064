import { createContext, useContext } from 'react';
import { useMatches } from 'react-router';

/**
 * A route whose page the server sends as HTML that is not hydrated: no React, none of React
 * Router's scripts, only the header search's few lines (docs/decisions/052-product-page-not-
 * hydrated.md). `export const handle = staticPage;`. Reached by a link inside the hydrated
 * shop, the same route renders with React as usual.
 */
export const staticPage = { hydrate: false } as const;

function isStaticHandle(handle: unknown): boolean {
  return typeof handle === 'object' && handle !== null && (handle as { hydrate?: unknown }).hydrate === false;
}

/**
 * Whether the page being rendered is one the server sends without hydrating it: found once,
 * by the document's layout (`usePageIsStatic`), for every component below to read.
 */
export const StaticPageContext = createContext(false);

/** For the document's layout: true while the server renders a page that will not be hydrated. */
export function usePageIsStatic(): boolean {
  const matches = useMatches();
  return import.meta.env.SSR && matches.some((match) => isStaticHandle(match.handle));
}

/**
 * True while the server renders a page that will not be hydrated: its widgets must then work
 * as plain HTML (forms, links, popovers). Always false in the browser, where React is running.
 */
export function useStaticPage(): boolean {
  return useContext(StaticPageContext);
}
