// node scripts/subset-fonts.mjs: writes the site's own cut of the three font files every public
// page asks for before its first paint (src/app/fonts/*.woff2) and fonts.css, which declares them
// beside Fontsource's files for the other scripts; all committed.
//
// They are Fontsource's "latin" files with the same characters, cut to what the site draws: the
// weights it uses (400 to 700 of the 400 to 800 the files hold) and the OpenType features a text
// needs (kerning, standard ligatures, marks); the small capitals, old-style and tabular figures,
// swashes and stylistic sets no page asks for are left out. 118 kB become 99 kB. Characters
// outside the range (Polish, Czech, Cyrillic, Greek) still come from Fontsource's own files.
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
const WEIGHTS = { min: 400, max: 700 };

// Copyright (0, kept anyway) and the license's text and address (13, 14): the Open Font License
// asks that every copy, modified or not, carries them.
const LICENSE_NAME_IDS = [13, 14];

// Fontsource's stylesheets, whose faces fonts.css repeats; each has one "latin" face that we cut.
const STYLESHEETS = ['@fontsource-variable/eb-garamond/index.css', '@fontsource-variable/eb-garamond/wght-italic.css', '@fontsource-variable/cinzel/index.css'];

export const FACES = STYLESHEETS.map((stylesheet) => {
  const [scope, name] = stylesheet.split('/');
  const file = `${name}-latin-wght-${stylesheet.endsWith('italic.css') ? 'italic' : 'normal'}.woff2`;
  return { stylesheet, source: `${scope}/${name}/files/${file}`, file };
});

/** Every character of Fontsource's "latin" range (its unicode.json), which fonts.css gives the cut too. */
async function latinCharacters(face) {
  const packageDir = path.join(WEB, 'node_modules', path.dirname(face.stylesheet));
  const ranges = JSON.parse(await readFile(path.join(packageDir, 'unicode.json'), 'utf8')).latin;
  let text = '';
  for (const range of ranges.split(',')) {
    const [first, last = first] = range.replace('U+', '').split('-').map((hex) => parseInt(hex, 16));
    for (let code = first; code <= last; code++) text += String.fromCodePoint(code);
  }
  return text;
}

/** Each face's cut, as bytes, in the order of FACES. */
export async function cutFaces() {
  return Promise.all(
    FACES.map(async (face) => {
      const original = await readFile(path.join(WEB, 'node_modules', face.source));
      const bytes = await subsetFont(original, await latinCharacters(face), {
        targetFormat: 'woff2',
        keepFeatures: FEATURES,
        variationAxes: { wght: WEIGHTS },
        preserveNameIds: LICENSE_NAME_IDS,
      });
      return { ...face, originalSize: original.length, bytes };
    }),
  );
}

/**
 * Fontsource's @font-face rules, with each "latin" face pointing at our cut and every other face at
 * Fontsource's own file. The weight range stays Fontsource's, so the browser matches faces as
 * before; asked for 800, the cut draws its heaviest, 700.
 */
export async function fontsStylesheet() {
  const parts = ['/* Written by scripts/subset-fonts.mjs from Fontsource\'s stylesheets; do not edit. */'];
  for (const face of FACES) {
    const css = await readFile(path.join(WEB, 'node_modules', face.stylesheet), 'utf8');
    const packageFiles = `../../../node_modules/${path.dirname(face.stylesheet)}/files/`;
    parts.push(
      css
        .trim()
        .replace(`url(./files/${face.file})`, `url(./${face.file})`)
        .replaceAll('url(./files/', `url(${packageFiles}`),
    );
  }
  return `${parts.join('\n\n')}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const face of await cutFaces()) {
    await writeFile(path.join(FONTS_DIR, face.file), face.bytes);
    console.log(`${face.file}: ${face.originalSize} → ${face.bytes.length} bytes`);
  }
  await writeFile(path.join(FONTS_DIR, 'fonts.css'), await fontsStylesheet());
}
