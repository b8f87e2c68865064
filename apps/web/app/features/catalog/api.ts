import {
  aboutUsSchema,
  agentSchema,
  apiPaths,
  categorySchema,
  companySchema,
  infoTypes,
  pagedProductsSchema,
  productDetailsSchema,
  productSchema,
  refundPolicySchema,
  settingsSchema,
  sliderSchema,
  termsSchema,
} from '@shop/contract';
import { z } from 'zod';
import type { ApiClient } from '../../lib/api.ts';

const categories = z.array(categorySchema);
const companies = z.array(companySchema);
const products = z.array(productSchema);
const agents = z.array(agentSchema);
const sliders = z.array(sliderSchema);

export interface PriceRange {
  startprice?: number;
  finishprice?: number;
}

export function fetchSettings(api: ApiClient) {
  return api.get(apiPaths.settings.build({}), settingsSchema).then((answer) => answer.data);
}

export function fetchCategories(api: ApiClient) {
  return api.get(apiPaths.categories.build({}), categories);
}

export function fetchCompanies(api: ApiClient) {
  return api.get(apiPaths.companies.build({}), companies);
}

export function fetchSliders(api: ApiClient) {
  return api.get(apiPaths.sliders.build({}), sliders);
}

export function fetchFeaturedProducts(api: ApiClient) {
  return api.get(apiPaths.featuredProducts.build({}), products);
}

export function fetchNewProducts(api: ApiClient) {
  return api.get(apiPaths.newProducts.build({}), products);
}

export function fetchOfferProducts(api: ApiClient) {
  return api.get(apiPaths.offerProducts.build({}), products);
}

export function fetchAgents(api: ApiClient) {
  return api.get(apiPaths.agents.build({}), agents);
}

export function fetchProduct(api: ApiClient, id: number) {
  return api.get(apiPaths.productById.build({ id }), productDetailsSchema);
}

export function fetchRelatedProducts(api: ApiClient, id: number) {
  return api.get(apiPaths.relatedProducts.build({ id }), products);
}

export interface ProductsPageQuery extends PriceRange {
  pageSize: number;
  page: number;
  categoryId?: number;
  companyId?: number;
}

export function fetchProductsPage(api: ApiClient, { pageSize, page, ...filters }: ProductsPageQuery) {
  return api.get(apiPaths.productsPaged.build({ pageSize, page }), pagedProductsSchema, {
    query: { ...filters },
  });
}

export function searchProducts(
  api: ApiClient,
  { pageSize, page, text, ...prices }: { pageSize: number; page: number; text: string } & PriceRange,
) {
  return api.post(apiPaths.productSearch.build({ pageSize, page }), pagedProductsSchema, {
    body: { productName: text },
    query: { ...prices },
  });
}

/** Spec §7: type 3 is about us, 2 the refund policy, anything else the terms. */
export async function fetchInfoText(api: ApiClient, type: number): Promise<string> {
  if (type === infoTypes.about)
    return (await api.get(apiPaths.aboutUs.build({}), aboutUsSchema)).aboutUsDescripition;
  if (type === infoTypes.policy)
    return (await api.get(apiPaths.refundPolicy.build({}), refundPolicySchema)).refundPolicyDescripition;
  return (await api.get(apiPaths.termsAndConditions.build({}), termsSchema)).termsAndConditionsDescripition;
}
