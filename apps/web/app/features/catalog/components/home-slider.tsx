import { slideHref, type Slider } from '@shop/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Icon } from '../../../components/ui/icon.tsx';
import { startSlider } from '../../../static-page.client.js';
import fallbackOne from '../../../assets/slide-fallback-1.svg';
import fallbackTwo from '../../../assets/slide-fallback-2.svg';

/** The slide changes every 2000 ms (docs/requirements/rules.md, Timings). */
export const SLIDE_INTERVAL_MS = 2000;
const fallbacks = [fallbackOne, fallbackTwo];

/**
 * The home slider. The markup is the same whether or not the page is hydrated; what moves it
 * is `startSlider` (static-page.client.js), which the page that is not hydrated runs from its
 * script and a hydrated page from this component (decision 054). Each slide's bundled fallback
 * lies under its image: it shows while the image loads, and stays when the image fails.
 */
export function HomeSlider({ sliders }: { sliders: Slider[] }) {
  const { t } = useTranslation('catalog');
  const slides = sliders.length > 0 ? sliders.map((s) => s.sliderImage) : ['', ''];
  // Checked again as it is rendered: a shop path or an https address, nothing else.
  const links = sliders.map((s) => slideHref(s.sliderLink));
  const root = useRef<HTMLElement>(null);
  const key = slides.join('\n');

  useEffect(() => (root.current ? startSlider(root.current) : undefined), [key]);

  return (
    <section
      ref={root}
      key={key}
      data-slider
      data-interval={SLIDE_INTERVAL_MS}
      aria-roledescription="carousel"
      aria-label={t('home.slider')}
      className="relative aspect-[8/3] overflow-hidden rounded-2xl bg-ink"
    >
      {slides.map((src, i) => (
        <div
          key={`${i}-${src}`}
          data-slide
          data-active={i === 0 ? '' : undefined}
          role="group"
          aria-roledescription="slide"
          aria-label={t('home.slide', { n: i + 1, total: slides.length })}
          aria-hidden={i !== 0}
          className="absolute inset-0 opacity-0 transition-opacity duration-500 motion-reduce:transition-none data-active:opacity-100"
        >
          <img
            src={fallbacks[i % fallbacks.length] ?? fallbackOne}
            alt=""
            width={1600}
            height={600}
            className="absolute inset-0 size-full object-cover"
          />
          {src && (
            <img
              data-slide-image
              src={src}
              alt=""
              width={1600}
              height={600}
              fetchPriority={i === 0 ? 'high' : 'low'}
              className="absolute inset-0 size-full object-cover"
            />
          )}
          {links[i] && (
            <a
              href={links[i]}
              tabIndex={i === 0 ? 0 : -1}
              aria-label={t('home.slideLink', { n: i + 1 })}
              className="absolute inset-0 focus-visible:outline-4 focus-visible:-outline-offset-4 focus-visible:outline-white"
            />
          )}
        </div>
      ))}
      {slides.length > 1 && (
        <div className="absolute inset-x-0 bottom-3 flex items-center justify-center gap-1">
          {slides.map((_, i) => (
            <button
              key={i}
              type="button"
              data-slide-dot
              aria-label={t('home.goToSlide', { n: i + 1 })}
              aria-current={i === 0}
              className="group flex size-6 items-center justify-center"
            >
              <span className="block h-2 w-2 rounded-full bg-white/60 transition-all group-hover:bg-white group-aria-[current=true]:w-6 group-aria-[current=true]:bg-white" />
            </button>
          ))}
          {/* WCAG 2.2.2: slides that move by themselves can be stopped. */}
          <button
            type="button"
            data-slider-pause
            aria-pressed={false}
            aria-label={t('home.pauseSlides')}
            className="group ms-2 flex size-6 items-center justify-center rounded-full bg-black/40 text-white hover:bg-black/60"
          >
            <Icon name="pause" className="size-3.5 group-aria-pressed:hidden" />
            <Icon name="play" className="hidden size-3.5 group-aria-pressed:block" />
          </button>
        </div>
      )}
    </section>
  );
}
