// @vitest-environment node
// harfbuzz and woff2 run as WebAssembly; in jsdom they would look for a browser's fetch.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FACES, FONTS_DIR, cutFaces, fontsStylesheet } from '../../../scripts/subset-fonts.mjs';

describe('the site’s own cut of its fonts', () => {
  it('is what scripts/subset-fonts.mjs makes from the installed Fontsource files', async () => {
    const faces = await cutFaces();
    for (const face of faces) {
      const committed = await readFile(path.join(FONTS_DIR, face.file));
      expect(committed.equals(face.bytes), `${face.file}: run node scripts/subset-fonts.mjs`).toBe(true);
    }
    const total = (sizes: number[]) => sizes.reduce((sum, size) => sum + size, 0);
    // Every public page asks for all three before its first paint.
    expect(total(faces.map((face) => face.bytes.length))).toBeLessThan(0.86 * total(faces.map((face) => face.originalSize)));
    expect(await readFile(path.join(FONTS_DIR, 'fonts.css'), 'utf8')).toBe(await fontsStylesheet());
  }, 30_000);

  it('declares every face of Fontsource’s stylesheets, each latin one from our cut', async () => {
    const css = await readFile(path.join(FONTS_DIR, 'fonts.css'), 'utf8');
    expect(css.match(/@font-face/g)).toHaveLength(16);
    for (const face of FACES) {
      expect(css).toContain(`url(./${face.file})`);
      expect(css).not.toContain(`files/${face.file}`);
    }
  });
});
