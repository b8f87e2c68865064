/**
 * Session settings the catalog's search queries rely on (modules/catalog/search.ts): `word <% text` and `term % word`
 * compare against these pg_trgm thresholds, which are per database session. db/client.ts sets
 * them on every connection, on PostgreSQL and on the embedded database alike.
 */
export const searchSessionSettings = {
  /** Near match of a query word inside a product's text. */
  'pg_trgm.word_similarity_threshold': '0.5',
  /** Preselection of the catalog words a misspelt query word may stand for. */
  'pg_trgm.similarity_threshold': '0.2',
} as const;
