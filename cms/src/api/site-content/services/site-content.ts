import type { Core } from '@strapi/strapi';
import type { Programme } from '../../../contract/programme';
import { festivalSchema, type Media, type SiteContent } from '../../../contract/site-content';

type StoredMedia = {
  url: string;
  alternativeText?: string | null;
  width?: number | null;
  height?: number | null;
  formats?: Record<string, { url: string; width: number; height: number }> | null;
} | null | undefined;

/** Only what the site shows of an upload: no hashes, providers or internal ids. */
const toMedia = (file: StoredMedia): Media | null =>
  file
    ? {
        url: file.url,
        alternativeText: file.alternativeText ?? null,
        width: file.width ?? null,
        height: file.height ?? null,
        formats: file.formats
          ? Object.fromEntries(Object.entries(file.formats).map(([size, f]) => [size, { url: f.url, width: f.width, height: f.height }]))
          : null,
      }
    : null;

/** Gallery entries an editor left without a picture are skipped rather than shown broken. */
const withImage = (entries: { id: unknown; alt?: unknown; image?: unknown }[]) =>
  entries.flatMap((entry) => {
    const image = toMedia(entry.image as StoredMedia);
    return image ? [{ id: entry.id as number, alt: entry.alt as string, image }] : [];
  });

const FESTIVAL_MEDIA = ['logo', 'mapImage', 'shareImage'] as const;
const FESTIVAL_TEXT = Object.keys(festivalSchema.shape).filter((key) => !(FESTIVAL_MEDIA as readonly string[]).includes(key));

const houseKey = (name: string) => name.trim().toLocaleLowerCase('de');

/**
 * A performer names its houses (decision 029); each badge takes the colour of the house of that
 * name, letter case and outer spaces aside. Only names and colours are read: no chat URL here.
 */
async function coloursByHouseName(strapi: Core.Strapi): Promise<Map<string, string | null>> {
  const houses = (await strapi.db.query('api::house.house').findMany({ select: ['name', 'colour'], limit: 1000 })) as { name: string; colour: string | null }[];
  return new Map(houses.map((house) => [houseKey(house.name), house.colour ?? null]));
}

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /**
   * Everything the landing, legal and access pages read from the cms, in one answer. Fields are
   * listed, never spread, so no chat URL, code, user or order can slip into it.
   */
  async load(): Promise<SiteContent> {
    const byPosition = { sort: 'position:asc', limit: 100 } as const;
    const [festival, agendaImages, performers, faq, photos, imprint, privacyPolicy, houseColours, programme] = await Promise.all([
      strapi.documents('api::festival.festival').findFirst({ populate: [...FESTIVAL_MEDIA] }),
      strapi.documents('api::agenda-image.agenda-image').findMany({ ...byPosition, populate: ['image'] }),
      strapi.documents('api::performer.performer').findMany({
        ...byPosition,
        populate: { photo: true, houses: true },
      }),
      strapi.documents('api::faq-item.faq-item').findMany(byPosition),
      strapi.documents('api::accommodation-photo.accommodation-photo').findMany({ ...byPosition, populate: ['image'] }),
      strapi.documents('api::imprint.imprint').findFirst({}),
      strapi.documents('api::privacy-policy.privacy-policy').findFirst({}),
      coloursByHouseName(strapi),
      strapi.service('api::programme-entry.programme-entry').load() as Promise<Programme>,
    ]);
    const placeNames = new Map(programme.places.map((place) => [place.id, place.name]));
    if (!festival) throw new Error('The festival single type has no entry');
    const stored = festival as unknown as Record<string, unknown>;

    return {
      success: true,
      festival: {
        ...(Object.fromEntries(FESTIVAL_TEXT.map((key) => [key, stored[key] ?? null])) as Omit<SiteContent['festival'], (typeof FESTIVAL_MEDIA)[number]>),
        logo: toMedia(stored.logo as StoredMedia),
        mapImage: toMedia(stored.mapImage as StoredMedia),
        shareImage: toMedia(stored.shareImage as StoredMedia),
      },
      agendaImages: withImage(agendaImages),
      performers: performers.map((performer) => ({
        id: performer.id as number,
        name: performer.name as string,
        genre: performer.genre as string,
        photo: toMedia(performer.photo as StoredMedia),
        houses: ((performer.houses ?? []) as { name: string }[]).map(({ name }) => ({
          name,
          colour: houseColours.get(houseKey(name)) ?? null,
        })),
        slots: programme.entries
          .filter((entry) => entry.performer?.id === performer.id)
          .map((entry) => ({ slug: entry.slug, day: entry.day, start: entry.start, place: placeNames.get(entry.placeId) ?? '' })),
      })),
      programmeEntries: programme.entries.length,
      faq: faq.map((item) => ({ id: item.id as number, question: item.question as string, answer: item.answer as string })),
      accommodationPhotos: withImage(photos),
      legal: {
        imprint: imprint ? { title: imprint.title as string, body: imprint.body as string } : null,
        privacyPolicy: privacyPolicy ? { title: privacyPolicy.title as string, body: privacyPolicy.body as string } : null,
      },
    };
  },
});
