import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import type { IncomingHttpHeaders } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { MAX_IMAGE_BYTES } from './image-upload';

/**
 * Bounds on what one multipart body may hold, so that the largest body the cms accepts costs a
 * bounded amount of memory and disk whatever it is made of. formidable 2 (behind strapi::body)
 * limits only the total of the files' bytes and the number of fields; without a limit on files,
 * 54,000 one-byte file parts in one body grew the heap past 384 MB.
 */
export const MULTIPART_LIMITS = {
  /** Every file of the body together (formidable's maxFileSize counts across files). */
  fileBytes: MAX_IMAGE_BYTES,
  files: 20,
  fields: 100,
  /** Every field value together, the same as the form and JSON limits of strapi::body. */
  fieldBytes: 256 * 1024,
  /** The whole body: files, fields, part headers and boundaries. */
  bodyBytes: MAX_IMAGE_BYTES + 1024 * 1024,
} as const;

const SCRATCH_PARENT = path.join(os.tmpdir(), 'gos-cms-uploads');
/** Where this process keeps the files of multipart bodies while their requests run. */
export const SCRATCH_ROOT = path.join(SCRATCH_PARENT, String(process.pid));

/** Each running multipart request's folder name, found by its headers object, which formidable keeps. */
const scratchDirs = new WeakMap<IncomingHttpHeaders, string>();

/** Gives a request a folder of its own for its files; `remove` deletes it with whatever is in it. */
export function claimScratchDir(headers: IncomingHttpHeaders) {
  const name = randomUUID();
  scratchDirs.set(headers, name);
  return { remove: () => rm(path.join(SCRATCH_ROOT, name), { recursive: true, force: true }) };
}

class TooManyFilesError extends Error {
  readonly httpCode = 413;
}

type FormidableOptions = { fileCount?: number };
type Form = { headers: IncomingHttpHeaders };

/**
 * strapi::body's formidable options. formidable copies them into an object of each form, so
 * `this` in `filter` counts one body's files; an error thrown there ends the parse with its
 * httpCode. formidable's own clean-up after an error races with the lazy opening of its files,
 * so each file goes into its request's scratch folder, which the request-limits middleware
 * deletes whatever happened.
 */
export const formidableOptions = {
  maxFileSize: MULTIPART_LIMITS.fileBytes,
  maxFields: MULTIPART_LIMITS.fields,
  maxFieldsSize: MULTIPART_LIMITS.fieldBytes,
  uploadDir: SCRATCH_ROOT,
  filter(this: FormidableOptions) {
    this.fileCount = (this.fileCount ?? 0) + 1;
    if (this.fileCount > MULTIPART_LIMITS.files) throw new TooManyFilesError(`more than ${MULTIPART_LIMITS.files} files`);
    return true;
  },
  filename(this: Form, _name: string, _ext: string, _part: unknown, form: Form) {
    const name = scratchDirs.get(form.headers);
    if (!name) throw new Error('a multipart body was parsed without a scratch folder');
    mkdirSync(path.join(SCRATCH_ROOT, name), { recursive: true });
    // formidable joins this with uploadDir.
    return path.join(name, randomUUID());
  },
};

// Strapi's upload service works in folders of its own (os.tmpdir()/strapi-upload-*) and
// removes them when an upload ends; only a crash leaves one, and no upload takes this long.
const ABANDONED_AFTER_MS = 15 * 60 * 1000;

/**
 * Removes what a crashed process left: the scratch folders of processes that no longer run (and
 * this process's own, whose number a restarted container reuses), and Strapi's upload working
 * folders that nothing has touched for a while.
 */
export async function clearAbandonedScratch() {
  for (const name of await readdir(SCRATCH_PARENT).catch(() => [] as string[])) {
    if (name === String(process.pid) || !isRunning(Number(name))) await rm(path.join(SCRATCH_PARENT, name), { recursive: true, force: true });
  }
  const tmp = os.tmpdir();
  for (const name of await readdir(tmp).catch(() => [] as string[])) {
    if (!name.startsWith('strapi-upload-')) continue;
    const dir = path.join(tmp, name);
    const info = await stat(dir).catch(() => null);
    if (info && Date.now() - info.mtimeMs > ABANDONED_AFTER_MS) await rm(dir, { recursive: true, force: true });
  }
}

const isRunning = (pid: number) => {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};
