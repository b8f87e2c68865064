import type { AdminGroup, AdminProduct } from '@shop/contract';
import { useId, type ReactNode } from 'react';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { inputClass, TextField } from '../../../components/ui/text-field.tsx';
import { useActionForm, type FormAnswer } from '../../../lib/form-answer.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { CATALOG_INTENT, riyadhLocal } from '../intents.ts';
import { NameFields } from './name-fields.tsx';

export function Field({
  label,
  error,
  children,
}: {
  label: string;
  error?: string;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      {children(id)}
      {error ? (
        <p role="alert" className="text-sm font-medium text-sale">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The product's fields, for creating (multipart, with its first image) and editing (with the
 * version the edit is made from, so a stale save is refused rather than overwriting).
 */
export function ProductForm({
  product,
  categories,
  brands,
  serverAnswer,
}: {
  product?: AdminProduct;
  categories: AdminGroup[];
  brands: AdminGroup[];
  serverAnswer?: FormAnswer;
}) {
  const { t } = useTranslation('dashboard-catalog');
  const { lang } = useLang();
  const { Form, formRef, busy, errorFor } = useActionForm({ serverAnswer });
  const nameOf = (g: AdminGroup) => (lang === 'en' ? g.nameEn : g.nameAr);
  const creating = product === undefined;
  const byOptions = product !== undefined && product.options.length > 0;
  return (
    <Form
      ref={formRef}
      method="post"
      encType={creating ? 'multipart/form-data' : undefined}
      noValidate
      className="flex flex-col gap-6"
    >
      <input type="hidden" name="intent" value={CATALOG_INTENT.save} />
      {product ? <input type="hidden" name="version" value={product.version} /> : null}
      <fieldset className="grid gap-4 md:grid-cols-2">
        <legend className="mb-2 text-lg font-bold">{t('form.names')}</legend>
        <NameFields values={product} errorFor={errorFor} required />
        <Field label={t('form.descriptionAr')} error={errorFor('descriptionAr')}>
          {(id) => (
            <textarea
              id={id}
              name="descriptionAr"
              dir="rtl"
              lang="ar"
              rows={4}
              defaultValue={product?.descriptionAr}
              className={`${inputClass} h-auto py-3`}
            />
          )}
        </Field>
        <Field label={t('form.descriptionEn')} error={errorFor('descriptionEn')}>
          {(id) => (
            <textarea
              id={id}
              name="descriptionEn"
              dir="ltr"
              lang="en"
              rows={4}
              defaultValue={product?.descriptionEn}
              className={`${inputClass} h-auto py-3`}
            />
          )}
        </Field>
      </fieldset>

      <fieldset className="grid gap-4 md:grid-cols-3">
        <legend className="mb-2 text-lg font-bold">{t('form.pricing')}</legend>
        {byOptions ? (
          <>
            {/* Sold by options: each variant's price, offer and stock are the grid's below; these
                carry the default variant's, unchanged, and the offer dates apply to every variant. */}
            <input type="hidden" name="price" value={product.price.toFixed(2)} />
            <input type="hidden" name="offerPrice" value={product.offerPrice?.toFixed(2) ?? ''} />
            <input type="hidden" name="stock" value={product.stock} />
            <p className="text-sm text-muted md:col-span-3">{t('form.byOptions')}</p>
          </>
        ) : (
          <>
            <TextField
              label={t('form.price')}
              hint={t('form.priceHint')}
              name="price"
              inputMode="decimal"
              dir="ltr"
              required
              defaultValue={product?.price.toFixed(2)}
              error={errorFor('price')}
            />
            <TextField
              label={t('form.offerPrice')}
              hint={t('form.offerHint')}
              name="offerPrice"
              inputMode="decimal"
              dir="ltr"
              defaultValue={product?.offerPrice?.toFixed(2) ?? ''}
              error={errorFor('offerPrice')}
            />
            <TextField
              label={t('form.stock')}
              name="stock"
              inputMode="numeric"
              dir="ltr"
              required
              defaultValue={product?.stock ?? 0}
              error={errorFor('stock')}
            />
          </>
        )}
        <TextField
          label={t('form.offerStartsAt')}
          name="offerStartsAt"
          type="datetime-local"
          dir="ltr"
          defaultValue={riyadhLocal(product?.offerStartsAt ?? null)}
          error={errorFor('offerStartsAt')}
        />
        <TextField
          label={t('form.offerEndsAt')}
          hint={t('form.datesHint')}
          name="offerEndsAt"
          type="datetime-local"
          dir="ltr"
          defaultValue={riyadhLocal(product?.offerEndsAt ?? null)}
          error={errorFor('offerEndsAt')}
        />
        <TextField
          label={t('form.sku')}
          hint={creating ? t('form.skuHint') : undefined}
          name="sku"
          dir="ltr"
          defaultValue={product?.sku}
          error={errorFor('sku')}
        />
      </fieldset>

      <fieldset className="grid gap-4 md:grid-cols-2">
        <legend className="mb-2 text-lg font-bold">{t('form.placement')}</legend>
        <Field label={t('form.category')} error={errorFor('categoryId')}>
          {(id) => (
            <select
              id={id}
              name="categoryId"
              required
              defaultValue={product?.categoryId ?? ''}
              className={inputClass}
            >
              <option value="">{t('form.choose')}</option>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {nameOf(c)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('form.brand')} error={errorFor('brandId')}>
          {(id) => (
            <select
              id={id}
              name="brandId"
              required
              defaultValue={product?.brandId ?? ''}
              className={inputClass}
            >
              <option value="">{t('form.choose')}</option>
              {brands.map((b) => (
                <option key={b.id} value={b.id}>
                  {nameOf(b)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <label className="flex min-h-11 items-center gap-3">
          <input
            type="checkbox"
            name="featured"
            defaultChecked={product?.featured}
            className="size-5 accent-primary"
          />
          <span>{t('form.featured')}</span>
        </label>
        <label className="flex min-h-11 items-center gap-3">
          <input
            type="checkbox"
            name="hidden"
            defaultChecked={product?.hidden}
            className="size-5 accent-primary"
          />
          <span>{t('form.hidden')}</span>
        </label>
      </fieldset>

      {creating ? (
        <TextField
          label={t('form.image')}
          hint={t('images.hint')}
          name="image"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          required
          className={`${inputClass} py-2.5`}
          error={errorFor('image')}
        />
      ) : null}

      <div>
        <SubmitButton busy={busy}>{creating ? t('form.create') : t('form.save')}</SubmitButton>
      </div>
    </Form>
  );
}
