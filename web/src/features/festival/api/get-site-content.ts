import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
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

/** What the panel's preview posts into its frame after each save (Strapi's `strapiUpdate`). */
const PANEL_SAVED = 'strapiUpdate';

/**
 * Shown inside the panel's preview (a frame on the same origin), the page reads the content
 * again whenever the editor saves, so the preview follows the saved state without a reload.
 */
function useReloadOnPanelSave() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (window.parent === window) return;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== window.parent) return;
      if ((event.data as { type?: unknown } | null)?.type !== PANEL_SAVED) return;
      // Every section using the content listens; one read serves them all.
      void queryClient.invalidateQueries({ queryKey: siteContentQueryOptions().queryKey }, { cancelRefetch: false });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [queryClient]);
}

export const useSiteContent = () => {
  useReloadOnPanelSave();
  return useQuery(siteContentQueryOptions());
};

export const useFestival = () => {
  useReloadOnPanelSave();
  return useQuery({ ...siteContentQueryOptions(), select: (content) => content.festival });
};
