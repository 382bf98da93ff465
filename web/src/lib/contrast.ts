// The site's own ink and paper (theme.black and theme.white): badge text matches the rest of the page.
export const DARK_TEXT = '#15110d';
export const LIGHT_TEXT = '#fbf6ea';

/** WCAG 2.1 AA for normal-size text. */
export const AA_TEXT_CONTRAST = 4.5;

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

const channels = (hex: string): [number, number, number] | null => {
  const match = HEX.exec(hex.trim());
  if (!match) return null;
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join('') : match[1];
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as [number, number, number];
};

/** WCAG 2.1 relative luminance of an sRGB colour. */
const luminance = ([r, g, b]: [number, number, number]) => {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
};

export const contrastRatio = (a: string, b: string): number => {
  const [ca, cb] = [channels(a), channels(b)];
  if (!ca || !cb) return 1;
  const [la, lb] = [luminance(ca), luminance(cb)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
};

/**
 * The text colour that reads best on a background an editor chose: the site's dark or light
 * ink where it reaches AA, pure black or white otherwise; null when the background is no hex colour.
 */
export const readableTextColour = (background: string): string | null => {
  if (!channels(background)) return null;
  const better = (dark: string, light: string) =>
    contrastRatio(background, dark) >= contrastRatio(background, light) ? dark : light;
  const ink = better(DARK_TEXT, LIGHT_TEXT);
  // Mid-tone colours (a dull gold) miss AA with the warm inks; pure black or white still reach it.
  return contrastRatio(background, ink) >= AA_TEXT_CONTRAST ? ink : better('#000000', '#ffffff');
};
