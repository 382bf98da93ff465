import type { ImgHTMLAttributes } from 'react';
import { useServerMarkup } from '@/components/hydrate-near-screen';
import { mediaSrcSet, type StrapiMedia } from '@/lib/strapi-media';
import classes from './cms-image.module.css';

type CmsImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'alt' | 'sizes'> & {
  media: StrapiMedia;
  /** How wide the slot is (the `sizes` attribute), so the browser picks a fitting format. */
  sizes: string;
  /** Overrides the upload's own alternative text; "" marks a decorative image. */
  alt?: string;
  /**
   * The file is asked for once React has taken the server's markup over, not while the page is
   * parsed: for the landing's picture walls, inside HydrateNearScreen, which takes them over one
   * screen before they scroll into view. Chrome's own lazy loading starts images up to 2,500 px
   * below the screen, beside the first screen's own files. Without scripts, a <noscript> shows them.
   */
  afterTakeover?: boolean;
};

/** An uploaded image with all its resized formats, sized to its slot; lazy unless told otherwise. */
export function CmsImage({ media, sizes, alt, loading = 'lazy', afterTakeover = false, ...rest }: CmsImageProps) {
  const waiting = useServerMarkup() && afterTakeover;
  const attributes = {
    sizes,
    width: media.width ?? undefined,
    height: media.height ?? undefined,
    alt: alt ?? media.alternativeText ?? '',
    loading,
    decoding: 'async' as const,
    ...rest,
  };
  const image = <img src={media.url} srcSet={mediaSrcSet(media)} {...attributes} />;
  if (!waiting) return image;
  return (
    <>
      <img {...attributes} className={rest.className ? `${rest.className} ${classes.waiting}` : classes.waiting} />
      <noscript>{image}</noscript>
    </>
  );
}
