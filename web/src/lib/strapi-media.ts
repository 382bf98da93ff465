import type { Media } from '@contract/site-content';

export type StrapiMedia = Media;

/** The original and its resized formats as a `srcset`, smallest first; undefined without widths (SVG). */
export const mediaSrcSet = (media: StrapiMedia): string | undefined => {
  const byWidth = new Map<number, string>();
  for (const format of Object.values(media.formats ?? {})) byWidth.set(format.width, format.url);
  if (media.width !== null) byWidth.set(media.width, media.url);
  if (byWidth.size === 0) return undefined;
  return [...byWidth]
    .sort(([a], [b]) => a - b)
    .map(([width, url]) => `${url} ${width}w`)
    .join(', ');
};

/**
 * The picture a link to it opens before the app can show it in its overlay: the large format
 * (1000 px, a phone's screen) where there is one, else the original.
 */
export const mediaLinkUrl = (media: StrapiMedia): string => media.formats?.large?.url ?? media.url;
