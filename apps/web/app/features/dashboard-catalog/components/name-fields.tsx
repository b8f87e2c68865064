import { TextField } from '../../../components/ui/text-field.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';

/**
 * The Arabic and English names every catalog form asks for (products, categories, brands,
 * specification attributes, options), each written in its own direction and language. `prefix`
 * names them `prefix.nameAr` and `prefix.nameEn` where a form has several pairs.
 */
export function NameFields({
  values,
  errorFor,
  required = false,
  prefix,
}: {
  values?: { nameAr: string; nameEn: string } | undefined;
  errorFor?: (field: string) => string | undefined;
  required?: boolean;
  prefix?: string;
}) {
  const { t } = useTranslation('dashboard-catalog');
  const name = (field: 'nameAr' | 'nameEn') => (prefix ? `${prefix}.${field}` : field);
  return (
    <>
      <TextField
        label={t('form.nameAr')}
        name={name('nameAr')}
        dir="rtl"
        lang="ar"
        required={required}
        defaultValue={values?.nameAr ?? ''}
        error={errorFor?.(name('nameAr'))}
      />
      <TextField
        label={t('form.nameEn')}
        name={name('nameEn')}
        dir="ltr"
        lang="en"
        required={required}
        defaultValue={values?.nameEn ?? ''}
        error={errorFor?.(name('nameEn'))}
      />
    </>
  );
}
