import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { errors } from '@strapi/utils';
import { carriesActiveContent, detectImageFormat, isWellFormed } from './image-upload';
import { ACCEPTED_UPLOADS_TEXT } from './panel-upload-texts';

/**
 * What the site's content needs, and so all the media library stores: photos and pictures, and
 * PDF documents (a site plan, a flyer). SVG is not among them: an SVG is a document that can
 * carry script.
 */
export const UPLOAD_FORMATS = {
  jpeg: { mime: 'image/jpeg', extensions: ['.jpg', '.jpeg'] },
  png: { mime: 'image/png', extensions: ['.png'] },
  webp: { mime: 'image/webp', extensions: ['.webp'] },
  avif: { mime: 'image/avif', extensions: ['.avif'] },
  gif: { mime: 'image/gif', extensions: ['.gif'] },
  pdf: { mime: 'application/pdf', extensions: ['.pdf'] },
} as const;

type UploadFormat = keyof typeof UPLOAD_FORMATS;

export const ACCEPTED_UPLOAD_TYPES: string[] = Object.values(UPLOAD_FORMATS).map(({ mime }) => mime);

/**
 * Types Strapi refuses by the declared type or the file name alone, before it looks at the
 * content (its allow list then checks what the content is).
 */
export const REFUSED_UPLOAD_TYPES = [
  'text/html',
  'application/xhtml+xml',
  'image/svg+xml',
  'text/javascript',
  'application/javascript',
  'application/x-javascript',
  'text/xml',
  'application/xml',
];

// Only the panel's editors upload through the media library: its refusals are German.
export const uploadRefused = (name: string) =>
  `„${name}“ wurde nicht hochgeladen: ${ACCEPTED_UPLOADS_TEXT} Der Inhalt dieser Datei ist nichts davon, oder es steckt noch etwas anderes darin.`;

export const uploadMisnamed = (name: string, mime: string, extensions: readonly string[]) =>
  `„${name}“ wurde nicht hochgeladen: Der Inhalt ist ${mime}, also muss der Name auf ${extensions.join(' oder ')} enden.`;

const ascii = (bytes: Buffer, start: number, end: number) => bytes.toString('latin1', start, end);

function detectFormat(bytes: Buffer): UploadFormat | null {
  const image = detectImageFormat(bytes);
  if (image) return image;
  const start = ascii(bytes, 0, 6);
  if (start === 'GIF87a' || start === 'GIF89a') return 'gif';
  if (ascii(bytes, 0, 5) === '%PDF-') return 'pdf';
  return null;
}

/** The offset after a GIF's data sub-blocks starting at offset, or -1 when they run past the end. */
function afterSubBlocks(bytes: Buffer, offset: number): number {
  while (offset < bytes.length) {
    const size = bytes[offset];
    offset += 1 + size;
    if (size === 0) return offset;
  }
  return -1;
}

const colourTableBytes = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);

/** Walks a GIF's blocks: it ends with its trailer byte, and nothing follows. */
function gifIsWellFormed(bytes: Buffer): boolean {
  if (bytes.length < 14) return false;
  let offset = 13 + colourTableBytes(bytes[10]);
  while (offset < bytes.length) {
    const introducer = bytes[offset];
    if (introducer === 0x3b) return offset + 1 === bytes.length;
    if (introducer === 0x21) offset = afterSubBlocks(bytes, offset + 2);
    else if (introducer === 0x2c && offset + 10 <= bytes.length) {
      offset = afterSubBlocks(bytes, offset + 10 + colourTableBytes(bytes[offset + 9]) + 1);
    } else return false;
    if (offset < 0) return false;
  }
  return false;
}

/** A PDF ends with its last %%EOF marker: anything after it but line ends is something else appended. */
const pdfIsWellFormed = (bytes: Buffer) => /%%EOF[\r\n\t \0]*$/.test(ascii(bytes, Math.max(0, bytes.length - 1024), bytes.length));

const wellFormed = (bytes: Buffer, format: UploadFormat) =>
  format === 'gif' ? gifIsWellFormed(bytes) : format === 'pdf' ? pdfIsWellFormed(bytes) : isWellFormed(bytes, format);

/** A file as Strapi's upload service gets it (formidable's temporary file, or one written by our code). */
export type IncomingUpload = { filepath?: string; originalFilename?: string | null; mimetype?: string | null; detectedMimeType?: string };

/**
 * Refuses a file unless its bytes are a whole JPEG, PNG, WebP, AVIF, GIF or PDF without markup
 * or script inside, and its name's extension (the one its address will have, which decides the
 * type it is served as) is that format's. Strapi's own check (plugin::upload's security
 * settings) trusts the name when it cannot tell what the content is: an HTML page named
 * photo.png passes it, and so does a PNG with a page appended. The type stored is the content's.
 */
export async function checkUploadContent(file: IncomingUpload): Promise<void> {
  const name = file.originalFilename ?? 'file';
  const bytes = file.filepath ? await readFile(file.filepath).catch(() => null) : null;
  const format = bytes && bytes.length > 0 ? detectFormat(bytes) : null;
  if (!bytes || !format || !wellFormed(bytes, format) || carriesActiveContent(bytes)) {
    throw new errors.ValidationError(uploadRefused(name));
  }
  const extension = path.extname(name).toLowerCase();
  const { mime, extensions } = UPLOAD_FORMATS[format];
  if (extension && !(extensions as readonly string[]).includes(extension)) {
    throw new errors.ValidationError(uploadMisnamed(name, mime, extensions));
  }
  file.detectedMimeType = mime;
}

type UploadService = {
  upload(input: { files?: IncomingUpload | IncomingUpload[] }, ...rest: unknown[]): Promise<unknown>;
  replace(id: unknown, input: { file?: IncomingUpload }, ...rest: unknown[]): Promise<unknown>;
};

/**
 * Strapi's upload service with every file checked by checkUploadContent before anything is
 * written: all files of a request first, so one refused file leaves none of the others stored.
 */
export function checkingContent<T extends UploadService>(service: T): T {
  const { upload, replace } = service;
  return {
    ...service,
    async upload(input, ...rest) {
      for (const file of [input?.files ?? []].flat()) await checkUploadContent(file);
      return upload(input, ...rest);
    },
    async replace(id, input, ...rest) {
      if (input?.file) await checkUploadContent(input.file);
      return replace(id, input, ...rest);
    },
  };
}
