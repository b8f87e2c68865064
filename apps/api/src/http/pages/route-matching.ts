import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';

/** The storefront's routes (its server build) as React Router matches an address against them. */
export function storefrontMatcher(build: ServerBuild) {
  const routes = Object.values(build.routes);
  const tree = (parentId: string | undefined): RouteObject[] =>
    routes
      .filter((route) => route?.parentId === parentId)
      .map((route) =>
        route!.index
          ? { id: route!.id, index: true, path: route!.path, caseSensitive: route!.caseSensitive }
          : {
              id: route!.id,
              path: route!.path,
              caseSensitive: route!.caseSensitive,
              children: tree(route!.id),
            },
      );
  const routeTree = tree(undefined);
  return (pathname: string) => matchRoutes(routeTree, pathname);
}

/**
 * `answer` for an address's path, kept for the 2,000 paths last asked: matching ranks every
 * route again each time.
 */
export function byPath<T>(answer: (pathname: string) => T): (url: string) => T {
  const known = new Map<string, T>();
  return (url) => {
    const pathname = url.split(/[?#]/)[0] ?? url;
    if (known.has(pathname)) return known.get(pathname)!;
    const found = answer(pathname);
    if (known.size >= 2000) known.delete(known.keys().next().value!);
    known.set(pathname, found);
    return found;
  };
}

/** React Router's data request for a page (`/product/7.data`, the home page's `/_root.data`). */
const DATA_REQUEST = /\.data$/;

/**
 * The storefront route pattern an address matched (`/product/:id`, `/en/products/category/:categoryId`,
 * `/*` for the not-found page), the data requests of a page with `.data` after it: a page
 * request's name in traces, never the address itself (it holds ids and search words).
 */
export function storefrontRoutePatterns(build: ServerBuild): (url: string) => string {
  const match = storefrontMatcher(build);
  return byPath((pathname) => {
    const data = DATA_REQUEST.test(pathname);
    const page = data ? pathname.replace(DATA_REQUEST, '').replace(/^\/_root$/, '/') : pathname;
    const paths = (match(page) ?? []).map((m) => m.route.path).filter((path) => path);
    const pattern = `/${paths.join('/')}`.replace(/\/{2,}/g, '/');
    return data ? `${pattern}.data` : pattern;
  });
}
