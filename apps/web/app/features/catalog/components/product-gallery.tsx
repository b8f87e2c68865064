import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Icon } from '../../../components/ui/icon.tsx';

/**
 * Spec §9 carousel: main image 400 px high; thumbnails 80 px, 5 in view, 10 px apart. The strip
 * is a flex row, so it starts on the reading side in both directions.
 */
export function ProductGallery({ name, images }: { name: string; images: string[] }) {
  const { t } = useTranslation('catalog');
  const [index, setIndex] = useState(0);
  const count = images.length;
  const current = images[index] ?? images[0] ?? '';
  const go = (next: number) => setIndex((next + count) % count);
  return (
    <section aria-label={t('product.images')} className="flex flex-col gap-[10px]">
      <div className="relative flex h-[400px] items-center justify-center overflow-hidden rounded-2xl border border-line bg-surface p-6">
        <img
          src={current}
          alt={t('product.imageOf', { name, n: index + 1 })}
          width={400}
          height={400}
          fetchPriority="high"
          className="max-h-full w-auto max-w-full object-contain mix-blend-multiply"
        />
        {count > 1 && (
          <>
            <button
              type="button"
              onClick={() => go(index - 1)}
              aria-label={t('product.showImage', { n: ((index - 1 + count) % count) + 1 })}
              className="absolute start-3 top-1/2 flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 shadow hover:bg-white"
            >
              <Icon name="chevronStart" className="rtl:-scale-x-100" />
            </button>
            <button
              type="button"
              onClick={() => go(index + 1)}
              aria-label={t('product.showImage', { n: ((index + 1) % count) + 1 })}
              className="absolute end-3 top-1/2 flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 shadow hover:bg-white"
            >
              <Icon name="chevronEnd" className="rtl:-scale-x-100" />
            </button>
          </>
        )}
      </div>
      {count > 1 && (
        <ul className="flex max-w-[440px] gap-[10px] overflow-x-auto scrollbar-none">
          {images.map((src, i) => (
            <li key={`${i}-${src}`} className="shrink-0">
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={t('product.showImage', { n: i + 1 })}
                aria-current={i === index}
                className={`flex size-20 items-center justify-center overflow-hidden rounded-xl border-2 bg-surface p-1 ${i === index ? 'border-primary' : 'border-transparent hover:border-line'}`}
              >
                <img
                  src={src}
                  alt=""
                  width={80}
                  height={80}
                  loading="lazy"
                  className="size-full object-contain mix-blend-multiply"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
