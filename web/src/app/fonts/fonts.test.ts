// @vitest-environment node
// harfbuzz and woff2 run as WebAssembly; in jsdom they would look for a browser's fetch.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FACES, FONTS_DIR, cutFaces, fontsStylesheet } from '../../../scripts/subset-fonts.mjs';

const total = (sizes: number[]) => sizes.reduce((sum, size) => sum + size, 0);

describe('the site’s own cut of its fonts', () => {
  it('is what scripts/subset-fonts.mjs makes from the installed Fontsource files', async () => {
    const faces = await cutFaces();
    for (const face of faces) {
      for (const [file, bytes] of [[face.german, face.germanBytes], [face.rest, face.restBytes]] as const) {
        const committed = await readFile(path.join(FONTS_DIR, file));
        expect(committed.equals(bytes), `${file}: run node scripts/subset-fonts.mjs`).toBe(true);
      }
    }
    // Every public page in German asks for the three German cuts before its first paint.
    expect(total(faces.map((face) => face.germanBytes.length))).toBeLessThan(0.6 * total(faces.map((face) => face.originalSize)));
    expect(await readFile(path.join(FONTS_DIR, 'fonts.css'), 'utf8')).toBe(await fontsStylesheet());
  }, 30_000);

  it('declares every face of Fontsource’s stylesheets, each latin one as our two cuts', async () => {
    const css = await readFile(path.join(FONTS_DIR, 'fonts.css'), 'utf8');
    expect(css.match(/@font-face/g)).toHaveLength(19);
    for (const face of FACES) {
      expect(css).toContain(`url(./${face.german})`);
      expect(css).toContain(`url(./${face.rest})`);
      expect(css).not.toContain(path.basename(face.source));
    }
  });

  it('gives each character of the latin range to exactly one of the two cuts', async () => {
    const css = await readFile(path.join(FONTS_DIR, 'fonts.css'), 'utf8');
    const rangeOf = (file: string) => {
      const rule = css.split('@font-face').find((block) => block.includes(`url(./${file})`))!;
      const points = new Set<number>();
      for (const range of /unicode-range: ([^;]+);/.exec(rule)![1]!.split(',')) {
        const [first, last = first] = range.replace('U+', '').split('-').map((hex) => parseInt(hex, 16));
        for (let point = first!; point <= last!; point++) points.add(point);
      }
      return points;
    };
    const german = rangeOf(FACES[0]!.german);
    const rest = rangeOf(FACES[0]!.rest);
    for (const character of 'Größe Äpfel „Über“ – 25,00 € … ’s') expect(german.has(character.codePointAt(0)!), character).toBe(true);
    for (const character of 'éñøçà') expect(rest.has(character.codePointAt(0)!), character).toBe(true);
    expect([...german].filter((point) => rest.has(point))).toEqual([]);
  });
});
