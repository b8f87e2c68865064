import { MAX_PRODUCT_OPTIONS, type AdminProduct } from '@shop/contract';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { inputClass, TextField } from '../../../components/ui/text-field.tsx';
import { useActionForm, type FormAnswer } from '../../../lib/form-answer.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { CATALOG_INTENT } from '../intents.ts';
import { optionPrefix, valuesText, variantPrefix } from '../variants-form.ts';
import { NameFields } from './name-fields.tsx';

/**
 * A grid cell's field; each column sets its own least width, so a whole SKU shows (the widest
 * value) and the grid still fits a desktop's editor without scrolling sideways.
 */
const cell = 'h-10 w-full rounded-lg border border-line bg-white px-2 text-sm';

/** A text field of the grid, written left to right (SKUs, barcodes and amounts are Latin). */
function GridField({
  name,
  value,
  label,
  inputMode,
  width = 'min-w-20',
}: {
  name: string;
  value: string | number;
  label: string;
  inputMode?: 'numeric' | 'decimal';
  width?: string;
}) {
  return (
    <td className="p-2">
      <input
        name={name}
        defaultValue={value}
        dir="ltr"
        {...(inputMode && { inputMode })}
        className={`${cell} ${width}`}
        aria-label={label}
      />
    </td>
  );
}

/**
 * The product's options (storage, colour, …: up to three, one value per line) and its variants
 * grid, each its own form. Saving the options makes a variant for every new combination; the
 * grid edits SKU, barcode, price, offer, stock, image and visibility of all variants at once,
 * with a bulk price and added stock for the ticked rows (all rows when none is ticked).
 */
