/** The catalog pages every visitor can reach from the header and the drawer. */
export const mainNavLinks = [
  { to: '/', key: 'nav.home', end: true },
  { to: '/products', key: 'nav.products', end: true },
  { to: '/allcategory', key: 'nav.categories', end: false },
  { to: '/products/new', key: 'nav.newProducts', end: false },
  { to: '/agents', key: 'nav.agents', end: false },
] as const;
