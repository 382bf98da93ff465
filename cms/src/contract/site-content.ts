import { z } from 'zod';
import { isHttpUrl } from './houses';

const imageFormatSchema = z.object({ url: z.string(), width: z.number(), height: z.number() });

/** An uploaded image with the sizes Strapi made of it (thumbnail, small, medium, large). */
export const mediaSchema = z.object({
  url: z.string(),
  alternativeText: z.string().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  formats: z.record(z.string(), imageFormatSchema).nullable(),
});
export type Media = z.infer<typeof mediaSchema>;

/**
 * The short texts of the pages that are no festival facts: section labels, the shop's and the
 * access page's introductions. Editors change them in the festival single type; these are the
 * words the site shipped with, seeded on a fresh install and filled into older databases.
 */
export const SITE_TEXT_DEFAULTS = {
  storyLabel: 'Die Chronik',
  paymentLabel: 'Dein Platz am Feuer',
  paymentStepsTitle: 'So trittst du bei',
  agendaLabel: 'Fünf Tage im Harz',
  performersLabel: 'Musik am Feuer',
  infoLabel: 'Alles für deine Reise',
  faqLabel: 'Fragen am Lagerfeuer',
  shopTeaserText:
    'Haus-Shirts, Kapuzenmäntel und Trinkhörner: Rüste dich für das Fest, bevor die Vorräte der Schmiedemeister erschöpft sind.',
  shopIntro:
    'Haus-Shirts, Kapuzenmäntel und Trinkhörner aus der Schmiede des Festivals. Wähle Variante und Anzahl, lege deine Stücke in den Warenkorb und bestelle mit deinem Vor- und Nachnamen.',
  orderPickupText:
    'Am Merch-Stand neben dem Haupttor, von Donnerstag bis Sonntag täglich von 12 bis 18 Uhr.',
  accessIntro:
    'Nach deinem Tribut hast du einen persönlichen Code erhalten. Gib ihn hier ein, um dein Wappen zu enthüllen und den Chat deines Hauses zu betreten.',
} as const;
export type SiteTextKey = keyof typeof SITE_TEXT_DEFAULTS;

const siteTextsSchema = z.object(
  Object.fromEntries(Object.keys(SITE_TEXT_DEFAULTS).map((key) => [key, z.string()])) as Record<SiteTextKey, z.ZodString>,
);

export const FESTIVAL_MESSAGES = { invalidLink: 'A link must be a web address starting with http:// or https://' } as const;

/** A link the festival's editors set (payment, WhatsApp group, map): none, or a web address. */
export const festivalLinkSchema = z.union(
  [
    z.null(),
    z
      .string()
      .trim()
      .max(500, FESTIVAL_MESSAGES.invalidLink)
      .refine((value) => value === '' || isHttpUrl(value), FESTIVAL_MESSAGES.invalidLink),
  ],
  { error: FESTIVAL_MESSAGES.invalidLink },
);

export const festivalSchema = siteTextsSchema.extend({
  name: z.string(),
  edition: z.string(),
  motto: z.string(),
  startDate: z.iso.date(),
  endDate: z.iso.date(),
  logo: mediaSchema.nullable(),
  story: z.string(),
  paymentText: z.string().nullable(),
  paymentUrl: z.string().nullable(),
  whatsappGroupUrl: z.string().nullable(),
  contactEmail: z.string().nullable(),
  travelAddress: z.string().nullable(),
  travelCar: z.string().nullable(),
  travelTrain: z.string().nullable(),
  travelParking: z.string().nullable(),
  mapImage: mediaSchema.nullable(),
  mapsUrl: z.string().nullable(),
  accommodationText: z.string().nullable(),
  accommodationBedrooms: z.number().nullable(),
  accommodationGuests: z.number().nullable(),
  accommodationGroundsM2: z.number().nullable(),
  scheduleText: z.string().nullable(),
  seoDescription: z.string().nullable(),
  shareImage: mediaSchema.nullable(),
});
export type FestivalContent = z.infer<typeof festivalSchema>;

export const siteContentSchema = z.object({
  success: z.literal(true),
  festival: festivalSchema,
  agendaImages: z.array(z.object({ id: z.number(), alt: z.string(), image: mediaSchema })),
  performers: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      genre: z.string(),
      photo: mediaSchema.nullable(),
      houses: z.array(z.strictObject({ name: z.string(), colour: z.string().nullable() })),
      /** Where and when the performer plays (the programme, issue 40), each linking to its entry's page. */
      slots: z.array(z.strictObject({ slug: z.string(), day: z.iso.date(), start: z.string(), place: z.string() })),
    }),
  ),
  /** How many entries the programme has: none keeps the "Ablauf" tab's placeholder sentence. */
  programmeEntries: z.number(),
  faq: z.array(z.object({ id: z.number(), question: z.string(), answer: z.string() })),
  accommodationPhotos: z.array(z.object({ id: z.number(), alt: z.string(), image: mediaSchema })),
  legal: z.object({
    imprint: z.object({ title: z.string(), body: z.string() }).nullable(),
    privacyPolicy: z.object({ title: z.string(), body: z.string() }).nullable(),
  }),
});
export type SiteContent = z.infer<typeof siteContentSchema>;
