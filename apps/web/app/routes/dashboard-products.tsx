import {
  errorMessage,
  productsBulkSchema,
  productStockFilters,
  productVisibilityFilters,
  type ProductSort,
} from '@shop/contract';
import { useActionData } from 'react-router';
import { z } from 'zod';
import type { Route } from './+types/dashboard-products';
import { ShopLink } from '../components/ui/shop-link.tsx';
import { DashboardPage } from '../features/dashboard/components/dashboard-page.tsx';
import { EmptyState } from '../features/dashboard/components/empty-state.tsx';
import { FilterBar } from '../features/dashboard/components/filter-bar.tsx';
import { Pager } from '../features/dashboard/components/pager.tsx';
import { choiceFilter, readListQuery, textFilter } from '../features/dashboard/list-query.ts';
import { requireMember } from '../features/dashboard/session.server.ts';
import { ProductList } from '../features/dashboard-catalog/components/product-list.tsx';
import { answerForm, formError, readForm, submitAction } from '../lib/form-action.server.ts';
import type { FormAnswer } from '../lib/form-answer.ts';
import { requestLang } from '../lib/route-lang.ts';
import { useLang } from '../lib/use-lang.ts';
import { useTranslation } from '../lib/use-translation.ts';

const idFilter = z
  .string()
  .regex(/^[0-9]{1,9}$/)
  .optional()
  .catch(undefined);

/** The table's sort links (`sort` and `dir`) as the API's sort orders. */
function apiSort(sort: 'id' | 'name' | 'price' | 'stock', dir: 'asc' | 'desc'): ProductSort {
  if (sort === 'name') return 'name';
  if (sort === 'price') return dir === 'asc' ? 'price_asc' : 'price_desc';
  if (sort === 'stock') return dir === 'asc' ? 'stock_asc' : 'stock_desc';
  return dir === 'asc' ? 'oldest' : 'newest';
}

export async function loader(args: Route.LoaderArgs) {
  const { bo } = await requireMember(args);
  const query = readListQuery(args.request, {
    sorts: ['id', 'name', 'price', 'stock'],
    defaultSort: 'id',
    defaultDir: 'desc',
    filters: z.object({
      q: textFilter,
      categoryId: idFilter,
      brandId: idFilter,
      stock: choiceFilter(productStockFilters),
      offer: choiceFilter(['true']),
      visibility: choiceFilter(productVisibilityFilters),
    }),
  });
  const [page, categories, brands] = await Promise.all([
    bo.catalog.products({
      ...query.filters,
      sort: apiSort(query.sort, query.dir),
      page: String(query.page),
      pageSize: String(query.pageSize),
    }),
    bo.catalog.categories(),
    bo.catalog.brands(),
  ]);
  return { query, page, categories, brands };
}

/** The list's one form: a bulk action on the ticked products. */
export async function action(args: Route.ActionArgs) {
  const { request } = args;
  const { bo } = await requireMember(args);
  const lang = requestLang(request);
  const read = await readForm(request);
  if (read.values.intent !== 'bulk') return formError({ message: errorMessage('VALIDATION_FAILED', lang) });
  const result = await submitAction(
    request,
    {
      schema: productsBulkSchema,
      errorField: 'ids',
      input: (values, form) => ({
        action: values.action,
        ids: form.getAll('ids').map(String),
        ...(values.percent && { percent: values.percent }),
        ...(values.stock && { stock: values.stock }),
      }),
      run: (bulk) => bo.catalog.bulkProducts(bulk),
    },
    read,
  );
  const url = new URL(request.url);
  return answerForm(request, result, { back: url.pathname + url.search });
}

export default function DashboardProducts({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('dashboard-catalog');
  const { lang } = useLang();
  const posted = useActionData<FormAnswer>();
  const { query, page, categories, brands } = loaderData;
  const nameOf = (g: { nameAr: string; nameEn: string }) => (lang === 'en' ? g.nameEn : g.nameAr);
  const filtered = Object.values(query.filters).some(Boolean);
  return (
    <DashboardPage
      title={t('products.title')}
      actions={
        <ShopLink
          to="/dashboard/products/new"
          className="inline-flex h-11 items-center rounded-full bg-primary px-5 font-semibold text-primary-ink hover:bg-primary-strong"
        >
          {t('products.new')}
        </ShopLink>
      }
    >
      <FilterBar
        values={query.filters}
        texts={[{ name: 'q', label: t('filters.search'), type: 'search' }]}
        selects={[
          {
            name: 'categoryId',
            label: t('filters.category'),
            options: categories.map((c) => ({ value: String(c.id), label: nameOf(c) })),
          },
          {
            name: 'brandId',
            label: t('filters.brand'),
            options: brands.map((b) => ({ value: String(b.id), label: nameOf(b) })),
          },
          {
            name: 'stock',
            label: t('filters.stock'),
            options: productStockFilters.map((s) => ({ value: s, label: t(`filters.stock_${s}`) })),
          },
          {
            name: 'offer',
            label: t('filters.offer'),
            options: [{ value: 'true', label: t('filters.onOffer') }],
          },
          {
            name: 'visibility',
            label: t('filters.visibility'),
            options: (['visible', 'hidden'] as const).map((v) => ({ value: v, label: t(`status.${v}`) })),
          },
        ]}
      />
      {page.items.length === 0 ? (
        <EmptyState
          filtered={filtered}
          action={
            filtered ? undefined : (
              <ShopLink to="/dashboard/products/new" className="font-semibold text-primary underline">
                {t('products.new')}
              </ShopLink>
            )
          }
        />
      ) : (
        <>
          <ProductList
            products={page.items}
            categories={categories}
            sort={{ sort: query.sort, dir: query.dir }}
            serverAnswer={posted}
          />
          <Pager page={page.page} pageSize={page.pageSize} total={page.total} />
        </>
      )}
    </DashboardPage>
  );
}
