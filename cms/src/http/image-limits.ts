import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import sharp from 'sharp';

/** DECISIONS §9: far above any photo of the site, far below what a small file can declare. */
export const MAX_IMAGE_PIXELS = 40_000_000;

export const TOO_MANY_PIXELS = `The image has more than ${MAX_IMAGE_PIXELS / 1_000_000} megapixels. Please choose a smaller image`;

/**
 * Refuses an image whose header declares more than MAX_IMAGE_PIXELS (all frames together),
 * read without decoding: a 1.5 MB progressive JPEG can declare 16000×16000 pixels and cost a
 * minute of CPU and gigabytes when decoded. Files sharp cannot read pass; they are not images.
 */
export async function refuseOversizedImage(filepath: string): Promise<void> {
  const metadata = await sharp(filepath)
    .metadata()
    .catch(() => null);
  if (!metadata?.width || !metadata.height) return;
  const pixels = metadata.width * metadata.height * (metadata.pages ?? 1);
  if (pixels > MAX_IMAGE_PIXELS) throw new errors.PayloadTooLargeError(TOO_MANY_PIXELS);
}

/** Runs tasks one at a time, in the order they came. */
function serialQueue() {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const result = last.then(task, task);
    last = result.catch(() => undefined);
    return result;
  };
}

type ImageFile = { filepath?: string };
type ImageManipulation = Record<string, (...args: unknown[]) => Promise<unknown>>;

// The methods of @strapi/upload's image-manipulation service that decode pixels.
const DECODING = ['isFaultyImage', 'optimize', 'generateThumbnail', 'generateResponsiveFormats'] as const;

/**
 * Every image that reaches Strapi's upload service (the panel's media library, its upload from
 * URLs, the dashboard's product images through storeImage) is checked against the pixel limit
 * before its first decode, and decoding runs one image operation at a time: a burst of uploads
 * queues instead of multiplying memory (each upload decodes its image five times: the check,
 * the optimisation, three sizes and a thumbnail).
 */
export function limitImageWork(strapi: Core.Strapi) {
  const service = strapi.plugin('upload').service('image-manipulation') as ImageManipulation;
  const inTurn = serialQueue();
  for (const name of DECODING) {
    const original = service[name];
    service[name] = (...args: unknown[]) => inTurn(() => original(...args));
  }
  const isFaultyImage = service.isFaultyImage;
  service.isFaultyImage = async (file: unknown) => {
    const { filepath } = (file ?? {}) as ImageFile;
    if (filepath) await refuseOversizedImage(filepath);
    return isFaultyImage(file);
  };
}
