/** Ids of the home sections the shortcuts bar scrolls to. */
export const homeSections = {
  featured: 'best-sellers',
  brands: 'top-brands',
  categories: 'categories',
  newProducts: 'new-products',
  offers: 'offers',
  agents: 'agents',
} as const;
