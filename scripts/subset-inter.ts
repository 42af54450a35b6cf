// Makes the one web font the app ships (issue 22: fonts ≤ 40 KB): Inter's variable `wght` file
// from @fontsource-variable/inter, cut to Latin (the same characters as Fontsource's "latin"
// unicode-range) and to the weights the design uses (400–800), every OpenType feature kept
// (tabular figures, contextual alternates). Run `node scripts/subset-inter.ts` after upgrading
// @fontsource-variable/inter and commit the output; the output is the same bytes for the same input.
//
// Measured 2026-11-27 (woff2 bytes a Latin page downloads): five static @fontsource/inter weights
// 121,144 (23.7–24.5 KB each); @fontsource-variable/inter latin wght 48,256, its opsz file 72,920;
// this file with the wght axis cut to 400–800: 31,552 (all features) or 28,956 (basic features only).
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const subsetFont = require('subset-font') as (
  font: Buffer,
  text: string,
  options: { targetFormat: 'woff2'; variationAxes?: Record<string, { min: number; max: number; default: number }> },
) => Promise<Buffer>;

const packageDir = path.dirname(require.resolve('@fontsource-variable/inter/package.json', { paths: ['packages/ui'] }));
const outDir = path.resolve(import.meta.dirname, '../packages/ui/src/fonts');

/** Fontsource's "latin" unicode-range, so the subset covers what the file it replaces covered. */
const LATIN_RANGE = 'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD';

function characters(range: string) {
  let text = '';
  for (const part of range.split(',')) {
    const [from = '', to = from] = part.trim().replace('U+', '').split('-');
    for (let code = parseInt(from, 16); code <= parseInt(to, 16); code++) text += String.fromCodePoint(code);
  }
  return text;
}

const source = readFileSync(path.join(packageDir, 'files/inter-latin-wght-normal.woff2'));
const subset = await subsetFont(source, characters(LATIN_RANGE), {
  targetFormat: 'woff2',
  variationAxes: { wght: { min: 400, max: 800, default: 400 } },
});
writeFileSync(path.join(outDir, 'inter-latin-wght.woff2'), subset);
// The SIL Open Font License travels with the font (it allows subsetting under the same name).
copyFileSync(path.join(packageDir, 'LICENSE'), path.join(outDir, 'LICENSE-inter.txt'));
console.log(`packages/ui/src/fonts/inter-latin-wght.woff2: ${subset.length} bytes (from ${source.length})`);
