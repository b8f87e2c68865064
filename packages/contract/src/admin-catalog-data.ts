import type { ActionResult } from './actions.ts';
import type {
  AdminGroup,
  AdminProduct,
  AdminProductPage,
  AdminProductPick,
  adminProductsQuery,
  GroupInput,
  ProductImagesOrder,
  ProductImageUpload,
  ProductInput,
  ProductOptionsInput,
  ProductsBulk,
  ProductUpdate,
  ProductVariantsInput,
} from './admin-catalog.ts';
import type { BackOfficeSearchSynonyms } from './admin-search-data.ts';
import type { Ok } from './errors.ts';
import type {
  AdminProductSpecs,
  AdminSpecAttribute,
  ProductSpecsInput,
  SpecAttributeInput,
  SpecMove,
} from './specs.ts';
import type { z } from './zod.ts';

/** The product list's query as a page's query string gives it (strings, checked by the API). */
export type AdminProductsQueryInput = z.input<typeof adminProductsQuery>;

/** Categories or brands: the two lists the back office keeps alike. */
export type CatalogGroupKind = 'category' | 'brand';

/**
 * The back office's catalog (every member): its reads, and its changes as the API's catalog
 * calls make them (the same checks, audit entries and answers), each answering the message to
 * show. A change's input is what the page checked with the contract's schema (prices in
 * halalas, as the schema reads them); an image is the file the page's form posted, checked,
 * re-encoded and refused as the API's upload is (413 IMAGE_TOO_LARGE, 415 IMAGE_INVALID, …).
 */
/** The catalog's pages; the search synonyms page is one of them. */
export interface BackOfficeCatalog extends BackOfficeSearchSynonyms {
  /** One page of products, hidden ones included. A query the API cannot read throws a 400 Response. */
  products(query: AdminProductsQueryInput): Promise<AdminProductPage>;
  /** One product as it is edited, or null. */
  product(id: number): Promise<AdminProduct | null>;
  categories(): Promise<AdminGroup[]>;
  /** The products named, and those of the variants named, as a discount's scope shows its choice. */
  productPicks(chosen: { productIds: number[]; variantIds: number[] }): Promise<AdminProductPick[]>;
  brands(): Promise<AdminGroup[]>;

  /** Creates a product with its first image (required); answers its id, for its editor's page. */
  createProduct(input: ProductInput, image: Blob | null): Promise<ActionResult<Ok & { id: number }>>;
  /** Saves a product's fields; 409 PRODUCT_VERSION_CONFLICT when it changed since `input.version`. */
  saveProduct(id: number, input: ProductUpdate): Promise<ActionResult>;
  /** Deletes a product, or hides it when an order names it (the message says which). */
  deleteProduct(id: number): Promise<ActionResult>;
  /** Adds an image to a product, from the version the page showed. */
  addProductImage(id: number, input: ProductImageUpload, image: Blob | null): Promise<ActionResult>;
  /** Reorders or removes a product's images (the first is the main one). */
  orderProductImages(id: number, input: ProductImagesOrder): Promise<ActionResult>;
  /** Sets the product's options and makes a variant for each new combination. */
  saveProductOptions(id: number, input: ProductOptionsInput): Promise<ActionResult>;
  /** Saves the variants grid. */
  saveProductVariants(id: number, input: ProductVariantsInput): Promise<ActionResult>;
  /** One action on the ticked products (one audit entry each); 400 BULK_PRICE_REFUSED changes nothing. */
  bulkProducts(bulk: ProductsBulk): Promise<ActionResult>;

  /** Creates a category or brand with its image (required), last in the order. */
  createGroup(kind: CatalogGroupKind, input: GroupInput, image: Blob | null): Promise<ActionResult>;
  /** Renames a category or brand, with a new image when one was chosen. */
  saveGroup(kind: CatalogGroupKind, id: number, input: GroupInput, image: Blob | null): Promise<ActionResult>;
  /** Removes a category or brand no product uses; 409 with how many products use it otherwise. */
  removeGroup(kind: CatalogGroupKind, id: number): Promise<ActionResult>;
  /** Sets the order of every category or brand (`ids` names each of them once). */
  orderGroups(kind: CatalogGroupKind, ids: number[]): Promise<ActionResult>;

  /** A category's specification attributes in order; null when there is no such category. */
  specAttributes(categoryId: number): Promise<AdminSpecAttribute[] | null>;
  /** Adds a specification attribute to a category, last in its order. */
  addSpecAttribute(categoryId: number, input: SpecAttributeInput): Promise<ActionResult>;
  /** Edits an attribute; a new kind drops the products' values of it. */
  saveSpecAttribute(id: number, input: SpecAttributeInput): Promise<ActionResult>;
  /** Moves an attribute one place up or down. */
  moveSpecAttribute(id: number, move: SpecMove): Promise<ActionResult>;
  /** Removes an attribute with every product's value of it. */
  removeSpecAttribute(id: number): Promise<ActionResult>;
  /** A product's category's attributes and its values; null when there is no such product. */
  productSpecs(productId: number): Promise<AdminProductSpecs | null>;
  /** Sets a product's values from the version its editor showed. */
  saveProductSpecs(productId: number, input: ProductSpecsInput): Promise<ActionResult>;
}
