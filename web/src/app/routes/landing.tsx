import { useFestival } from '@/features/festival/api/get-site-content';
import { FestivalHero } from '@/features/festival/components/festival-hero';
import { usePageTitle } from '@/lib/use-page-title';

export function LandingRoute() {
  const { data: festival } = useFestival();
  usePageTitle({ title: festival?.name });

  return (
    <main>
      <FestivalHero />
    </main>
  );
}
