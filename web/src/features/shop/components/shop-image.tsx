import { useState } from 'react';
import type { ImageSizes } from '@contract/shop';
import { useServerMarkup } from '@/components/hydrate-near-screen';
import { imageSources } from '../utils/image-sources';
import classes from './shop-image.module.css';

type ShopImageProps = {
  image: string | null;
  imageSizes: ImageSizes;
  alt: string;
  /** How wide the slot is (the `sizes` attribute). */
  sizes: string;
  className?: string;
  /**
   * The first image a page shows (its largest paint): it loads at once, ahead of the others, and is
   * drawn in the same frame as the text around it once loaded rather than a frame later. The others
   * are asked for once React has taken the page over: in the server's markup they have no file
   * address, because Chrome's lazy loading starts pictures up to 2,500 px below the screen, and on
   * the festival ground's connection those shared it with the page's scripts (docs/decisions/046).
   * Without scripts, a <noscript> copy shows them.
   */
  priority?: boolean;
};

/** An item's picture in the size its slot needs, or a grey "No Image" box when there is none or it fails. */
export function ShopImage({ image, imageSizes, alt, sizes, className, priority = false }: ShopImageProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const waiting = useServerMarkup() && !priority;
  const sources = image !== null && failed !== image ? imageSources(image, imageSizes) : null;
  const frame = className ? `${classes.frame} ${className}` : classes.frame;

  if (!sources) {
    return (
      <div className={frame}>
        <div className={classes.placeholder} role="img" aria-label={`Kein Bild: ${alt}`}>
          <span lang="en" aria-hidden="true">
            No Image
          </span>
        </div>
      </div>
    );
  }
  const picture = (
    <img
      className={classes.image}
      src={sources.src}
      srcSet={sources.srcSet}
      sizes={sources.srcSet ? sizes : undefined}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? 'sync' : 'async'}
      onError={() => setFailed(image)}
    />
  );
  return (
    <div className={frame}>
      {waiting ? (
        <>
          <img className={`${classes.image} ${classes.waiting}`} alt={alt} />
          <noscript>{picture}</noscript>
        </>
      ) : (
        picture
      )}
    </div>
  );
}
