import type { SiteContent } from '@contract/site-content';
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

  return (
    <>
      <FestivalStory story={content.festival.story} />
      <PaymentSection paymentText={content.festival.paymentText} paymentUrl={content.festival.paymentUrl} />
      {content.agendaImages.length > 0 && <AgendaGallery images={content.agendaImages} />}
      {content.performers.length > 0 && <PerformerList performers={content.performers} />}
      <InfoSection festival={content.festival} photos={content.accommodationPhotos} />
      {shopEnabled && <ShopTeaser />}
      {content.faq.length > 0 && <FaqSection items={content.faq} />}
    </>
  );
}
