-- Product specifications (docs/decisions/195-product-specifications.md): each category has an
-- ordered list of attributes (a number, one of a list of choices, or free text), and each
-- product fills values for its category's attributes.
CREATE TABLE "spec_attributes" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL REFERENCES "categories"("id") ON DELETE CASCADE,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"unit_ar" text DEFAULT '' NOT NULL,
	"unit_en" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spec_attributes_kind_known" CHECK ("kind" in ('number', 'choice', 'text'))
);
--> statement-breakpoint
-- The English name is an attribute's key within its category (the catalog file names it so).
CREATE UNIQUE INDEX "spec_attributes_category_name" ON "spec_attributes" USING btree ("category_id", lower("name_en"));
--> statement-breakpoint
CREATE TABLE "spec_choices" (
	"id" serial PRIMARY KEY NOT NULL,
	"attribute_id" integer NOT NULL REFERENCES "spec_attributes"("id") ON DELETE CASCADE,
	"value_ar" text NOT NULL,
	"value_en" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "spec_choices_attribute_value" ON "spec_choices" USING btree ("attribute_id", lower("value_en"));
--> statement-breakpoint
CREATE TABLE "product_specs" (
	"product_id" integer NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
	"attribute_id" integer NOT NULL REFERENCES "spec_attributes"("id") ON DELETE CASCADE,
	"number_value" double precision,
	"choice_id" integer REFERENCES "spec_choices"("id") ON DELETE CASCADE,
	"text_ar" text,
	"text_en" text,
	CONSTRAINT "product_specs_pk" PRIMARY KEY ("product_id", "attribute_id"),
	CONSTRAINT "product_specs_one_value" CHECK (
		num_nonnulls("number_value", "choice_id", "text_ar") = 1
		AND ("text_ar" IS NULL) = ("text_en" IS NULL)
	)
);
--> statement-breakpoint
CREATE INDEX "product_specs_attribute" ON "product_specs" USING btree ("attribute_id");
--> statement-breakpoint
CREATE INDEX "product_specs_choice" ON "product_specs" USING btree ("choice_id");
--> statement-breakpoint

-- The text of a product's specification values (each value with its unit, in both languages),
-- written by the catalog module whenever they change; the search text below includes it.
ALTER TABLE "products" ADD COLUMN "spec_search" text DEFAULT '' NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_search_doc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_doc := ' ' || ar_norm(
    NEW.name_ar || ' ' || NEW.name_en || ' ' ||
    coalesce((SELECT c.name_ar || ' ' || c.name_en FROM companies c WHERE c.id = NEW.company_id), '') || ' ' ||
    coalesce((SELECT c.name_ar || ' ' || c.name_en FROM categories c WHERE c.id = NEW.category_id), '') || ' ' ||
    NEW.option_text || ' ' ||
    NEW.spec_search
  ) || ' ';
  RETURN NEW;
END $$;
--> statement-breakpoint
DROP TRIGGER "products_search_doc" ON "products";
--> statement-breakpoint
CREATE TRIGGER products_search_doc BEFORE INSERT OR UPDATE OF name_ar, name_en, company_id, category_id, option_text, spec_search
  ON products FOR EACH ROW EXECUTE FUNCTION products_search_doc();
