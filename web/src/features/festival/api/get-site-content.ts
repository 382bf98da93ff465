import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteContent } from '@contract/site-content';
import { api } from '@/lib/api-client';

export type Festival = SiteContent['festival'];

/** Everything the landing, legal and access pages show from the cms, in one request. */
export const getSiteContent = async (): Promise<SiteContent> => {
  // The schema (and zod with it) arrives beside the answer instead of with the entry.
  const [response, { siteContentSchema }] = await Promise.all([
    api.get<unknown>('/site-content'),
    import('@contract/site-content'),
  ]);
  return siteContentSchema.parse(response.data);
};

export const siteContentQueryOptions = () =>
  queryOptions({ queryKey: ['site-content'], queryFn: getSiteContent });

export const useSiteContent = () => useQuery(siteContentQueryOptions());

export const useFestival = () =>
  useQuery({ ...siteContentQueryOptions(), select: (content) => content.festival });
