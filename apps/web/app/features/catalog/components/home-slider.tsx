import type { Slider } from '@shop/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import fallbackOne from '../../../assets/slide-fallback-1.svg';
import fallbackTwo from '../../../assets/slide-fallback-2.svg';

/** Spec §2 and §9: the slide changes every 2000 ms. */
export const SLIDE_INTERVAL_MS = 2000;
const fallbacks = [fallbackOne, fallbackTwo];

/** One slide: the bundled fallback shows until the real image has loaded, and stays if it fails. */
function Slide({
  src,
  fallback,
  active,
  label,
}: {
  src: string;
  fallback: string;
  active: boolean;
  label: string;
}) {
  const image = useRef<HTMLImageElement>(null);
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  useEffect(() => {
    // The image may have finished before hydration attached the handlers.
    const element = image.current;
    if (element?.complete) setState(element.naturalWidth > 0 ? 'loaded' : 'failed');
  }, []);
  return (
    <div
      role="group"
      aria-roledescription="slide"
      aria-label={label}
      aria-hidden={!active}
      className={`absolute inset-0 transition-opacity duration-500 ${active ? 'opacity-100' : 'opacity-0'}`}
    >
      <img
        src={fallback}
        alt=""
        width={1600}
        height={600}
        className="absolute inset-0 size-full object-cover"
      />
      {src && state !== 'failed' && (
        <img
          ref={image}
          src={src}
          alt=""
          width={1600}
          height={600}
          fetchPriority={active ? 'high' : 'auto'}
          onLoad={() => setState('loaded')}
          onError={() => setState('failed')}
          className={`absolute inset-0 size-full object-cover transition-opacity ${state === 'loaded' ? 'opacity-100' : 'opacity-0'}`}
        />
      )}
    </div>
  );
}

export function HomeSlider({ sliders }: { sliders: Slider[] }) {
  const { t } = useTranslation('catalog');
  const slides = sliders.length > 0 ? sliders.map((s) => s.sliderImage) : ['', ''];
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused || slides.length < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % slides.length), SLIDE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [paused, slides.length]);

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t('home.slider')}
      className="relative aspect-[8/3] overflow-hidden rounded-2xl bg-ink"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {slides.map((src, i) => (
        <Slide
          key={`${i}-${src}`}
          src={src}
          fallback={fallbacks[i % fallbacks.length] ?? fallbackOne}
          active={i === index}
          label={t('home.slide', { n: i + 1, total: slides.length })}
        />
      ))}
      {slides.length > 1 && (
        <div className="absolute inset-x-0 bottom-3 flex justify-center gap-1">
          {slides.map((_, i) => (
            <button
              key={i}
              type="button"
              aria-label={t('home.goToSlide', { n: i + 1 })}
              aria-current={i === index}
              onClick={() => setIndex(i)}
              className="group flex size-6 items-center justify-center"
            >
              <span
                className={`block h-2 rounded-full transition-all ${i === index ? 'w-6 bg-white' : 'w-2 bg-white/60 group-hover:bg-white'}`}
              />
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
