import type { NationalAddress } from '@shop/contract';
import { useTranslation } from '../../lib/use-translation.ts';

/** The parts shown, in the order the national address is written. */
const PARTS = [
  'shortAddress',
  'buildingNumber',
  'street',
  'additionalNumber',
  'district',
  'city',
  'postalCode',
] as const satisfies readonly (keyof NationalAddress)[];

/** The parts written in Latin letters and digits: they read left to right inside Arabic text. */
const CODES = new Set<keyof NationalAddress>([
  'shortAddress',
  'buildingNumber',
  'postalCode',
  'additionalNumber',
]);

/**
 * A national address as the order pages and the printed invoice show it: each part given, with
 * its name. The short address and the numbers are isolated left-to-right runs.
 */
export function NationalAddressList({
  value,
  className = '',
}: {
  value: NationalAddress;
  className?: string;
}) {
  const { t } = useTranslation('common');
  return (
    <dl className={`grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm ${className}`}>
      {PARTS.filter((part) => value[part]).map((part) => (
        <div key={part} className="contents">
          <dt className="text-muted">{t(`nationalAddress.${part}`)}</dt>
          <dd className="font-semibold break-words" data-part={part}>
            {CODES.has(part) ? (
              <bdi dir="ltr" className="font-mono">
                {value[part]}
              </bdi>
            ) : (
              <bdi>{value[part]}</bdi>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