export function ProductVariants({
  product,
  serverAnswer,
}: {
  product: AdminProduct;
  serverAnswer?: FormAnswer & { intent?: string };
}) {
  const { t } = useTranslation('dashboard-catalog');
  const { lang } = useLang();
  // A refusal posted without JavaScript comes back with the page: shown by the form it is about.
  const about = (intent: string) => (serverAnswer?.intent === intent ? { serverAnswer } : {});
  const optionsForm = useActionForm(about(CATALOG_INTENT.options));
  const grid = useActionForm(about(CATALOG_INTENT.variants));
  const slots = Array.from({ length: MAX_PRODUCT_OPTIONS }, (_, i) => product.options[i]);
  const valueName = new Map(
    product.options.flatMap((o) => o.values.map((v) => [v.id, lang === 'en' ? v.nameEn : v.nameAr] as const)),
  );
  const imageName = (image: string, i: number) =>
    i === 0 ? t('images.main') : t('images.extra', { n: i + 1 });
  return (
    <section aria-labelledby="variants-title" className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h2 id="variants-title" className="text-lg font-bold">
          {t('variants.title')}
        </h2>
        <p className="text-sm text-muted">{t('variants.explain')}</p>
      </div>
      <optionsForm.Form ref={optionsForm.formRef} method="post" noValidate className="flex flex-col gap-4">
        <input type="hidden" name="intent" value={CATALOG_INTENT.options} />
        <input type="hidden" name="version" value={product.version} />
        <div className="grid gap-4 lg:grid-cols-3">
          {slots.map((option, i) => (
            <fieldset key={i} className="flex flex-col gap-3 rounded-xl border border-line p-3">
              <legend className="px-1 text-sm font-semibold">{t('variants.option', { n: i + 1 })}</legend>
              <NameFields values={option} prefix={optionPrefix(i)} />
              <label className="flex flex-col gap-1.5 text-sm font-semibold">
                {t('variants.kind')}
                <select
                  name={`${optionPrefix(i)}.kind`}
                  defaultValue={option?.kind ?? 'text'}
                  className={inputClass}
                >
                  <option value="text">{t('variants.kindText')}</option>
                  <option value="colour">{t('variants.kindColour')}</option>
                </select>
              </label>
              <label className="flex flex-col gap-1.5 text-sm font-semibold">
                {t('variants.values')}
                <textarea
                  name={`${optionPrefix(i)}.values`}
                  defaultValue={option ? valuesText(option.values) : ''}
                  rows={5}
                  className={`${inputClass} h-auto py-2 font-normal`}
                  aria-describedby={`values-hint-${i}`}
                />
                <span id={`values-hint-${i}`} className="text-xs font-normal text-muted">
                  {t('variants.valuesHint')}
                </span>
              </label>
            </fieldset>
          ))}
        </div>
        {optionsForm.answer?.error && (
          <p role="alert" className="text-sm font-semibold text-sale">
            {optionsForm.answer.error.message}
          </p>
        )}
        <div>
          <SubmitButton busy={optionsForm.busy}>{t('variants.saveOptions')}</SubmitButton>
        </div>
      </optionsForm.Form>

      <grid.Form ref={grid.formRef} method="post" noValidate className="flex flex-col gap-4">
        <input type="hidden" name="intent" value={CATALOG_INTENT.variants} />
        <input type="hidden" name="version" value={product.version} />
        <input type="hidden" name="count" value={product.variants.length} />
        <div className="overflow-x-auto rounded-xl border border-line">
          <table className="w-full min-w-[56rem] text-sm">
            <caption className="sr-only">{t('variants.grid')}</caption>
            <thead className="bg-surface text-start text-xs text-muted">
              <tr>
                {[
                  t('variants.select'),
                  t('variants.combination'),
                  'SKU',
                  t('variants.barcode'),
                  t('variants.price'),
                  t('variants.offerPrice'),
                  t('variants.stock'),
                  t('variants.image'),
                  t('variants.hidden'),
                ].map((heading) => (
                  <th key={heading} scope="col" className="p-2 text-start">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {product.variants.map((variant, i) => {
                const p = variantPrefix(i);
                const combination =
                  variant.valueIds.map((id) => (id === null ? '—' : valueName.get(id))).join(' · ') ||
                  t('variants.only');
                return (
                  <tr
                    key={variant.id}
                    className={`border-t border-line ${variant.hidden ? 'bg-surface text-muted' : ''}`}
                  >
                    <td className="p-2">
                      <input type="hidden" name={`${p}.id`} value={variant.id} />
                      <input
                        type="checkbox"
                        name={`${p}.selected`}
                        aria-label={t('variants.selectRow', { name: combination })}
                        className="size-5"
                      />
                    </td>
                    <th scope="row" className="p-2 text-start font-semibold whitespace-nowrap">
                      {combination}
                      {variant.ordered && (
                        <span className="ms-2 text-xs font-normal text-muted">{t('variants.ordered')}</span>
                      )}
                    </th>
                    <GridField
                      name={`${p}.sku`}
                      value={variant.sku}
                      width="min-w-52"
                      label={`SKU ${combination}`}
                    />
                    <GridField
                      name={`${p}.barcode`}
                      value={variant.barcode ?? ''}
                      inputMode="numeric"
                      label={t('variants.barcodeOf', { name: combination })}
                    />
                    <GridField
                      name={`${p}.price`}
                      value={variant.price}
                      inputMode="decimal"
                      label={t('variants.priceOf', { name: combination })}
                    />
                    <GridField
                      name={`${p}.offerPrice`}
                      value={variant.offerPrice ?? ''}
                      inputMode="decimal"
                      label={t('variants.offerPriceOf', { name: combination })}
                    />
                    <GridField
                      name={`${p}.stock`}
                      value={variant.stock}
                      inputMode="numeric"
                      width="min-w-16"
                      label={t('variants.stockOf', { name: combination })}
                    />
                    <td className="p-2">
                      <select
                        name={`${p}.image`}
                        defaultValue={variant.image ?? ''}
                        className={`${cell} min-w-24`}
                        aria-label={t('variants.imageOf', { name: combination })}
                      >
                        <option value="">{t('variants.productImage')}</option>
                        {product.images.map((image, n) => (
                          <option key={image} value={image}>
                            {imageName(image, n)}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td className="p-2">
                      <input
                        type="checkbox"
                        name={`${p}.hidden`}
                        defaultChecked={variant.hidden}
                        className="size-5"
                        aria-label={t('variants.hideRow', { name: combination })}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        {grid.answer?.error && (
          <p role="alert" className="text-sm font-semibold text-sale">
            {grid.answer.error.message}
          </p>
        )}
        <div className="flex flex-wrap items-end gap-3">
          <SubmitButton busy={grid.busy}>{t('variants.saveGrid')}</SubmitButton>
        </div>
        <fieldset className="flex flex-col gap-3 rounded-xl border border-line p-3 sm:flex-row sm:items-end">
          <legend className="px-1 text-sm font-semibold">{t('variants.bulk')}</legend>
          <TextField label={t('variants.bulkPrice')} name="bulkPrice" inputMode="decimal" dir="ltr" />
          <TextField
            label={t('variants.bulkStock')}
            name="bulkStock"
            inputMode="numeric"
            dir="ltr"
            hint={t('variants.bulkHint')}
          />
          <button
            type="submit"
            name="bulk"
            value="1"
            className="inline-flex h-11 items-center justify-center rounded-full border border-primary px-5 font-semibold text-primary hover:bg-primary/5"
          >
            {t('variants.applyBulk')}
          </button>
        </fieldset>
      </grid.Form>
    </section>
  );
}
