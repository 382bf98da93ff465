// node scripts/subset-fonts.mjs: writes the site's own cut of Fontsource's three "latin" font
// files (src/app/fonts/*.woff2) and fonts.css, which declares them beside Fontsource's files for
// the other scripts; all committed.
//
// Each latin file becomes two: the characters of German text, which every public page asks for
// before its first paint, and the rest of the latin range, asked for only by a page that shows
// one of them. Both are cut to what the site draws: the weights it uses (400 to 700 upright, 400
// italic) and the OpenType features a text needs (kerning, standard ligatures, marks); small
// capitals, old-style and tabular figures, swashes and stylistic sets are left out. The German
// cuts weigh 61 kB where the three latin files weighed 118 kB. Characters outside the latin range
// (Polish, Czech, Cyrillic, Greek) still come from Fontsource's own files.
// See docs/decisions/020-first-paint-bytes.md. Run it again after upgrading
// @fontsource-variable/*: src/app/fonts/fonts.test.ts fails until the files match.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const FONTS_DIR = path.join(WEB, 'src', 'app', 'fonts');

// Kerning, standard ligatures (fi, fl), locale forms, glyph composition and mark placement. The
// contextual ligatures and alternates (clig, calt) would add 4 kB to each EB Garamond file.
const FEATURES = ['kern', 'liga', 'locl', 'ccmp', 'mark', 'mkmk'];

// The weights the stylesheets use: 400 (text; Cinzel's date line), 600 and 700 (labels, headings).
// Italic is set at 400 only (mottos, captions); a bold italic in cms text is drawn by the browser
// from it (font-synthesis), which halves the italic file.
const WEIGHTS = { normal: { min: 400, max: 700 }, italic: 400 };

// Copyright (0, kept anyway) and the license's text and address (13, 14): the Open Font License
// asks that every copy, modified or not, carries them.
const LICENSE_NAME_IDS = [13, 14];

// German text and its punctuation, which nearly every page draws before its first paint: ASCII,
// « » § © ® ° · ×, the umlauts and ß, dashes, quotes „“ ‚‘, bullet, ellipsis, € and ™, and the
// characters nobody sees (controls, spaces, joiners), so that none of them asks for another file.
// The rest of Fontsource's latin range (é, ñ, ø …) is a file of its own, which the browser asks
// for only when a page shows one of its characters.
const GERMAN = [
  [0x00, 0x7e], [0x7f, 0x9f], [0xa0], [0xa7], [0xa9], [0xab], [0xad], [0xae], [0xb0], [0xb7], [0xbb], [0xc4], [0xd6],
  [0xd7], [0xdc], [0xdf], [0xe4], [0xf6], [0xfc], [0x2000, 0x200f], [0x2013, 0x2014], [0x2018, 0x201a], [0x201c, 0x201e],
  [0x2022], [0x2026], [0x2028, 0x202f], [0x2060, 0x206f], [0x20ac], [0x2122], [0xfeff],
];

// Fontsource's stylesheets, whose faces fonts.css repeats; each has one "latin" face that we cut.
const STYLESHEETS = ['@fontsource-variable/eb-garamond/index.css', '@fontsource-variable/eb-garamond/wght-italic.css', '@fontsource-variable/cinzel/index.css'];

/** Each Fontsource latin face, cut in two: `german` and `rest` are the names of our files. */
export const FACES = STYLESHEETS.map((stylesheet) => {
  const [scope, name] = stylesheet.split('/');
  const style = stylesheet.endsWith('italic.css') ? 'italic' : 'normal';
  return {
    stylesheet,
    style,
    source: `${scope}/${name}/files/${name}-latin-wght-${style}.woff2`,
    german: `${name}-german-wght-${style}.woff2`,
    rest: `${name}-latin-rest-wght-${style}.woff2`,
  };
});

const codePoints = (ranges) => ranges.flatMap(([first, last = first]) => Array.from({ length: last - first + 1 }, (_, index) => first + index));
const GERMAN_CODE_POINTS = new Set(codePoints(GERMAN));

