import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';
import { addMiddleware } from './panel-doors';

// The media library is the editors', and their panel is German (docs/decisions/041): the
// refusals of an upload speak German too, Strapi's own and ours (upload-content.ts).

export const ACCEPTED_UPLOADS_TEXT = 'Erlaubt sind Bilder (JPEG, PNG, WebP, AVIF, GIF) und PDF-Dokumente.';

/** Strapi's upload refusals (@strapi/upload's mime-validation), in German. */
const STRAPI_REFUSALS: [RegExp, (...parts: string[]) => string][] = [
  [/^File type '(.*)' is not allowed$/, (type) => `Der Dateityp „${type}“ ist nicht erlaubt. ${ACCEPTED_UPLOADS_TEXT}`],
  [/^MIME type is not allowed$/, () => `Dieser Dateityp ist nicht erlaubt. ${ACCEPTED_UPLOADS_TEXT}`],
  [/^Files are empty$/, () => 'Bitte wähle mindestens eine Datei.'],
];

export function germanUploadRefusal(message: string): string {
  for (const [english, german] of STRAPI_REFUSALS) {
    const match = english.exec(message);
    if (match) return german(...match.slice(1));
  }
  return message;
}

const inGerman = async (_ctx: Context, next: Next) => {
  try {
    await next();
  } catch (error) {
    if (error instanceof Error) error.message = germanUploadRefusal(error.message);
    throw error;
  }
};

/** In register(), beside the panel's other doors: the media library's panel routes. */
export function answerUploadsInGerman(strapi: Core.Strapi) {
  addMiddleware(strapi.plugin('upload').routes as unknown as Parameters<typeof addMiddleware>[0], inGerman);
}
