import { MAX_PRODUCT_IMAGES, type AdminProduct } from '@shop/contract';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { inputClass, TextField } from '../../../components/ui/text-field.tsx';
import { useActionForm, type FormAnswer } from '../../../lib/form-answer.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { CATALOG_INTENT } from '../intents.ts';
import { FormButton } from './form-button.tsx';

/** The product's images in the storefront's order (the first is the main one), and an upload. */
export function ProductImages({
  product,
  serverAnswer,
}: {
  product: AdminProduct;
  serverAnswer?: FormAnswer;
}) {
  const { t } = useTranslation('dashboard-catalog');
  const upload = useActionForm({ serverAnswer, onDone: () => upload.formRef.current?.reset() });
  const full = product.images.length >= MAX_PRODUCT_IMAGES;
  // Each button posts the images as the page shows them, and the version they were read at.
  const moveFields = (intent: string, index: number) => ({
    intent,
    index,
    version: product.version,
    images: product.images,
  });
  return (
    <section aria-labelledby="images-title" className="flex flex-col gap-4">
      <h2 id="images-title" className="text-lg font-bold">
        {t('images.title')}
      </h2>
      <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {product.images.map((image, index) => (
          <li key={image} className="flex flex-col gap-2 rounded-xl border border-line p-2">
            <img
              src={image}
              alt={t('images.alt', { n: index + 1 })}
              className="aspect-square w-full rounded-lg bg-surface object-contain"
              width={200}
              height={200}
            />
            <p className="text-xs text-muted">
              {index === 0 ? t('images.main') : t('images.extra', { n: index + 1 })}
            </p>
            <div className="flex flex-wrap gap-1">
              <FormButton
                fields={moveFields(CATALOG_INTENT.imageUp, index)}
                label={t('images.earlier')}
                disabled={index === 0}
              />
              <FormButton
                fields={moveFields(CATALOG_INTENT.imageDown, index)}
                label={t('images.later')}
                disabled={index === product.images.length - 1}
              />
              <FormButton
                fields={moveFields(CATALOG_INTENT.imageRemove, index)}
                label={t('images.remove')}
                disabled={product.images.length === 1}
              />
            </div>
          </li>
        ))}
      </ol>
      <upload.Form
        ref={upload.formRef}
        method="post"
        encType="multipart/form-data"
        noValidate
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
      >
        <input type="hidden" name="intent" value={CATALOG_INTENT.upload} />
        <input type="hidden" name="version" value={product.version} />
        <div className="grow">
          <TextField
            label={t('images.add')}
            hint={full ? t('images.full') : t('images.hint')}
            name="image"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            disabled={full}
            className={`${inputClass} py-2.5`}
            error={upload.errorFor('image')}
          />
        </div>
        <SubmitButton busy={upload.busy}>{t('images.upload')}</SubmitButton>
      </upload.Form>
    </section>
  );
}
