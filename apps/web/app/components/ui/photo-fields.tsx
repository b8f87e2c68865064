import { formatNumber } from '../../lib/format.ts';
import { useLang } from '../../lib/use-lang.ts';

/**
 * Up to three optional photos sent with a shopper's form (a return, a review): one file input
 * per field name, each named by its number, with the hint and the shop's refusal of a photo.
 * The form posts as multipart; the shop checks and stores each as every upload.
 */
export function PhotoFields({
  fields,
  legend,
  hint,
  photoLabel,
  error,
}: {
  fields: readonly string[];
  legend: string;
  hint: string;
  /** The label of the n-th input, given its number as the page writes numbers. */
  photoLabel: (number: string) => string;
  error: string | undefined;
}) {
  const { lang } = useLang();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-lg font-bold">{legend}</legend>
      <p className="text-sm text-muted">{hint}</p>
      {fields.map((field, index) => (
        <label key={field} className="flex flex-col gap-1 text-sm">
          <span>{photoLabel(formatNumber(index + 1, lang))}</span>
          <input type="file" name={field} accept="image/jpeg,image/png,image/webp" />
        </label>
      ))}
      {error && (
        <p role="alert" className="text-sm font-medium text-sale">
          {error}
        </p>
      )}
    </fieldset>
  );
}
