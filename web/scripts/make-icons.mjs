// The web app's icons (public/icons/), drawn from the site's crest (public/favicon.svg) without
// any network: run `node scripts/make-icons.mjs` after the crest changes and commit the files.
// It borrows the cms's sharp (cms/node_modules), so the site itself needs no image library.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

const WEB = path.resolve(import.meta.dirname, '..');
const sharp = createRequire(path.join(WEB, '../cms/package.json'))('sharp');
const crest = await readFile(path.join(WEB, 'public/favicon.svg'));
// The site's dark background (index.html's theme-color), behind the crest where a launcher needs a square.
const background = '#1f1a15';

/** The crest at `size` pixels, taking `share` of the square, centred on the background or on transparency. */
async function icon(file, size, share, filled) {
  const inner = Math.round(size * share);
  const drawn = await sharp(crest, { density: Math.ceil((72 * inner) / 64) }).resize(inner, inner).png().toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background: filled ? background : { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: drawn, gravity: 'centre' }])
    .png({ compressionLevel: 9 })
    .toFile(path.join(WEB, 'public/icons', file));
}

await icon('crest-192.png', 192, 0.9, false);
await icon('crest-512.png', 512, 0.9, false);
// Maskable: launchers cut the icon to a circle or squircle, so the crest keeps to the safe 80 %.
await icon('crest-maskable-512.png', 512, 0.7, true);
await icon('apple-touch-icon.png', 180, 0.8, true);
