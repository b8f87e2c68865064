import type { Lang, Overview } from '@shop/contract';
import { scaleBand, scaleLinear } from 'd3-scale';
import { useId } from 'react';
import { formatHalalas, formatNumber } from '../dashboard/format.ts';
import { useLang } from '../../lib/use-lang.ts';
import { useTranslation } from '../../lib/use-translation.ts';

/**
 * Two drawings of the same chart, one shown at a time by CSS: text in an SVG scales with it, so
 * a phone gets a narrower drawing (readable labels, fewer dates) instead of a shrunken wide one.
 */
const layouts = {
  wide: { width: 720, height: 260, labelEvery: 5, className: 'hidden sm:block' },
  narrow: { width: 340, height: 220, labelEvery: 10, className: 'sm:hidden' },
} as const;
/** Room for the amounts beside the plot (on the start side) and the dates under it. */
const AXIS = 64;
const END = 8;
const TOP = 12;
const BOTTOM = 32;

/** `2026-11-25` as the page language writes a short day and month (Riyadh dates, no time). */
export function shortDay(date: string, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === 'ar' ? 'ar-SA-u-nu-latn-ca-gregory' : 'en-SA', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

/** Whole riyals on the axis: the ticks are round amounts, halalas would only add noise. */
function axisAmount(halalas: number, lang: Lang): string {
  return formatNumber(Math.round(halalas / 100), lang);
}

/**
 * Where a date goes under its bar: centred, except today's, the outermost bar, whose label ends
 * at the bar's outer edge so it is not cut off by the edge of the drawing.
 */
function dateLabelPosition(outermost: boolean, rtl: boolean, left: number, bandwidth: number) {
  if (!outermost) return { x: left + bandwidth / 2, textAnchor: 'middle' } as const;
  return rtl
    ? ({ x: left, textAnchor: 'start' } as const)
    : ({ x: left + bandwidth, textAnchor: 'end' } as const);
}

function Bars({ daily, layout }: { daily: Overview['daily']; layout: keyof typeof layouts }) {
  const { t } = useTranslation('dashboard-insights');
  const { lang, dir } = useLang();
  const { width, height, labelEvery, className } = layouts[layout];
  const rtl = dir === 'rtl';
  const plotStart = rtl ? width - AXIS : AXIS;
  const plotEnd = rtl ? END : width - END;
  const x = scaleBand<string>()
    .domain(daily.map((d) => d.date))
    .range([plotStart, plotEnd])
    .paddingInner(0.25)
    .paddingOuter(0.1);
  const max = Math.max(0, ...daily.map((d) => d.salesHalalas));
  const y = scaleLinear()
    .domain([0, max > 0 ? max : 100_00])
    .nice(4)
    .range([height - BOTTOM, TOP]);
  const ticks = y.ticks(4);
  const total = daily.reduce((sum, d) => sum + d.salesHalalas, 0);
  // A date under every few bars, counted back from today, and under today.
  const labelled = (i: number) => (daily.length - 1 - i) % labelEvery === 0;
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={t('chart.summary', {
        total: formatHalalas(total, lang),
        days: formatNumber(daily.length, lang),
      })}
      className={`h-auto w-full ${className}`}
      // Coordinates are left to right whatever the page's direction; the plot itself is
      // mirrored above for Arabic.
      style={{ direction: 'ltr' }}
    >
      {ticks.map((tick) => (
        <g key={tick}>
          <line
            x1={Math.min(plotStart, plotEnd)}
            x2={Math.max(plotStart, plotEnd)}
            y1={y(tick)}
            y2={y(tick)}
            className="stroke-line"
            strokeDasharray={tick === 0 ? undefined : '3 4'}
          />
          <text
            x={rtl ? plotStart + 8 : plotStart - 8}
            y={y(tick)}
            dy="0.32em"
            textAnchor={rtl ? 'start' : 'end'}
            className="fill-muted text-[11px]"
          >
            {axisAmount(tick, lang)}
          </text>
        </g>
      ))}
      {daily.map((d, i) => {
        const top = y(d.salesHalalas);
        return (
          <g key={d.date}>
            <rect
              x={x(d.date) ?? 0}
              y={top}
              width={x.bandwidth()}
              height={Math.max(0, height - BOTTOM - top)}
              rx={2}
              className="fill-primary"
            >
              <title>{`${shortDay(d.date, lang)}: ${formatHalalas(d.salesHalalas, lang)}`}</title>
            </rect>
            {labelled(i) && (
              <text
                {...dateLabelPosition(i === daily.length - 1, rtl, x(d.date) ?? 0, x.bandwidth())}
                y={height - BOTTOM + 18}
                className="fill-muted text-[11px]"
              >
                {shortDay(d.date, lang)}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}

/**
 * Daily sales as bars, drawn on the server as SVG (d3-scale only computes the positions and the
 * round ticks), so it shows before and without JavaScript. Time runs in the reading direction:
 * oldest at the start, today at the end — on the left in English, on the right in Arabic, with
 * the amounts on the start side. The same figures follow as a table for screen readers and for
 * anyone who wants the numbers.
 */
export function SalesChart({ daily }: { daily: Overview['daily'] }) {
  const { t } = useTranslation('dashboard-insights');
  const { lang } = useLang();
  const titleId = useId();
  return (
    <figure className="flex flex-col gap-3">
      <figcaption id={titleId} className="font-semibold">
        {t('chart.title')}
      </figcaption>
      <Bars daily={daily} layout="wide" />
      <Bars daily={daily} layout="narrow" />
      <p className="text-xs text-muted">{t('chart.axis')}</p>
      <details className="rounded-xl border border-line bg-white">
        <summary className="cursor-pointer px-4 py-2 text-sm font-semibold">{t('chart.asTable')}</summary>
        <div className="max-h-80 overflow-y-auto" tabIndex={0} role="region" aria-labelledby={titleId}>
          <table className="w-full text-sm">
            <caption className="sr-only">{t('chart.title')}</caption>
            <thead className="bg-surface text-muted">
              <tr>
                <th scope="col" className="px-4 py-2 text-start">
                  {t('chart.day')}
                </th>
                <th scope="col" className="px-4 py-2 text-end">
                  {t('chart.orders')}
                </th>
                <th scope="col" className="px-4 py-2 text-end">
                  {t('chart.sales')}
                </th>
              </tr>
            </thead>
            <tbody>
              {[...daily].reverse().map((d) => (
                <tr key={d.date} className="border-t border-line">
                  <th scope="row" className="px-4 py-2 text-start font-normal">
                    {shortDay(d.date, lang)}
                  </th>
                  <td className="px-4 py-2 text-end tabular-nums">{formatNumber(d.orders, lang)}</td>
                  <td className="px-4 py-2 text-end tabular-nums">{formatHalalas(d.salesHalalas, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
