import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { strapiMediaSchema } from '@/lib/strapi-media';

export const festivalSchema = z.object({
  id: z.number(),
  documentId: z.string(),
  name: z.string(),
  edition: z.string(),
  motto: z.string(),
  startDate: z.iso.date(),
  endDate: z.iso.date(),
  story: z.string(),
  logo: strapiMediaSchema.nullable(),
});

export type Festival = z.infer<typeof festivalSchema>;

const festivalResponseSchema = z.object({ data: festivalSchema });

export const getFestival = async (): Promise<Festival> => {
  const response = await api.get<unknown>('/festival', { params: { populate: 'logo' } });
  return festivalResponseSchema.parse(response.data).data;
};

export const festivalQueryOptions = () =>
  queryOptions({ queryKey: ['festival'], queryFn: getFestival });

export const useFestival = () => useQuery(festivalQueryOptions());
