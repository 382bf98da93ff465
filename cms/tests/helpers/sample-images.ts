import sharp from 'sharp';

const canvas = () => sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 90, g: 20, b: 20 } } });

/** Real, whole images of each format the upload checks know, drawn locally. */
export const sampleImages = {
  jpeg: () => canvas().jpeg().toBuffer(),
  png: () => canvas().png().toBuffer(),
  webp: () => canvas().webp().toBuffer(),
  avif: () => canvas().avif().toBuffer(),
  gif: () => canvas().gif().toBuffer(),
  tiff: () => canvas().tiff().toBuffer(),
};
