/*
 * Demo images drawn as SVG (a gradient, a device outline and a Latin caption) so the demo
 * catalog needs no downloads; the importer renders them to WebP with sharp.
 */

export type DeviceIcon =
  'phone' | 'laptop' | 'tablet' | 'tv' | 'audio' | 'watch' | 'gaming' | 'accessory' | 'camera' | 'home';

export interface Palette {
  from: string;
  to: string;
}

const escapeXml = (value: string) =>
  value.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

const stroke =
  'fill="none" stroke="#ffffff" stroke-width="14" stroke-linecap="round" stroke-linejoin="round"';
const soft = 'fill="#ffffff" fill-opacity="0.18"';

/** Device outlines in a 400×400 box. */
const icons: Record<DeviceIcon, string> = {
  phone: `<rect x="120" y="20" width="160" height="320" rx="30" ${soft}/><rect x="120" y="20" width="160" height="320" rx="30" ${stroke}/><line x1="180" y1="52" x2="220" y2="52" ${stroke}/><circle cx="200" cy="306" r="12" fill="#ffffff"/>`,
  laptop: `<rect x="70" y="60" width="260" height="170" rx="14" ${soft}/><rect x="70" y="60" width="260" height="170" rx="14" ${stroke}/><path d="M30 270 H370 L350 300 H50 Z" ${stroke}/>`,
  tablet: `<rect x="80" y="30" width="240" height="310" rx="26" ${soft}/><rect x="80" y="30" width="240" height="310" rx="26" ${stroke}/><circle cx="200" cy="312" r="10" fill="#ffffff"/>`,
  tv: `<rect x="30" y="50" width="340" height="210" rx="12" ${soft}/><rect x="30" y="50" width="340" height="210" rx="12" ${stroke}/><path d="M150 320 L200 262 L250 320" ${stroke}/><line x1="120" y1="322" x2="280" y2="322" ${stroke}/>`,
  audio: `<path d="M70 230 V190 A130 130 0 0 1 330 190 V230" ${stroke}/><rect x="50" y="210" width="70" height="120" rx="26" ${soft}/><rect x="50" y="210" width="70" height="120" rx="26" ${stroke}/><rect x="280" y="210" width="70" height="120" rx="26" ${soft}/><rect x="280" y="210" width="70" height="120" rx="26" ${stroke}/>`,
  watch: `<rect x="150" y="10" width="100" height="70" rx="16" ${stroke}/><rect x="150" y="300" width="100" height="70" rx="16" ${stroke}/><rect x="110" y="80" width="180" height="220" rx="50" ${soft}/><rect x="110" y="80" width="180" height="220" rx="50" ${stroke}/><path d="M200 140 V190 L235 215" ${stroke}/>`,
  gaming: `<path d="M110 110 H290 A80 80 0 0 1 365 215 L340 290 A40 40 0 0 1 270 300 L240 260 H160 L130 300 A40 40 0 0 1 60 290 L35 215 A80 80 0 0 1 110 110 Z" ${soft}/><path d="M110 110 H290 A80 80 0 0 1 365 215 L340 290 A40 40 0 0 1 270 300 L240 260 H160 L130 300 A40 40 0 0 1 60 290 L35 215 A80 80 0 0 1 110 110 Z" ${stroke}/><path d="M120 170 V230 M90 200 H150" ${stroke}/><circle cx="270" cy="180" r="12" fill="#ffffff"/><circle cx="300" cy="215" r="12" fill="#ffffff"/>`,
  accessory: `<rect x="130" y="40" width="140" height="150" rx="24" ${soft}/><rect x="130" y="40" width="140" height="150" rx="24" ${stroke}/><path d="M170 40 V0 M230 40 V0" ${stroke}/><path d="M200 190 V260 C200 330 300 330 300 270" ${stroke}/>`,
  camera: `<path d="M50 120 H130 L160 80 H240 L270 120 H350 V320 H50 Z" ${soft}/><path d="M50 120 H130 L160 80 H240 L270 120 H350 V320 H50 Z" ${stroke}/><circle cx="200" cy="215" r="70" ${stroke}/><circle cx="200" cy="215" r="30" fill="#ffffff" fill-opacity="0.5"/>`,
  home: `<path d="M40 190 L200 50 L360 190" ${stroke}/><path d="M80 160 V340 H320 V160" ${soft}/><path d="M80 160 V340 H320 V160" ${stroke}/><path d="M150 250 A70 70 0 0 1 250 250 M175 280 A35 35 0 0 1 225 280" ${stroke}/><circle cx="200" cy="310" r="10" fill="#ffffff"/>`,
};

