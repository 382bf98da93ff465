import { useState } from 'react';
import type { ImageSizes } from '@contract/shop';
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
   * drawn in the same frame as the text around it once loaded rather than a frame later.
   */
  priority?: boolean;
};

/** An item's picture in the size its slot needs, or a grey "No Image" box when there is none or it fails. */
export function ShopImage({ image, imageSizes, alt, sizes, className, priority = false }: ShopImageProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const showImage = image !== null && failed !== image;
  const sources = image ? imageSources(image, imageSizes) : null;

  return (
    <div className={className ? `${classes.frame} ${className}` : classes.frame}>
      {showImage && sources ? (
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
      ) : (
        <div className={classes.placeholder} role="img" aria-label={`Kein Bild: ${alt}`}>
          <span lang="en" aria-hidden="true">
            No Image
          </span>
        </div>
      )}
    </div>
  );
}
