import { toSVG } from 'bwip-js/node';

/** A barcode as SVG parts a page draws itself: its view box and its bars, one path per bar width. */
export interface BarcodeSvg {
  viewBox: string;
  paths: { strokeWidth: number; d: string }[];
}

const VIEW_BOX = /viewBox="([0-9 .]+)"/;
const PATH = /<path stroke="#000000" stroke-width="([0-9.]+)" d="([ML0-9 .]+)" \/>/g;

/**
 * The order number as a Code 128 barcode (what warehouse scanners read), drawn by bwip-js on
 * the server without a DOM. Handed on as numbers and path commands, never as markup, so the
 * page renders it as its own inline SVG.
 */
export function code128(text: string): BarcodeSvg {
  // Ten modules of white on each side: the quiet zone scanners need to find the code.
  const svg = toSVG({ bcid: 'code128', text, height: 12, includetext: false, paddingwidth: 10 });
  const viewBox = VIEW_BOX.exec(svg)?.[1];
  if (!viewBox) throw new Error('the barcode has no view box');
  const paths = [...svg.matchAll(PATH)].map((m) => ({ strokeWidth: Number(m[1]), d: m[2]! }));
  return { viewBox, paths };
}
