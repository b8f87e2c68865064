import type { AdminGroup, AdminProductRow } from '@shop/contract';
import { useId } from 'react';
import { ShopLink } from '../../../components/ui/shop-link.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { useActionForm, type FormAnswer } from '../../../lib/form-answer.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { DataTable, type Column, type TableSort } from '../../dashboard/components/data-table.tsx';
import { StatusBadge } from '../../dashboard/components/status-badge.tsx';
import { formatNumber, formatPrice } from '../../dashboard/format.ts';
import { CATALOG_INTENT } from '../intents.ts';

const fieldClass =
  'h-10 w-full rounded-lg border border-line bg-white px-3 text-sm focus:border-primary focus:outline-none aria-[invalid=true]:border-sale';

/**
 * The product table with a checkbox per row, and the bulk action form those checkboxes belong
 * to (`form=` attribute): ticking rows and posting works without JavaScript.
 */
export function ProductList({
  products,
  sort,
  serverAnswer,
}: {
  products: AdminProductRow[];
  categories: AdminGroup[];
  sort: TableSort;
  serverAnswer?: FormAnswer;
}) {
  const { t } = useTranslation('dashboard-catalog');
  const { lang } = useLang();
  const formId = useId();
  const { Form, formRef, busy, errorFor, answer } = useActionForm({ serverAnswer });
  const name = (p: AdminProductRow) => (lang === 'en' ? p.nameEn : p.nameAr);
  const columns: Column<AdminProductRow>[] = [
    {
      key: 'list.select',
      header: t('list.select'),
      cell: (p) => (
        <input
          type="checkbox"
          name="ids"
          value={p.id}
          form={formId}
          aria-label={t('list.selectOne', { name: name(p) })}
          className="size-5 accent-primary"
        />
      ),
    },
    {
      key: 'list.name',
      header: t('list.name'),
      sortKey: 'name',
      cell: (p) => (
        <div className="flex min-w-56 items-center gap-3">
          {p.images[0] ? (
            <img
              src={p.images[0]}
              alt=""
              width={48}
              height={48}
              className="size-12 rounded-lg bg-surface object-contain"
            />
          ) : null}
          <div className="flex flex-col">
            <ShopLink
              to={`/dashboard/products/${p.id}`}
              className="font-semibold text-primary hover:underline"
            >
              {name(p)}
            </ShopLink>
            <span className="text-xs text-muted" dir="ltr">
              {p.sku}
            </span>
          </div>
        </div>
      ),
    },
    {
      key: 'list.category',
      header: t('list.category'),
      cell: (p) => (lang === 'en' ? p.categoryNameEn : p.categoryNameAr),
    },
    {
      key: 'list.brand',
      header: t('list.brand'),
      cell: (p) => (lang === 'en' ? p.brandNameEn : p.brandNameAr),
    },
    {
      key: 'list.price',
      header: t('list.price'),
      sortKey: 'price',
      align: 'end',
      cell: (p) => (
        <div className="flex flex-col items-end">
          <span className={p.offerLive ? 'text-muted line-through' : ''}>{formatPrice(p.price, lang)}</span>
          {p.offerPrice !== null ? (
            <span className={p.offerLive ? 'font-semibold text-sale' : 'text-xs text-muted'}>
              {p.offerLive
                ? formatPrice(p.offerPrice, lang)
                : t('list.offerPlanned', { price: formatPrice(p.offerPrice, lang) })}
            </span>
          ) : null}
        </div>
      ),
    },
    {
      key: 'list.stock',
      header: t('list.stock'),
      sortKey: 'stock',
      align: 'end',
      cell: (p) => formatNumber(p.stock, lang),
    },
    {
      key: 'list.status',
      header: t('list.status'),
      cell: (p) => (
        <div className="flex flex-wrap gap-1">
          {p.hidden ? (
            <StatusBadge tone="warning">{t('status.hidden')}</StatusBadge>
          ) : (
            <StatusBadge tone="success">{t('status.visible')}</StatusBadge>
          )}
          {p.stock === 0 ? <StatusBadge tone="danger">{t('status.out')}</StatusBadge> : null}
          {p.featured ? <StatusBadge tone="info">{t('status.featured')}</StatusBadge> : null}
        </div>
      ),
    },
  ];
  return (
    <div className="flex flex-col gap-4">
      <Form
        ref={formRef}
        id={formId}
        method="post"
        noValidate
        aria-label={t('bulk.title')}
        className="flex flex-col gap-3 rounded-2xl border border-line bg-white p-4 md:flex-row md:items-end"
      >
        <input type="hidden" name="intent" value={CATALOG_INTENT.bulk} />
        <div className="flex flex-col gap-1 md:w-56">
          <label htmlFor={`${formId}-action`} className="text-sm font-semibold">
            {t('bulk.action')}
          </label>
          <select id={`${formId}-action`} name="action" className={fieldClass} defaultValue="price_percent">
            <option value="price_percent">{t('bulk.pricePercent')}</option>
            <option value="set_stock">{t('bulk.setStock')}</option>
            <option value="publish">{t('bulk.publish')}</option>
            <option value="hide">{t('bulk.hide')}</option>
          </select>
        </div>
        <div className="flex flex-col gap-1 md:w-40">
          <label htmlFor={`${formId}-percent`} className="text-sm font-semibold">
            {t('bulk.percent')}
          </label>
          <input
            id={`${formId}-percent`}
            name="percent"
            inputMode="decimal"
            dir="ltr"
            placeholder="10"
            aria-invalid={errorFor('percent') ? true : undefined}
            className={fieldClass}
          />
        </div>
        <div className="flex flex-col gap-1 md:w-40">
          <label htmlFor={`${formId}-stock`} className="text-sm font-semibold">
            {t('bulk.stock')}
          </label>
          <input
            id={`${formId}-stock`}
            name="stock"
            inputMode="numeric"
            dir="ltr"
            aria-invalid={errorFor('stock') ? true : undefined}
            className={fieldClass}
          />
        </div>
        <SubmitButton busy={busy} className="h-10">
          {t('bulk.apply')}
        </SubmitButton>
        <p className="text-xs text-muted md:max-w-xs">{t('bulk.hint')}</p>
      </Form>
      {answer?.error ? (
        <p role="alert" className="text-sm font-medium text-sale">
          {answer.error.message}
        </p>
      ) : null}
      <DataTable
        caption={t('list.caption')}
        columns={columns}
        rows={products}
        rowKey={(p) => String(p.id)}
        sort={sort}
      />
    </div>
  );
}
