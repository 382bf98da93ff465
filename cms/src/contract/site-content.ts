import { z } from 'zod';

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

export const festivalSchema = z.object({
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
    }),
  ),
  faq: z.array(z.object({ id: z.number(), question: z.string(), answer: z.string() })),
  accommodationPhotos: z.array(z.object({ id: z.number(), alt: z.string(), image: mediaSchema })),
  legal: z.object({
    imprint: z.object({ title: z.string(), body: z.string() }).nullable(),
    privacyPolicy: z.object({ title: z.string(), body: z.string() }).nullable(),
  }),
});
export type SiteContent = z.infer<typeof siteContentSchema>;
