import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { ApiError, badRequest } from './api-error';
import { TOO_MANY_PIXELS } from './image-limits';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export const IMAGE_MESSAGES = {
  choose: 'Please choose an image file (JPEG, PNG, WebP or AVIF, at most 5 MB)',
  onlyOne: 'Please send exactly one image file',
  empty: 'The image file is empty. Please choose an image file (JPEG, PNG, WebP or AVIF, at most 5 MB)',
  tooLarge: 'The image is larger than 5 MB. Please choose a smaller image',
  wrongType: 'Only JPEG, PNG, WebP or AVIF images are accepted',
  damaged: 'The image file is damaged or not a real JPEG, PNG, WebP or AVIF image',
} as const;

type ImageFormat = 'jpeg' | 'png' | 'webp' | 'avif';

const FORMATS: Record<ImageFormat, { mime: string; ext: string }> = {
  jpeg: { mime: 'image/jpeg', ext: '.jpg' },
  png: { mime: 'image/png', ext: '.png' },
  webp: { mime: 'image/webp', ext: '.webp' },
  avif: { mime: 'image/avif', ext: '.avif' },
};

/** A temporary file of a multipart request, as formidable (behind strapi::body) leaves it. */
export type UploadedFile = { filepath: string; originalFilename?: string | null; size: number };

/** An upload whose content is one of the accepted image formats; mime and ext come from the bytes. */
export type CheckedImage = { filepath: string; size: number; mime: string; ext: string; baseName: string };

export const isUploadedFile = (value: unknown): value is UploadedFile =>
  typeof value === 'object' && value !== null && typeof (value as UploadedFile).filepath === 'string';

export const requestFiles = (ctx: Context): Record<string, unknown> => {
  const files = (ctx.request as { files?: unknown }).files;
  return typeof files === 'object' && files !== null ? (files as Record<string, unknown>) : {};
};

/** The file sent in one multipart field, or undefined when none was sent. */
export function uploadedFile(ctx: Context, field: string): UploadedFile | undefined {
  const value = requestFiles(ctx)[field];
  if (value === undefined) return undefined;
  if (Array.isArray(value)) throw badRequest(IMAGE_MESSAGES.onlyOne);
  if (!isUploadedFile(value)) throw badRequest(IMAGE_MESSAGES.choose);
  return value;
}

/** The format the bytes start with, whatever the file name or declared type say. */
export function detectImageFormat(bytes: Buffer): ImageFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 16 && ascii(bytes, 4, 8) === 'ftyp') {
    const boxEnd = Math.min(bytes.readUInt32BE(0), bytes.length);
    const brands = [ascii(bytes, 8, 12)];
    for (let offset = 16; offset + 4 <= boxEnd; offset += 4) brands.push(ascii(bytes, offset, offset + 4));
    if (brands.includes('avif') || brands.includes('avis')) return 'avif';
  }
  return null;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const ascii = (bytes: Buffer, start: number, end: number) => bytes.toString('latin1', start, end);

/**
 * Whether the container's own length fields account for every byte: a PNG ends with its IEND
 * chunk, a WebP's RIFF size is the file size, an AVIF is a sequence of whole boxes. Text or
 * markup appended to (or posing as) an image fails here, as does a JPEG that does not end with
 * its EOI marker.
 */
export function isWellFormed(bytes: Buffer, format: ImageFormat): boolean {
  switch (format) {
    case 'png': {
      let offset = PNG_SIGNATURE.length;
      let first = true;
      while (offset + 12 <= bytes.length) {
        const length = bytes.readUInt32BE(offset);
        const type = ascii(bytes, offset + 4, offset + 8);
        if (!/^[A-Za-z]{4}$/.test(type) || (first && (type !== 'IHDR' || length !== 13))) return false;
        const end = offset + 12 + length;
        if (end > bytes.length) return false;
        if (type === 'IEND') return end === bytes.length;
        offset = end;
        first = false;
      }
      return false;
    }
    case 'webp':
      return bytes.readUInt32LE(4) + 8 === bytes.length;
    case 'avif': {
      let offset = 0;
      while (offset < bytes.length) {
        if (offset + 8 > bytes.length) return false;
        let size = bytes.readUInt32BE(offset);
        if (size === 0) return true;
        if (size === 1) {
          if (offset + 16 > bytes.length) return false;
          size = Number(bytes.readBigUInt64BE(offset + 8));
        }
        if (size < 8) return false;
        offset += size;
      }
      return offset === bytes.length;
    }
    case 'jpeg':
      return jpegEndsWithItsLastMarker(bytes, 0);
  }
}

const isRestartOrStandalone = (marker: number) => (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01;

/**
 * Walks a JPEG's segments from SOI to EOI: a JPEG with text or markup appended after its end
 * fails here. Phones append further JPEGs (MPF, gain maps) after the first EOI; those are
 * walked the same way, so a real photo passes and a JPEG/HTML polyglot does not.
 */
function jpegEndsWithItsLastMarker(bytes: Buffer, start: number): boolean {
  if (bytes[start] !== 0xff || bytes[start + 1] !== 0xd8) return false;
  let offset = start + 2;
  while (offset + 2 <= bytes.length) {
    if (bytes[offset] !== 0xff) return false;
    const marker = bytes[offset + 1];
    if (marker === 0xff) {
      offset++;
      continue;
    }
    if (marker === 0xd9) {
      const end = offset + 2;
      return end === bytes.length || jpegEndsWithItsLastMarker(bytes, end);
    }
    if (isRestartOrStandalone(marker)) {
      offset += 2;
      continue;
    }
    if (offset + 4 > bytes.length) return false;
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2) return false;
    offset += 2 + length;
    if (marker === 0xda) {
      // Entropy-coded data runs to the next marker; 0xFF00 is a stuffed byte, 0xFFD0-D7 a restart.
      while (offset + 1 < bytes.length && !(bytes[offset] === 0xff && bytes[offset + 1] !== 0x00 && !isRestartOrStandalone(bytes[offset + 1]))) offset++;
    }
  }
  return false;
}

