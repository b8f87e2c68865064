import type { ActionResult, BackOfficeData, Ok } from '@shop/contract';
import type { AppLoadContext } from 'react-router';
import { z } from 'zod';
import { answerForm, submitAction } from '../../lib/form-action.server.ts';
import { localizePath } from '../../lib/lang.ts';
import { requestLang } from '../../lib/route-lang.ts';
import { choiceFilter, readListQuery, textFilter } from '../dashboard/list-query.ts';
import { requireMember } from '../dashboard/session.server.ts';

/**
 * What the discount codes' and the promotions' pages share: a list searched, filtered by status
 * and paged, newest first; and one item's page, read by any member and saved by owners, whose
 * scope offers the shop's categories and brands.
 */

type Args = { request: Request; context: AppLoadContext; params: { id?: string } };

/** A list's query from the address, and the same as the back office's read asks for it. */
export function statusListQuery<const T extends readonly [string, ...string[]]>(
  request: Request,
  statuses: T,
) {
  const query = readListQuery(request, {
    sorts: ['created'] as const,
    defaultSort: 'created',
    defaultDir: 'desc',
    filters: z.object({ q: textFilter, status: choiceFilter(statuses) }),
  });
  const { q, status } = query.filters;
  return {
    query,
    asked: { q, status: status ?? ('all' as const), page: query.page, pageSize: query.pageSize },
  };
}

/** `new` (null), or the item's id. */
function idOf(params: { id?: string }): number | null {
  return params.id && /^[1-9][0-9]{0,9}$/.test(params.id) ? Number(params.id) : null;
}

/**
 * One item's page: a new one is the owner's to make; staff may read an existing one. The
 * products and variants it covers come with their names, for the scope to show them so.
 */
export async function termsPage<T extends { productIds: number[]; variantIds: number[] }>(
  args: Args,
  read: (bo: BackOfficeData, id: number) => Promise<T>,
) {
  const id = idOf(args.params);
  const { bo, me } = await requireMember(args, id === null ? { role: 'owner' } : {});
  const [item, categories, brands] = await Promise.all([
    id === null ? null : read(bo, id),
    bo.catalog.categories(),
    bo.catalog.brands(),
  ]);
  const picked = item ? await bo.catalog.productPicks(item) : [];
  return { item, categories, brands, picked, owner: me.staff.role === 'owner' };
}

type Saved = Promise<ActionResult<Ok & { id: number }>>;

/** The item's form posted (owners): created or saved, then back to `list`; else the form with its error. */
export async function saveTerms<S extends z.ZodType>(
  args: Args,
  schema: S,
  list: string,
  save: (bo: BackOfficeData, id: number | null, input: z.output<S>) => Saved,
) {
  const { bo } = await requireMember(args, { role: 'owner' });
  const id = idOf(args.params);
  const result = await submitAction(args.request, {
    schema,
    input: (values, form) => ({
      ...values,
      categoryIds: form.getAll('categoryIds').map(String),
      brandIds: form.getAll('brandIds').map(String),
      // Chosen chips and the typed numbers arrive under the same names.
      productIds: form.getAll('productIds').map(String),
      variantIds: form.getAll('variantIds').map(String),
    }),
    run: (input) => save(bo, id, input),
  });
  return answerForm(args.request, result, {
    redirectTo: result.ok ? localizePath(list, requestLang(args.request)) : undefined,
  });
}