/** Splits a caption into at most `maxLines` lines of about `width` characters. */
function wrap(caption: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  for (const word of caption.split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && (last + ' ' + word).length <= width)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1]}…`;
    return kept;
  }
  return lines;
}

function gradient(id: string, palette: Palette, angle: number) {
  return `<linearGradient id="${id}" gradientTransform="rotate(${angle} 0.5 0.5)"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient>`;
}

export interface ProductArtOptions {
  icon: DeviceIcon;
  palette: Palette;
  /** Small line above the caption, e.g. the brand. */
  overline: string;
  caption: string;
  /** 0 for the main image; other numbers give the extra views a different angle and tint. */
  view?: number;
}

/*
 * Rendered sizes are kept small on purpose: the importer re-encodes every image to WebP, which
 * costs about 40 ms per 400×400 image, and the demo must load in a few seconds.
 * 400 px is the height of the product page's main image (docs/requirements/screens.md).
 */
const PRODUCT_SIZE = 400;
const TILE_SIZE = 300;

/** A square product picture: gradient, device outline, brand and name. */
export function productSvg({ icon, palette, overline, caption, view = 0 }: ProductArtOptions): string {
  const lines = caption ? wrap(caption, 22, 2) : [];
  const tilt = [0, -12, 12][view % 3]!;
  const scale = [1, 0.8, 0.9][view % 3]!;
  const text = lines
    .map(
      (line, i) =>
        `<text x="400" y="${650 + i * 56}" text-anchor="middle" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-size="48" font-weight="700" fill="#ffffff">${escapeXml(line)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PRODUCT_SIZE}" height="${PRODUCT_SIZE}" viewBox="0 0 800 800">
<defs>${gradient('g', palette, 35 + view * 50)}<radialGradient id="r"><stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient></defs>
<rect width="800" height="800" fill="url(#g)"/>
<circle cx="${400 + view * 60}" cy="300" r="300" fill="url(#r)"/>
<g transform="translate(400 300) rotate(${tilt}) scale(${scale}) translate(-200 -190)">${icons[icon]}</g>
<text x="400" y="${lines.length ? 585 : 680}" text-anchor="middle" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-size="30" letter-spacing="6" fill="#ffffff" fill-opacity="0.85">${escapeXml(overline.toUpperCase())}</text>
${text}
</svg>`;
}

/** A brand tile: the name as a wordmark on a soft gradient. */
export function brandSvg(name: string, palette: Palette): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE_SIZE}" height="${TILE_SIZE}" viewBox="0 0 600 600">
<defs>${gradient('g', palette, 45)}</defs>
<rect width="600" height="600" rx="60" fill="url(#g)"/>
<circle cx="300" cy="300" r="230" fill="#ffffff" fill-opacity="0.12"/>
<text x="300" y="320" text-anchor="middle" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-size="${name.length > 8 ? 64 : 84}" font-weight="700" fill="#ffffff">${escapeXml(name)}</text>
</svg>`;
}

/** A wide home-page banner with a headline and a device outline. */
export function sliderSvg(headline: string, subline: string, icon: DeviceIcon, palette: Palette): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="375" viewBox="0 0 1600 600">
<defs>${gradient('g', palette, 20)}</defs>
<rect width="1600" height="600" fill="url(#g)"/>
<circle cx="1340" cy="300" r="250" fill="#ffffff" fill-opacity="0.12"/>
<g transform="translate(1340 300) scale(0.85) translate(-200 -190)">${icons[icon]}</g>
<text x="110" y="270" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-size="72" font-weight="700" fill="#ffffff">${escapeXml(headline)}</text>
<text x="110" y="350" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-size="40" fill="#ffffff" fill-opacity="0.9">${escapeXml(subline)}</text>
</svg>`;
}

/** A round avatar with initials, for agents. */
export function avatarSvg(initials: string, palette: Palette): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE_SIZE}" height="${TILE_SIZE}" viewBox="0 0 400 400">
<defs>${gradient('g', palette, 45)}</defs>
<rect width="400" height="400" fill="url(#g)"/>
<circle cx="200" cy="160" r="70" fill="#ffffff" fill-opacity="0.25"/>
<path d="M70 400 A130 130 0 0 1 330 400 Z" fill="#ffffff" fill-opacity="0.25"/>
<text x="200" y="182" text-anchor="middle" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-size="64" font-weight="700" fill="#ffffff">${escapeXml(initials)}</text>
</svg>`;
}
