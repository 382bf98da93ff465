import { describe, expect, it } from 'vitest';
import { mediaSrcSet, type StrapiMedia } from './strapi-media';

const logo: StrapiMedia = {
  url: '/uploads/logo.png',
  alternativeText: 'Wappen',
  width: 1200,
  height: 1200,
  formats: {
    small: { url: '/uploads/small_logo.png', width: 500, height: 500 },
    thumbnail: { url: '/uploads/thumbnail_logo.png', width: 156, height: 156 },
  },
};

describe('mediaSrcSet', () => {
  it('lists the original and every format by width, smallest first', () => {
    expect(mediaSrcSet(logo)).toBe(
      '/uploads/thumbnail_logo.png 156w, /uploads/small_logo.png 500w, /uploads/logo.png 1200w',
    );
  });

  it('gives nothing for an image without widths', () => {
    expect(mediaSrcSet({ ...logo, width: null, height: null, formats: null })).toBeUndefined();
  });
});
