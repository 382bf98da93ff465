import { lazy, Suspense, useDeferredValue, useEffect } from 'react';
import { useSiteContent } from '@/features/festival/api/get-site-content';
import { FestivalHero } from '@/features/festival/components/festival-hero';
import { eventJsonLd } from '@/features/festival/utils/event-json-ld';
import { useShopEnabled } from '@/features/shop/api/get-shop-enabled';
import { preloadLaterChunks } from '@/lib/preload-later';
import { siteOrigin } from '@/lib/site-origin';
import { useJsonLd } from '@/lib/use-json-ld';
import { usePageTitle } from '@/lib/use-page-title';

// The sections below the hero show cms content, so they cannot draw before it arrives anyway:
// their code loads beside that request instead of with the entry. On a page the server drew,
// their files are preloaded a few per task first (the route's handle in router.tsx).
const loadSections = () => preloadLaterChunks().then(() => import('./landing-sections'));
const LandingSections = lazy(() => loadSections().then((module) => ({ default: module.LandingSections })));

/** SPEC §2, in order: hero, story, tribute, agenda, performers, info, (shop), FAQ. */
export function LandingRoute() {
  const { data: content } = useSiteContent();
  const shopEnabled = useShopEnabled();
  const festival = content?.festival;

  usePageTitle({
    title: festival?.name,
    description: festival?.seoDescription ?? undefined,
    image: (festival?.shareImage ?? festival?.logo)?.url,
  });
  useJsonLd(content ? eventJsonLd(content, siteOrigin()) : null);
  // In a task of its own, after the takeover's commit.
  useEffect(() => {
    const task = setTimeout(() => void loadSections());
    return () => clearTimeout(task);
  }, []);
  // The hero draws first; the long rest of the page follows as a deferred render, which React
  // splits into short slices, so a phone stays responsive while it builds.
  const sectionsContent = useDeferredValue(content);

  return (
    <main id="main" tabIndex={-1}>
      <FestivalHero />
      {sectionsContent && (
        <Suspense fallback={null}>
          <LandingSections content={sectionsContent} shopEnabled={shopEnabled} />
        </Suspense>
      )}
    </main>
  );
}
