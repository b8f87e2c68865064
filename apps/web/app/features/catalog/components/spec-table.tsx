import type { ProductSpec } from '@shop/contract';
import { useTranslation } from '../../../lib/use-translation.ts';

/**
 * A value with its unit. The value is isolated (`bdi`) so a Latin value ("Snapdragon 8 Gen 3",
 * "3274") keeps its own order inside an Arabic line, and the unit follows it in the page's
 * direction.
 */
export function SpecValue({ value, unit }: { value: string; unit: string }) {
  return (
    <>
      <bdi>{value}</bdi>
      {unit ? <> {unit}</> : null}
    </>
  );
}

/** The product's filled specifications as a two-column table; nothing when it has none. */
export function SpecTable({ specs }: { specs: ProductSpec[] }) {
  const { t } = useTranslation('catalog');
  if (specs.length === 0) return null;
  return (
    <section aria-labelledby="specs-title">
      <h2 id="specs-title" className="mb-2 text-lg font-bold">
        {t('product.specifications')}
      </h2>
      <table className="w-full border-collapse overflow-hidden rounded-2xl text-sm">
        <tbody>
          {specs.map((spec) => (
            <tr key={spec.specId} className="border-b border-line last:border-b-0 odd:bg-surface">
              <th scope="row" className="w-2/5 px-4 py-3 text-start align-top font-medium text-muted">
                {spec.specName}
              </th>
              <td className="px-4 py-3 align-top font-semibold break-words">
                <SpecValue value={spec.specValue} unit={spec.specUnit} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
