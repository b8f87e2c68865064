import { z } from './zod.ts';
import { text } from './text.ts';
import { okSchema } from './errors.ts';
import { definePath } from './paths.ts';

/**
 * Search synonyms (under `/api/admin`, any member, as the rest of the catalog): groups of words
 * that mean the same to shoppers. A search word found in a group is also matched by the group's
 * other words, in either language.
 */

export const adminSearchPaths = {
  synonymGroups: definePath('/api/admin/search-synonyms'),
  synonymGroup: definePath('/api/admin/search-synonyms/:id'),
} as const;

/** A group holds at least two words and at most this many. */
export const MAX_SYNONYM_WORDS = 20;
/** A word or short phrase of a group, in characters. */
export const MAX_SYNONYM_WORD_LENGTH = 60;

/** A synonym group as the back office shows it: its words in the order they were written. */
export const synonymGroupSchema = z.object({
  id: z.number().int(),
  words: z.array(z.string()),
});
export type SynonymGroup = z.infer<typeof synonymGroupSchema>;

export const synonymGroupListSchema = z.object({ items: z.array(synonymGroupSchema) });
export const synonymGroupOkSchema = okSchema.extend({ item: synonymGroupSchema });

/** Commas (Latin or Arabic) and line breaks separate a form's words. */
const SEPARATORS = /[,،\n\r]+/;

/**
 * Create or edit a group: `words` as a list (JSON) or as one text separated by commas or line
 * breaks (a form). Spaces inside a word are kept as one (a phrase: "حاسوب محمول"); the same
 * word twice counts once.
 */
export const synonymGroupInputSchema = z.object({
  words: z
    .union([z.array(text()).max(MAX_SYNONYM_WORDS * 2), text({ multiline: true }).max(4_000)])
    .transform((v) => {
      const list = (typeof v === 'string' ? v.split(SEPARATORS) : v)
        .map((w) => w.trim().replace(/\s+/g, ' '))
        .filter((w) => w !== '');
      return [...new Map(list.map((w) => [w.toLowerCase(), w])).values()];
    })
    .refine((words) => words.length >= 2, 'SYNONYM_WORDS_TOO_FEW')
    .refine((words) => words.length <= MAX_SYNONYM_WORDS, 'SYNONYM_WORDS_TOO_MANY')
    .refine((words) => words.every((w) => w.length <= MAX_SYNONYM_WORD_LENGTH), 'SYNONYM_WORD_TOO_LONG'),
});
export type SynonymGroupInput = z.output<typeof synonymGroupInputSchema>;
