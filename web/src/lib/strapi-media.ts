import { z } from 'zod';

const mediaFormatSchema = z.object({
  url: z.string(),
  width: z.number(),
  height: z.number(),
});

/** An uploaded image as Strapi 5 returns it when populated (only the fields the site uses). */
export const strapiMediaSchema = z.object({
  url: z.string(),
  alternativeText: z.string().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  formats: z.record(z.string(), mediaFormatSchema).nullable(),
});

export type StrapiMedia = z.infer<typeof strapiMediaSchema>;

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
