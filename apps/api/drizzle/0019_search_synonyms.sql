-- Search synonyms (docs/decisions/198-search-partial-matches-and-synonyms.md): groups of words
-- that mean the same to shoppers, in either language. A query word found in a group is also
-- matched by the group's other words. The owner edits the groups in the back office; these are
-- the first ones, the words electronics shoppers in Riyadh use for the same things.
CREATE TABLE "search_synonym_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- One word (or a phrase of a few words) of a group, as the owner wrote it; `norm` is what the
-- search compares, normalized by the same ar_norm() as the products' search text.
CREATE TABLE "search_synonyms" (
	"group_id" integer NOT NULL REFERENCES "search_synonym_groups"("id") ON DELETE CASCADE,
	"sort" integer NOT NULL,
	"word" text NOT NULL,
	"norm" text GENERATED ALWAYS AS (ar_norm("word")) STORED NOT NULL,
	CONSTRAINT "search_synonyms_pk" PRIMARY KEY ("group_id", "sort")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "search_synonyms_group_norm" ON "search_synonyms" USING btree ("group_id", "norm");
--> statement-breakpoint
CREATE INDEX "search_synonyms_norm" ON "search_synonyms" USING btree ("norm");
--> statement-breakpoint
INSERT INTO "search_synonym_groups" ("id") SELECT generate_series(1, 10);
--> statement-breakpoint
WITH seed(n, words) AS (VALUES
	(1, ARRAY['جوال', 'موبايل', 'هاتف', 'هاتف ذكي', 'phone', 'mobile', 'smartphone']),
	(2, ARRAY['تلفزيون', 'تلفاز', 'شاشة', 'tv', 'television']),
	(3, ARRAY['لابتوب', 'حاسوب محمول', 'كمبيوتر محمول', 'laptop', 'notebook']),
	(4, ARRAY['earbuds', 'سماعة أذن', 'سماعات أذن', 'earphones']),
	(5, ARRAY['headphones', 'سماعات', 'سماعة رأس', 'headset']),
	(6, ARRAY['شاحن', 'charger']),
	(7, ARRAY['ساعة ذكية', 'smartwatch', 'smart watch']),
	(8, ARRAY['تابلت', 'جهاز لوحي', 'tablet']),
	(9, ARRAY['راوتر', 'موجه', 'router', 'modem', 'مودم']),
	(10, ARRAY['بلايستيشن', 'playstation'])
)
INSERT INTO "search_synonyms" ("group_id", "sort", "word")
SELECT seed.n, w.sort, w.word
FROM seed, unnest(seed.words) WITH ORDINALITY AS w(word, sort);
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('search_synonym_groups', 'id'), (SELECT max("id") FROM "search_synonym_groups"));
