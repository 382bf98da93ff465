import { useSiteContent } from '@/features/festival/api/get-site-content';
import { AgendaGallery } from '@/features/festival/components/agenda-gallery';
import { FaqSection } from '@/features/festival/components/faq-section';
import { FestivalHero } from '@/features/festival/components/festival-hero';
import { FestivalStory } from '@/features/festival/components/festival-story';
import { InfoSection } from '@/features/festival/components/info-section';
import { PaymentSection } from '@/features/festival/components/payment-section';
import { PerformerList } from '@/features/festival/components/performer-list';
import { eventJsonLd } from '@/features/festival/utils/event-json-ld';
import { useShopEnabled } from '@/features/shop/api/get-shop-enabled';
import { ShopTeaser } from '@/features/shop/components/shop-teaser';
import { useJsonLd } from '@/lib/use-json-ld';
import { usePageTitle } from '@/lib/use-page-title';
import { useScrollToHash } from '@/lib/use-scroll-to-hash';

/** SPEC §2, in order: hero, story, tribute, agenda, performers, info, (shop), FAQ. */
export function LandingRoute() {
  const { data: content, isSuccess } = useSiteContent();
  const shopEnabled = useShopEnabled();
  const festival = content?.festival;

  usePageTitle({
    title: festival?.name,
    description: festival?.seoDescription ?? undefined,
    image: (festival?.shareImage ?? festival?.logo)?.url,
  });
  useJsonLd(content ? eventJsonLd(content, window.location.origin) : null);
  useScrollToHash(isSuccess);

  return (
    <main id="main" tabIndex={-1}>
      <FestivalHero />
      {content && (
        <>
          <FestivalStory story={content.festival.story} />
          <PaymentSection paymentText={content.festival.paymentText} paymentUrl={content.festival.paymentUrl} />
          {content.agendaImages.length > 0 && <AgendaGallery images={content.agendaImages} />}
          {content.performers.length > 0 && <PerformerList performers={content.performers} />}
          <InfoSection festival={content.festival} photos={content.accommodationPhotos} />
          {shopEnabled && <ShopTeaser />}
          {content.faq.length > 0 && <FaqSection items={content.faq} />}
        </>
      )}
    </main>
  );
}
