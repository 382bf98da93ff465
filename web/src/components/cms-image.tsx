import type { ImgHTMLAttributes } from 'react';
import { mediaSrcSet, type StrapiMedia } from '@/lib/strapi-media';

type CmsImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'alt' | 'sizes'> & {
  media: StrapiMedia;
  /** How wide the slot is (the `sizes` attribute), so the browser picks a fitting format. */
  sizes: string;
  /** Overrides the upload's own alternative text; "" marks a decorative image. */
  alt?: string;
};

/** An uploaded image with all its resized formats, sized to its slot; lazy unless told otherwise. */
export function CmsImage({ media, sizes, alt, loading = 'lazy', ...rest }: CmsImageProps) {
  return (
    <img
      src={media.url}
      srcSet={mediaSrcSet(media)}
      sizes={sizes}
      width={media.width ?? undefined}
      height={media.height ?? undefined}
      alt={alt ?? media.alternativeText ?? ''}
      loading={loading}
      decoding="async"
      {...rest}
    />
  );
}
