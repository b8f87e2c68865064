import type { ProductDetails, ProductVariant } from '@shop/contract';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { optionField, valueStates, VARIANT_PARAM } from '../variants.ts';

/**
 * One group of radio buttons per option (a colour option shows swatches), in a GET form: without
 * JavaScript the shopper picks values and sends the form (the page answers with the closest
 * variant's address); on the page as the server sends it, a change sends the form at once; in
 * the hydrated shop, a change goes to the chosen variant's address. Values whose combination
 * is sold out or does not exist are marked so, and stay choosable to see their price.
 */
export function VariantPicker({ product, chosen }: { product: ProductDetails; chosen: ProductVariant }) {
  const { t } = useTranslation('catalog');
  const { localize } = useLang();
  const navigate = useNavigate();
  const path = localize(`/product/${product.productId}`);
  const states = valueStates(product, chosen);
  return (
    <form method="get" action={path} data-variant-picker="" className="flex flex-col gap-4">
      {product.options.map((option, i) => {
        const current = option.values.find((v) => v.valueId === chosen.valueIds[i]);
        return (
          <fieldset key={option.optionId} className="flex flex-col gap-2">
            <legend className="mb-2 text-sm">
              <span className="text-muted">{option.name}: </span>
              <span className="font-semibold">{current?.name}</span>
            </legend>
            <div className="flex flex-wrap gap-2">
              {states[i]!.map(({ value, state, target, selected }) => (
                <label
                  key={value.valueId}
                  className={`relative inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border px-3 py-2 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary ${
                    selected
                      ? 'border-primary bg-primary/5 font-semibold'
                      : 'border-line bg-white hover:border-ink/40'
                  }`}
                >
                  <input
                    type="radio"
                    name={optionField(i)}
                    value={value.valueId}
                    checked={selected}
                    onChange={() =>
                      navigate(`${path}?${VARIANT_PARAM}=${encodeURIComponent(target.sku)}`, {
                        replace: true,
                        preventScrollReset: true,
                      })
                    }
                    className="sr-only"
                  />
                  {option.kind === 'colour' && (
                    <span
                      aria-hidden="true"
                      className="size-5 shrink-0 rounded-full border border-line"
                      style={value.swatch ? { backgroundColor: value.swatch } : undefined}
                    />
                  )}
                  <span className={state === 'available' ? '' : 'text-muted line-through'}>{value.name}</span>
                  {state !== 'available' && (
                    <span className="text-xs text-muted">
                      {t(state === 'soldOut' ? 'product.soldOutValue' : 'product.unavailableValue')}
                    </span>
                  )}
                </label>
              ))}
            </div>
          </fieldset>
        );
      })}
      <noscript>
        <button
          type="submit"
          className="h-10 rounded-full border border-primary px-5 text-sm font-semibold text-primary hover:bg-primary/5"
        >
          {t('product.choose')}
        </button>
      </noscript>
    </form>
  );
}
