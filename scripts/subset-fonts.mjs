#!/usr/bin/env node
// `node scripts/subset-fonts.mjs`: regenerates the shop's font files (apps/web/app/fonts) from the
// IBM Plex Sans Arabic files of @fontsource, cut down to the characters the shop writes, so that a
// page's first paint waits for fewer bytes. Each weight gives an Arabic file (letters, harakat,
// tatweel, Arabic-Indic digits and punctuation, the zero-width joiners and direction marks) and a
// Latin file (ASCII and the few typographic signs the texts use); app.css gives each its
// unicode-range, so a character outside them is drawn by the fallback font, never as a box. The
// Arabic shaping (joined forms, ligatures, mark positioning) is kept: all OpenType layout features
// and every glyph they reach stay. Needs Python's fontTools and brotli; PYTHON names the
// interpreter that has them (python3 by default).
import { spawnSync } from 'node:child_process';
import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { root } from './shop-server.mjs';

/** The characters of each file; app.css repeats these as the @font-face unicode-range. */
export const fontSubsets = {
  arabic:
    'U+060C,U+061B,U+061F,U+0621-063A,U+0640-0652,U+0660-066D,U+0670,U+0674,U+067E,U+0686,U+0698,' +
    'U+06A9,U+06AF,U+06CC,U+06D4,U+200C-200F,U+2010',
  latin:
    'U+0020-007E,U+00A0,U+00A9,U+00AB,U+00B0,U+00B7,U+00BB,U+00D7,U+2013-2014,U+2018-2019,' +
    'U+201C-201D,U+2022,U+2026,U+20AC,U+2122,U+2212',
};

const source = path.join(root, 'node_modules/@fontsource/ibm-plex-sans-arabic/files');
const target = path.join(root, 'apps/web/app/fonts');
const python = process.env.PYTHON ?? 'python3';
mkdirSync(target, { recursive: true });

for (const [subset, unicodes] of Object.entries(fontSubsets)) {
  for (const weight of [400, 600]) {
    const input = path.join(source, `ibm-plex-sans-arabic-${subset}-${weight}-normal.woff2`);
    const output = path.join(target, `ibm-plex-sans-arabic-${subset}-${weight}.woff2`);
    const run = spawnSync(
      python,
      [
        '-m',
        'fontTools.subset',
        input,
        `--unicodes=${unicodes}`,
        // Every GSUB/GPOS feature: Arabic needs init/medi/fina/isol, rlig, liga, mark, mkmk, kern.
        '--layout-features=*',
        '--flavor=woff2',
        `--output-file=${output}`,
      ],
      { stdio: 'inherit' },
    );
    if (run.error || run.status !== 0) {
      console.error(`${python} -m fontTools.subset failed: fontTools and brotli are needed (or set PYTHON).`);
      process.exit(1);
    }
    console.log(`${path.relative(root, output)}: ${(statSync(output).size / 1024).toFixed(1)} KB`);
  }
}
