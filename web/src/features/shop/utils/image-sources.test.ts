import { describe, expect, it } from 'vitest';
import { imageSources } from './image-sources';

describe('imageSources', () => {
  it('lists the formats by width and the original above the largest', () => {
    expect(
      imageSources('/uploads/shirt.jpg', {
        thumbnail: '/uploads/thumbnail_shirt.jpg',
        small: '/uploads/small_shirt.jpg',
        medium: '/uploads/medium_shirt.jpg',
      }),
    ).toEqual({
      src: '/uploads/shirt.jpg',
      srcSet: '/uploads/small_shirt.jpg 480w, /uploads/medium_shirt.jpg 960w, /uploads/shirt.jpg 1600w',
    });
  });

  it('leaves out the original when a large format exists', () => {
    const { srcSet } = imageSources('/uploads/a.jpg', { small: '/s.jpg', medium: '/m.jpg', large: '/l.jpg' });
    expect(srcSet).toBe('/s.jpg 480w, /m.jpg 960w, /l.jpg 1600w');
  });

  it('gives only the original for a small upload without formats', () => {
    expect(imageSources('/uploads/a.png', { thumbnail: '/t.png' })).toEqual({ src: '/uploads/a.png' });
    expect(imageSources('/uploads/a.png', {})).toEqual({ src: '/uploads/a.png' });
  });
});
