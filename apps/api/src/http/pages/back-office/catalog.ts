import { adminProductsQuery, type BackOfficeCatalogReads } from '@shop/contract';
import { adminGroups, adminProductView, adminProductsPage } from '../../../views/back-office/catalog.ts';
import { parseAs } from '../../form.ts';
import type { BackOfficePageContext } from '../back-office-data.ts';

/** The catalog pages (any member): products, one product, categories and brands. */
export function catalogPages({ app, lang, read }: BackOfficePageContext): BackOfficeCatalogReads {
  return {
    products: (input) =>
      read({}, () => adminProductsPage(app.db, parseAs(adminProductsQuery, input, 'querystring'), lang)),
    product: (id) => read({}, () => adminProductView(app.db, id)),
    categories: () => read({}, () => adminGroups(app.db, 'category')),
    brands: () => read({}, () => adminGroups(app.db, 'brand')),
  };
}
