import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { Context } from 'koa';
import sharp from 'sharp';
import { ApiError } from './api-error';
import { RATE_LIMIT_TABLE } from './rate-limit';

/** DECISIONS §9: far above any photo of the site, far below what a small file can declare. */
export const MAX_IMAGE_PIXELS = 40_000_000;

export const TOO_MANY_PIXELS = `The image has more than ${MAX_IMAGE_PIXELS / 1_000_000} megapixels. Please choose a smaller image`;

/**
 * Refuses an image whose header declares more than MAX_IMAGE_PIXELS (all frames together),
 * read without decoding: a 1.5 MB progressive JPEG can declare 16000×16000 pixels and cost a
 * minute of CPU and gigabytes when decoded. Files sharp cannot read pass; they are not images.
 */
export async function refuseOversizedImage(filepath: string): Promise<number> {
  const pixels = await declaredPixels(filepath);
  if (pixels > MAX_IMAGE_PIXELS) throw new errors.PayloadTooLargeError(TOO_MANY_PIXELS);
  return pixels;
}

/** The pixels an image's header declares (all frames together), read without decoding; 0 for what sharp cannot read. */
async function declaredPixels(filepath: string): Promise<number> {
  const metadata = await sharp(filepath)
    .metadata()
    .catch(() => null);
  if (!metadata?.width || !metadata.height) return 0;
  return metadata.width * metadata.height * (metadata.pages ?? 1);
}

export type PixelBudget = { perRequest: number; perClientMinute: number };

const megapixels = (pixels: number) => Math.floor(pixels / 1_000_000);

export const PIXEL_BUDGET_MESSAGES = {
  request: (budget: PixelBudget) =>
    `Die Bilder dieser Anfrage haben zusammen mehr als ${megapixels(budget.perRequest)} Megapixel. Bitte lade weniger oder kleinere Bilder auf einmal hoch.`,
  client: (budget: PixelBudget) =>
    `Zu viele Bildpunkte in kurzer Zeit (höchstens ${megapixels(budget.perClientMinute)} Megapixel pro Minute). Bitte warte eine Minute und versuche es dann erneut.`,
};

const PIXEL_WINDOW_MS = 60_000;

// The table of the other limits (rate-limit.ts), so that the budget holds across cms instances on
// one PostgreSQL. Its integer column counts kilopixels here: a minute's pixels fit it.
const addPixelsStatement = `INSERT INTO ${RATE_LIMIT_TABLE} (bucket, window_start, failures) VALUES (?, ?, ?)
   ON CONFLICT (bucket) DO UPDATE SET
     failures = CASE WHEN ${RATE_LIMIT_TABLE}.window_start <= ? THEN excluded.failures ELSE ${RATE_LIMIT_TABLE}.failures + excluded.failures END,
     window_start = CASE WHEN ${RATE_LIMIT_TABLE}.window_start <= ? THEN excluded.window_start ELSE ${RATE_LIMIT_TABLE}.window_start END
   RETURNING failures, window_start`;
const takeBackStatement = `UPDATE ${RATE_LIMIT_TABLE} SET failures = failures - ? WHERE bucket = ? AND window_start = ? AND failures >= ?`;

/**
 * The client's pixels of the minute, as a key of the rate-limit table. The client is the address
 * the cms's other limits count (ctx.request.ip, the one the trusted hop in front saw).
 * TODO(H5): key IPv6 clients by their /64 with the helper rate-limit.ts gains, as the other limits.
 */
const pixelKey = (ctx: Context) => `image-pixels:${ctx.request.ip}`;

/**
 * Charges the pixels of images about to be decoded to their request and to their client's
 * minute, refusing (before any decoding) a request whose images together exceed the request's
 * budget (413) or a client past its minute's (429, and the refused pixels are not counted).
 */
async function chargePixels(strapi: Core.Strapi, ctx: Context, pixels: number) {
  const budget = strapi.config.get('image-limits') as PixelBudget;
  const request = requestPixels(ctx);
  if (request.pixels + pixels > budget.perRequest) throw new ApiError(413, PIXEL_BUDGET_MESSAGES.request(budget));
  const kilopixels = Math.ceil(pixels / 1000);
  if (kilopixels === 0) return;
  const knex = strapi.db.connection;
  const now = Date.now();
  const expired = now - PIXEL_WINDOW_MS;
  const key = pixelKey(ctx);
  const result = await knex.raw(addPixelsStatement, [key, now, kilopixels, expired, expired]);
  // better-sqlite3 answers the rows, pg a result holding them.
  const [row] = (Array.isArray(result) ? result : result.rows) as { failures: number | string; window_start: number | string }[];
  if (Number(row.failures) * 1000 > budget.perClientMinute) {
    await knex.raw(takeBackStatement, [kilopixels, key, Number(row.window_start), kilopixels]);
    throw new ApiError(429, PIXEL_BUDGET_MESSAGES.client(budget));
  }
  request.pixels += pixels;
}

/** The temporary files of a multipart request, as formidable (behind strapi::body) left them. */
function filesOfRequest(ctx: Context): string[] {
  const files = (ctx.request as { files?: unknown }).files;
  if (typeof files !== 'object' || files === null) return [];
  return Object.values(files)
    .flat()
    .map((file) => (file as ImageFile | null)?.filepath)
    .filter((filepath): filepath is string => typeof filepath === 'string');
}

/** What one request has been charged so far, and which of its files. */
const charged = new WeakMap<Context, { pixels: number; files: Set<string> }>();
const requestPixels = (ctx: Context) => {
  let entry = charged.get(ctx);
  if (!entry) charged.set(ctx, (entry = { pixels: 0, files: new Set() }));
  return entry;
};

/**
 * Before the first image of a request is decoded, every image the request carries is charged at
 * once (a batch of twenty is refused before the first is decoded, not at the eleventh); an image
 * that came another way (the panel's upload from URLs fetches each) is charged when it comes.
 * Work without a request (the seed) has no budget.
 */
async function chargeBeforeDecoding(strapi: Core.Strapi, filepath: string, pixels: number) {
  const ctx = strapi.requestContext.get() as Context | undefined;
  if (!ctx?.request) return;
  const request = requestPixels(ctx);
  if (request.files.has(filepath)) return;
  const batch = new Map<string, number>([[filepath, pixels]]);
  if (request.files.size === 0) {
    const others = filesOfRequest(ctx).filter((other) => other !== filepath);
    for (const other of others) batch.set(other, await declaredPixels(other));
  }
  await chargePixels(strapi, ctx, [...batch.values()].reduce((sum, each) => sum + each, 0));
  for (const file of batch.keys()) request.files.add(file);
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
 * and the pixel budgets of its request and its client before its first decode, and decoding runs one image operation at a time: a burst of uploads
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
    if (filepath) await chargeBeforeDecoding(strapi, filepath, await refuseOversizedImage(filepath));
    return isFaultyImage(file);
  };
}