/** Code points as a CSS unicode-range: runs of neighbours joined (U+0041-005A). */
function unicodeRange(points) {
  const hex = (point) => point.toString(16).toUpperCase().padStart(4, '0');
  const runs = [];
  for (const point of [...points].sort((a, b) => a - b)) {
    const run = runs.at(-1);
    if (run && run[1] === point - 1) run[1] = point;
    else runs.push([point, point]);
  }
  return runs.map(([first, last]) => (first === last ? `U+${hex(first)}` : `U+${hex(first)}-${hex(last)}`)).join(',');
}

/** Fontsource's "latin" range of a face (its package's unicode.json), split into German and the rest. */
async function latinRanges(face) {
  const packageDir = path.join(WEB, 'node_modules', path.dirname(face.stylesheet));
  const latin = JSON.parse(await readFile(path.join(packageDir, 'unicode.json'), 'utf8')).latin;
  const points = codePoints(latin.split(',').map((range) => range.replace('U+', '').split('-').map((hex) => parseInt(hex, 16))));
  return { german: points.filter((point) => GERMAN_CODE_POINTS.has(point)), rest: points.filter((point) => !GERMAN_CODE_POINTS.has(point)) };
}

/** Each face's two cuts, as bytes, in the order of FACES. */
export async function cutFaces() {
  return Promise.all(
    FACES.map(async (face) => {
      const original = await readFile(path.join(WEB, 'node_modules', face.source));
      const ranges = await latinRanges(face);
      const cut = (points) =>
        subsetFont(original, String.fromCodePoint(...points), {
          targetFormat: 'woff2',
          keepFeatures: FEATURES,
          variationAxes: { wght: WEIGHTS[face.style] },
          preserveNameIds: LICENSE_NAME_IDS,
        });
      return { ...face, originalSize: original.length, germanBytes: await cut(ranges.german), restBytes: await cut(ranges.rest) };
    }),
  );
}

/**
 * Fontsource's @font-face rules, with each "latin" face replaced by our two cuts and every other
 * face pointing at Fontsource's own file. The upright faces keep Fontsource's weight range, so the
 * browser matches them as before (asked for 800, the cut draws its heaviest, 700); every italic
 * face declares 400 alone, so that the browser synthesises a bold italic from it.
 */
export async function fontsStylesheet() {
  const parts = ['/* Written by scripts/subset-fonts.mjs from Fontsource\'s stylesheets; do not edit. */'];
  for (const face of FACES) {
    const css = await readFile(path.join(WEB, 'node_modules', face.stylesheet), 'utf8');
    const packageFiles = `../../../node_modules/${path.dirname(face.stylesheet)}/files/`;
    const latinFile = path.basename(face.source);
    const ranges = await latinRanges(face);
    const ours = (block, file, points) =>
      block
        .replace(latinFile.replace('.woff2', ''), file.replace('.woff2', ''))
        .replace(`url(./files/${latinFile}) format('woff2-variations')`, `url(./${file}) format('${face.style === 'italic' ? 'woff2' : 'woff2-variations'}')`)
        .replace(/unicode-range: [^;]+;/, `unicode-range: ${unicodeRange(points)};`);
    // The browser takes a family's faces of one style together only when they declare the same
    // weights: an italic face of 400 beside faces of 400 to 800 would be passed over for them.
    const weighted = (block) => (face.style === 'italic' ? block.replace(/font-weight: [^;]+;/g, `font-weight: ${WEIGHTS.italic};`) : block);
    const blocks = css
      .trim()
      .split(/\n\n(?=\/\*)/)
      .map((block) =>
        block.includes(`url(./files/${latinFile})`)
          ? `${ours(block, face.german, ranges.german)}\n\n${ours(block, face.rest, ranges.rest)}`
          : block.replaceAll('url(./files/', `url(${packageFiles}`),
      )
      .map(weighted);
    parts.push(blocks.join('\n\n'));
  }
  return `${parts.join('\n\n')}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const face of await cutFaces()) {
    await writeFile(path.join(FONTS_DIR, face.german), face.germanBytes);
    await writeFile(path.join(FONTS_DIR, face.rest), face.restBytes);
    console.log(`${path.basename(face.source)}: ${face.originalSize} → ${face.germanBytes.length} (German) + ${face.restBytes.length} (rest of latin) bytes`);
  }
  await writeFile(path.join(FONTS_DIR, 'fonts.css'), await fontsStylesheet());
}
