import type { AdminGroup, AdminProductPick } from '@shop/contract';
import { inputClass } from '../../components/ui/text-field.tsx';
import type { FormAnswer } from '../../lib/form-answer.ts';
import { useLang } from '../../lib/use-lang.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { Field } from '../dashboard-catalog/components/product-form.tsx';
import { ProductPicker } from './product-picker.tsx';

/** What a code's and a promotion's form is given besides the item: what its scope offers, and the last answer. */
export interface TermsFormProps {
  categories: AdminGroup[];
  brands: AdminGroup[];
  /** The products and variants the item covers, with their names. */
  picked: AdminProductPick[];
  /** Staff see the fields read-only; owners change them. */
  readOnly: boolean;
  serverAnswer: FormAnswer | undefined;
}

/** What a discount code or a promotion covers, as its form sends it. */
export interface ChosenScope {
  scope: 'order' | 'items';
  categoryIds: number[];
  brandIds: number[];
  productIds: number[];
  variantIds: number[];
}

/**
 * A code's or a promotion's reach: everything (`wholeLabel`), or chosen categories and brands
 * (checkboxes) and products and variants (the picker's named chips). Fields of the page's one
 * form, so they work without JavaScript.
 */
export function ScopeFields({
  chosen,
  categories,
  brands,
  picked,
  readOnly,
  errorFor,
  wholeLabel,
}: {
  chosen: ChosenScope | null;
  categories: AdminGroup[];
  brands: AdminGroup[];
  picked: AdminProductPick[];
  readOnly: boolean;
  errorFor: (field: string) => string | undefined;
  wholeLabel: string;
}) {
  const { t } = useTranslation('dashboard-discounts');
  const { lang } = useLang();
  const nameOf = (g: AdminGroup) => (lang === 'en' ? g.nameEn : g.nameAr);
  const checks = (name: string, groups: AdminGroup[], ids: number[]) => (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-semibold">{t(`form.${name}`)}</legend>
      <div className="flex max-h-48 flex-wrap gap-x-4 gap-y-1 overflow-y-auto">
        {groups.map((g) => (
          <label key={g.id} className="flex min-h-9 items-center gap-2 text-sm">
            <input
              type="checkbox"
              name={name}
              value={g.id}
              defaultChecked={ids.includes(g.id)}
              className="size-4 accent-primary"
            />
            {nameOf(g)}
          </label>
        ))}
      </div>
    </fieldset>
  );
  return (
    <fieldset disabled={readOnly} className="flex flex-col gap-4">
      <legend className="mb-2 text-lg font-bold">{t('form.scopeTitle')}</legend>
      <Field label={t('form.scope')} error={errorFor('scope')}>
        {(id) => (
          <select
            id={id}
            name="scope"
            defaultValue={chosen?.scope ?? 'order'}
            className={`${inputClass} md:max-w-sm`}
          >
            <option value="order">{wholeLabel}</option>
            <option value="items">{t('scope.items')}</option>
          </select>
        )}
      </Field>
      {checks('categoryIds', categories, chosen?.categoryIds ?? [])}
      {checks('brandIds', brands, chosen?.brandIds ?? [])}
      <ProductPicker
        productIds={chosen?.productIds ?? []}
        variantIds={chosen?.variantIds ?? []}
        picked={picked}
        errorFor={errorFor}
      />
    </fieldset>
  );
}
