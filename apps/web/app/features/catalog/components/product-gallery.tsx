import { useTranslation } from '../../../lib/use-translation.ts';
import { Icon } from '../../../components/ui/icon.tsx';

const arrowClass =
  'absolute top-1/2 flex size-10 -translate-y-1/2 cursor-pointer items-center justify-center rounded-full bg-white/90 shadow hover:bg-white';

/**
 * The carousel: main image 400 px high; thumbnails 80 px, 5 in a row, 10 px apart. No
 * script: each image has a radio button (keyboard: the arrow keys), the thumbnails and the
 * arrows are its labels, and app.css shows the checked one (`.gallery-*`), so the gallery works
 * on the product page, which is not hydrated (decision 052). The grid flows from the reading
 * side in both directions.
 */
export function ProductGallery({ name, images }: { name: string; images: string[] }) {
  const { t } = useTranslation('catalog');
  const count = images.length;
  const id = (i: number) => `product-image-${(i + count) % count}`;
  if (count === 0) return null;
  return (
    <section
      aria-label={t('product.images')}
      className="relative mx-auto grid w-full max-w-[440px] min-w-0 self-start grid-cols-[repeat(auto-fill,80px)] justify-between gap-[10px]"
    >
      {images.map((src, i) => (
        <div key={`${i}-${src}`} className="contents">
          <input
            type="radio"
            name="product-image"
            id={id(i)}
            defaultChecked={i === 0}
            aria-label={t('product.showImage', { n: i + 1 })}
            // A single image has nothing to choose: its radio only keeps it shown.
            aria-hidden={count === 1 || undefined}
            tabIndex={count === 1 ? -1 : undefined}
            className="gallery-radio sr-only"
          />
          <div className="gallery-slide relative col-span-full row-start-1 h-[400px] items-center justify-center overflow-hidden rounded-2xl border border-line bg-surface p-6">
            <img
              src={src}
              alt={t('product.imageOf', { name, n: i + 1 })}
              width={400}
              height={400}
              fetchPriority={i === 0 ? 'high' : undefined}
              loading={i === 0 ? undefined : 'lazy'}
              className="max-h-full w-auto max-w-full object-contain mix-blend-multiply"
            />
            {count > 1 && (
              <>
                <label htmlFor={id(i - 1)} aria-hidden="true" className={`${arrowClass} start-3`}>
                  <Icon name="chevronStart" className="rtl:-scale-x-100" />
                </label>
                <label htmlFor={id(i + 1)} aria-hidden="true" className={`${arrowClass} end-3`}>
                  <Icon name="chevronEnd" className="rtl:-scale-x-100" />
                </label>
              </>
            )}
          </div>
          {count > 1 && (
            <label
              htmlFor={id(i)}
              aria-hidden="true"
              data-testid="gallery-thumb"
              className="gallery-thumb flex size-20 cursor-pointer items-center justify-center overflow-hidden rounded-xl border-2 bg-surface p-1 hover:border-line"
            >
              <img
                src={src}
                alt=""
                width={80}
                height={80}
                loading="lazy"
                className="size-full object-contain mix-blend-multiply"
              />
            </label>
          )}
        </div>
      ))}
    </section>
  );
}
