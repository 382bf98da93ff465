import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Core, UID } from '@strapi/strapi';
import * as demo from './demo-content';
import { DEMO_FESTIVAL_DAYS, demoPlaces, demoProgramme } from './demo-programme';
import type { PlaceholderArt } from './demo-content';
import { placeholderJpeg, placeholderPng, placeholderWebp } from './placeholder-image';

const SEED_MARKER = { type: 'core', name: 'game-of-slavs', key: 'demo-content-seeded' } as const;

type Image = { id: number };

const slug = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * Creates the demo content once. Each content type is filled only while it is empty and the
 * marker is set last, so an interrupted first start completes on the next one and a restart
 * never duplicates (or resurrects) what editors deleted.
 */
export async function seedDemoContent(strapi: Core.Strapi) {
  if (await strapi.store.get(SEED_MARKER)) return;

  const workDir = await mkdtemp(path.join(os.tmpdir(), 'gos-seed-'));
  try {
    const image = imageUploader(strapi, workDir);
    await seedHouses(strapi, image);
    await seedFestival(strapi, image);
    // The first agenda picture fills the wall's wide tile (3:1 on larger screens, agenda-gallery.module.css).
    await seedCollection(strapi, 'api::agenda-image.agenda-image', demo.agendaImages, async (art, position) => ({
      image: (await image.jpeg(art, 1600, position === 1 ? 534 : 1066, art.label)).id,
      alt: art.label,
      position,
    }));
    await seedCollection(strapi, 'api::performer.performer', demo.performers, async (performer, position) => ({
      name: performer.name,
      genre: performer.genre,
      photo: (await image.webp({ label: performer.name, hue: 20 + (position - 1) * 47, motif: 'shield' }, 800, 800, performer.name)).id,
      houses: performer.houses.map((name) => ({ name })),
      position,
    }));
    await seedCollection(strapi, 'api::faq-item.faq-item', demo.faqItems, async (item, position) => ({ ...item, position }));
    await seedCollection(strapi, 'api::accommodation-photo.accommodation-photo', demo.accommodationPhotos, async (photo, position) => ({
      image: (await image.webp(photo.art, 1600, 1066, photo.alt)).id,
      alt: photo.alt,
      position,
    }));
    await seedCollection(strapi, 'api::product.product', demo.products, async ({ art, ...product }) => ({
      ...product,
      image: (await image.webp(art, 1200, 1200, product.title)).id,
    }));
    await seedCollection(strapi, 'api::setting.setting', demo.settings, async (setting) => setting);
    await seedSingle(strapi, 'api::imprint.imprint', demo.imprint);
    await seedSingle(strapi, 'api::privacy-policy.privacy-policy', demo.privacyPolicy);

    await strapi.store.set({ ...SEED_MARKER, value: { seededAt: new Date().toISOString() } });
    strapi.log.info('Seeded the demo content.');
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

function imageUploader(strapi: Core.Strapi, workDir: string) {
  const upload = async (buffer: Buffer, name: string, mimetype: string, alternativeText: string): Promise<Image> => {
    const filepath = path.join(workDir, name);
    await writeFile(filepath, buffer);
    const [file] = await strapi
      .plugin('upload')
      .service('upload')
      .upload({
        data: { fileInfo: { name, alternativeText, caption: alternativeText } },
        files: { filepath, originalFilename: name, mimetype, size: buffer.length },
      });
    return file as Image;
  };
  return {
    jpeg: async (art: PlaceholderArt, width: number, height: number, alt: string) =>
      upload(await placeholderJpeg(art, width, height), `${slug(art.label)}.jpg`, 'image/jpeg', alt),
    webp: async (art: PlaceholderArt, width: number, height: number, alt: string) =>
      upload(await placeholderWebp(art, width, height), `${slug(art.label)}.webp`, 'image/webp', alt),
    png: async (art: PlaceholderArt, width: number, height: number, alt: string) =>
      upload(await placeholderPng(art, width, height), `${slug(art.label)}.png`, 'image/png', alt),
  };
}

type ImageUploader = ReturnType<typeof imageUploader>;

async function seedCollection<T>(
  strapi: Core.Strapi,
  uid: UID.CollectionType,
  entries: readonly T[],
  toData: (entry: T, position: number) => Promise<Record<string, unknown>>,
) {
  if ((await strapi.db.query(uid).count()) > 0) return;
  for (const [index, entry] of entries.entries()) {
    // Positions count from 1, as editors count the entries on the page.
    await strapi.documents(uid).create({ data: (await toData(entry, index + 1)) as never });
  }
}

async function seedSingle(strapi: Core.Strapi, uid: UID.SingleType, data: Record<string, unknown>) {
  if ((await strapi.db.query(uid).count()) > 0) return;
  await strapi.documents(uid).create({ data: data as never });
}

/** Creates the demo houses when none exist; performers name them (decision 029). */
async function seedHouses(strapi: Core.Strapi, image: ImageUploader) {
  const uid = 'api::house.house';
  if ((await strapi.db.query(uid).count()) === 0) {
    for (const house of demo.houses) {
      const emblem = await image.webp({ label: house.name, hue: house.hue, motif: 'shield' }, 512, 512, `Wappen des Hauses ${house.name}`);
      await strapi.documents(uid).create({
        data: { name: house.name, chatUrl: house.chatUrl, colour: house.colour, emblem: emblem.id },
      });
    }
  }
}

async function seedFestival(strapi: Core.Strapi, image: ImageUploader) {
  if ((await strapi.db.query('api::festival.festival').count()) > 0) return;
  // Shown at most 14rem wide: twice that is sharp on every screen; a larger original would only
  // add a heavy full-colour "small" format.
  const logo = await image.png({ label: demo.festival.motto, hue: 12, motif: 'shield' }, 448, 448, `Logo ${demo.festival.motto}`);
  const map = await image.webp({ label: demo.mapLabel, hue: 100, motif: 'tower' }, 1200, 800, 'Karte der Anfahrt');
  const share = await image.jpeg({ label: `${demo.festival.motto} · 24.–28. Juli 2025`, hue: 8, motif: 'banner' }, 1200, 630, demo.festival.name);
  await strapi.documents('api::festival.festival').create({
    data: { ...demo.festival, logo: logo.id, mapImage: map.id, shareImage: share.id } as never,
  });
}

const PROGRAMME_MARKER = { type: 'core', name: 'game-of-slavs', key: 'demo-programme-seeded' } as const;

/**
 * The demo programme (src/seed/demo-programme.ts), once, with its own marker: a fresh install
 * gets it with the rest of the demo, and an install seeded before the programme existed gets it
 * on its next start. Only while places and entries are both empty and the festival still has the
 * demo's dates: an install whose editors have begun a programme, or moved the festival to other
 * days, keeps what it has.
 */
export async function seedDemoProgramme(strapi: Core.Strapi) {
  if (await strapi.store.get(PROGRAMME_MARKER)) return;
  const festival = (await strapi.db.query('api::festival.festival').findOne({ select: ['startDate', 'endDate'] })) as { startDate?: string; endDate?: string } | null;
  const demoDates = festival?.startDate === DEMO_FESTIVAL_DAYS[0] && festival?.endDate === DEMO_FESTIVAL_DAYS.at(-1);
  const empty = (await strapi.db.query('api::place.place').count()) === 0 && (await strapi.db.query('api::programme-entry.programme-entry').count()) === 0;
  if (demoDates && empty) {
    const performers = (await strapi.db.query('api::performer.performer').findMany({
      select: ['documentId', 'name'],
      orderBy: [{ position: 'asc' }, { id: 'asc' }],
      limit: 100,
    })) as { documentId: string; name: string }[];
    await strapi.db.transaction(async () => {
      const places: string[] = [];
      for (const [index, name] of demoPlaces.entries()) {
        places.push((await strapi.documents('api::place.place').create({ data: { name, position: index + 1 } as never })).documentId);
      }
      for (const entry of demoProgramme(performers.map((performer) => performer.name))) {
        const performer = performers.find((each) => each.name === entry.performer);
        await strapi.documents('api::programme-entry.programme-entry').create({
          data: {
            title: entry.title,
            day: entry.day,
            start: `${entry.start}:00.000`,
            end: `${entry.end}:00.000`,
            category: entry.category,
            description: entry.description,
            overlapAllowed: entry.overlapAllowed ?? false,
            place: places[entry.place],
            ...(performer ? { performer: performer.documentId } : {}),
          } as never,
        });
      }
    });
    strapi.log.info('Seeded the demo programme.');
  }
  await strapi.store.set({ ...PROGRAMME_MARKER, value: { seededAt: new Date().toISOString(), seeded: demoDates && empty } });
}
