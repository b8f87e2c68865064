-- Arabic-aware search normalisation (see docs/decisions/004-arabic-search.md).
-- Drops tashkeel (U+064B-U+065F, U+0670) and tatweel (U+0640); folds alef forms to bare alef,
-- alef maqsura to yeh, teh marbuta to heh; Arabic-Indic and extended digits to ASCII; lower-cases.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ar_norm(input text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT translate(
    lower(input),
    U&'\0623\0625\0622\0671\0649\0629\0660\0661\0662\0663\0664\0665\0666\0667\0668\0669\06F0\06F1\06F2\06F3\06F4\06F5\06F6\06F7\06F8\06F9\064B\064C\064D\064E\064F\0650\0651\0652\0653\0654\0655\0656\0657\0658\0659\065A\065B\065C\065D\065E\065F\0670\0640',
    U&'\0627\0627\0627\0627\064A\064701234567890123456789'
  )
$$;
