import type { Product } from '@shop/contract';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useLang } from '../../../lib/use-lang.ts';

/**
 * The colours a product comes in, as small dots (a colour without a swatch shows its name's
 * first letter). Read by screen readers as one sentence listing the colours: hidden text, since a
 * paragraph may not carry a label of its own.
 */
export function Swatches({ swatches }: { swatches: NonNullable<Product['swatches']> }) {
  const { t } = useTranslation('catalog');
  const { lang } = useLang();
  const names = swatches.map((s) => s.name).join(lang === 'ar' ? '، ' : ', ');
  return (
    <p className="flex flex-wrap items-center gap-1.5">
      <span className="sr-only">{t('product.colours', { names })}</span>
      {swatches.slice(0, 6).map((s) => (
        <span
          key={s.name}
          aria-hidden="true"
          title={s.name}
          className="inline-flex size-4 items-center justify-center rounded-full border border-line text-[0.55rem] text-muted"
          style={s.colour ? { backgroundColor: s.colour } : undefined}
        >
          {s.colour ? '' : s.name.slice(0, 1)}
        </span>
      ))}
      {swatches.length > 6 && (
        <span aria-hidden="true" className="text-xs text-muted">
          +{swatches.length - 6}
        </span>
      )}
    </p>
  );
}