// Markup a browser would run if it ever rendered the file as a page: an image has no use for it.
// Long enough that compressed pixel data never spells one by chance.
const ACTIVE_CONTENT = /<script|<\?php|<iframe|<object|<embed|<!doctype html|<html[\s>]|javascript:|onerror\s*=|onload\s*=/i;

/** Whether the file carries markup or script anywhere: in a comment, a metadata chunk or its pixels' bytes. */
export const carriesActiveContent = (bytes: Buffer) => ACTIVE_CONTENT.test(bytes.toString('latin1'));

const safeBaseName = (name: string | null | undefined) =>
  path
    .parse(name ?? '')
    .name.normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'image';

/** Checks an upload by its content; refuses anything but a JPEG, PNG, WebP or AVIF of at most 5 MB. */
export async function checkImageFile(file: UploadedFile | undefined): Promise<CheckedImage> {
  if (!file) throw badRequest(IMAGE_MESSAGES.choose);
  const bytes = await readFile(file.filepath).catch(() => null);
  if (!bytes) throw badRequest(IMAGE_MESSAGES.choose);
  if (bytes.length === 0) throw badRequest(IMAGE_MESSAGES.empty);
  if (bytes.length > MAX_IMAGE_BYTES) throw new ApiError(413, IMAGE_MESSAGES.tooLarge);
  const format = detectImageFormat(bytes);
  if (!format) throw badRequest(IMAGE_MESSAGES.wrongType);
  if (!isWellFormed(bytes, format) || carriesActiveContent(bytes)) throw badRequest(IMAGE_MESSAGES.damaged);
  return { filepath: file.filepath, size: bytes.length, ...FORMATS[format], baseName: safeBaseName(file.originalFilename) };
}

type StoredFile = { id: number };

/**
 * Decodes the checked image once (a file with a valid header but a broken body, or one that
 * declares more pixels than MAX_IMAGE_PIXELS, is refused before anything is written) and stores it through Strapi's upload service, which writes the
 * file and its sizes and adds the file row.
 */
export async function storeImage(strapi: Core.Strapi, image: CheckedImage, alternativeText: string): Promise<StoredFile> {
  const imageManipulation = strapi.plugin('upload').service('image-manipulation');
  const name = `${image.baseName}${image.ext}`;
  try {
    if (await imageManipulation.isFaultyImage({ filepath: image.filepath })) throw badRequest(IMAGE_MESSAGES.damaged);
    const [stored] = (await strapi
      .plugin('upload')
      .service('upload')
      .upload({
        data: { fileInfo: { name, alternativeText, caption: alternativeText } },
        files: { filepath: image.filepath, originalFilename: name, mimetype: image.mime, size: image.size },
      })) as StoredFile[];
    return stored;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    // The upload service refuses content it cannot process with its own errors (no HTTP status).
    const { name: errorName, message } = (error ?? {}) as { name?: unknown; message?: unknown };
    if (message === TOO_MANY_PIXELS) throw new ApiError(413, TOO_MANY_PIXELS);
    if (errorName === 'ApplicationError' || errorName === 'ValidationError' || errorName === 'PayloadTooLargeError') {
      throw badRequest(IMAGE_MESSAGES.damaged);
    }
    throw error;
  }
}

const TEXT_TYPES = new Set(['richtext', 'text', 'string']);

/**
 * Whether a text of the site's content shows the file: editors put media-library pictures into
 * markdown (`![…](/uploads/<hash>.png)`, or a size of it), which no relation records.
 */
async function shownInText(strapi: Core.Strapi, hash: string): Promise<boolean> {
  for (const [uid, contentType] of Object.entries(strapi.contentTypes)) {
    if (!uid.startsWith('api::')) continue;
    const texts = Object.entries(contentType.attributes as Record<string, { type: string }>)
      .filter(([, attribute]) => TEXT_TYPES.has(attribute.type))
      .map(([name]) => ({ [name]: { $contains: hash } }));
    if (texts.length > 0 && (await strapi.db.query(uid as never).count({ where: { $or: texts } })) > 0) return true;
  }
  return false;
}

/** Removes an uploaded file (row, original and its sizes) that no content refers to or shows any more. */
export async function removeImageIfUnused(strapi: Core.Strapi, fileId: number): Promise<void> {
  const file = await strapi.db.query('plugin::upload.file').findOne({ where: { id: fileId }, populate: ['related'] });
  if (!file) return;
  if (Array.isArray(file.related) && file.related.length > 0) return;
  if (await shownInText(strapi, file.hash as string)) return;
  await strapi.plugin('upload').service('upload').remove(file);
}
