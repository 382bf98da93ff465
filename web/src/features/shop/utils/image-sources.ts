import type { ImageSizes } from '@contract/shop';

/**
 * The widths the cms makes its formats at (its upload breakpoints, cms/config/plugins.ts). The
 * shop answer gives only their URLs; a format exists only when the upload was wider.
 */
const FORMAT_WIDTHS = [
  ['small', 480],
  ['medium', 960],
  ['large', 1600],
] as const;

export type ImageSources = { src: string; srcSet?: string };

/**
 * The original and its formats as a `srcset`. The original's width is not known, only that it is
 * below the next breakpoint (else the cms would have made that format); it is given at that
 * bound, so the browser takes it only for slots wider than every format. With a large format
 * the original is left out: 1600 px fill any slot of the shop.
 */
export const imageSources = (image: string, sizes: ImageSizes): ImageSources => {
  const present = FORMAT_WIDTHS.filter(([name]) => sizes[name]);
  if (present.length === 0) return { src: image };
  const candidates = present.map(([name, width]) => `${sizes[name]} ${width}w`);
  const largest = present[present.length - 1][1];
  const originalBound = FORMAT_WIDTHS.find(([, width]) => width > largest)?.[1];
  if (originalBound !== undefined) candidates.push(`${image} ${originalBound}w`);
  return { src: image, srcSet: candidates.join(', ') };
};
