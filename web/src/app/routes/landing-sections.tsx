import { useMemo } from 'react';
import type { SiteContent } from '@contract/site-content';
import { HydrateNearScreen } from '@/components/hydrate-near-screen';
import { AgendaGallery } from '@/features/festival/components/agenda-gallery';
import { FaqSection } from '@/features/festival/components/faq-section';
import { FestivalStory } from '@/features/festival/components/festival-story';
import { InfoSection } from '@/features/festival/components/info-section';
import { PaymentSection } from '@/features/festival/components/payment-section';
import { PerformerList } from '@/features/festival/components/performer-list';
import { ShopTeaser } from '@/features/shop/components/shop-teaser';
import { useScrollToHash } from '@/lib/use-scroll-to-hash';

type LandingSectionsProps = { content: SiteContent; shopEnabled: boolean };

/** SPEC §2, after the hero: story, tribute, agenda, performers, info, (shop), FAQ. */
export function LandingSections({ content, shopEnabled }: LandingSectionsProps) {
  // The sections are there now, so an address like /#info can scroll to its section.
  useScrollToHash(true);

  // Each section is taken over from the server's markup when it comes near the screen
  // (docs/decisions/008); the ids are those the sections give themselves. The same elements
  // while the content is the same, so a re-render here does not reach a section still waiting.
  return useMemo(
    () => (
      <>
        <HydrateNearScreen anchorId="story">
          <FestivalStory story={content.festival.story} label={content.festival.storyLabel} />
        </HydrateNearScreen>
        <HydrateNearScreen anchorId="payment">
          <PaymentSection
            paymentText={content.festival.paymentText}
            paymentUrl={content.festival.paymentUrl}
            label={content.festival.paymentLabel}
            stepsTitle={content.festival.paymentStepsTitle}
          />
        </HydrateNearScreen>
        {content.agendaImages.length > 0 && (
          <HydrateNearScreen anchorId="agenda">
            <AgendaGallery images={content.agendaImages} label={content.festival.agendaLabel} />
          </HydrateNearScreen>
        )}
        {content.performers.length > 0 && (
          <HydrateNearScreen anchorId="performers">
            <PerformerList performers={content.performers} label={content.festival.performersLabel} />
          </HydrateNearScreen>
        )}
        <HydrateNearScreen anchorId="info">
          <InfoSection festival={content.festival} photos={content.accommodationPhotos} programmeEntries={content.programmeEntries} />
        </HydrateNearScreen>
        {shopEnabled && (
          <HydrateNearScreen anchorId="shop-teaser">
            <ShopTeaser text={content.festival.shopTeaserText} />
          </HydrateNearScreen>
        )}
        {content.faq.length > 0 && (
          <HydrateNearScreen anchorId="faq">
            <FaqSection items={content.faq} label={content.festival.faqLabel} />
          </HydrateNearScreen>
        )}
      </>
    ),
    [content, shopEnabled],
  );
}
