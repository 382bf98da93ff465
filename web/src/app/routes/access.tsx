import { SiteHeader } from '@/components/site-header';
import { AccessPanel } from '@/features/access/components/access-panel';
import { useSiteContent } from '@/features/festival/api/get-site-content';
import { FestivalFooter } from '@/features/festival/components/festival-footer';
import { OfflineNotices } from '@/features/offline/offline-notices';
import { usePageTitle } from '@/lib/use-page-title';
import classes from './access.module.css';

/**
 * /enthuelle-dein-wappen: a header without navigation, the code form, and the legal links below.
 * The footer leaves the festival's WhatsApp group off: the one group here is the house's.
 */
export function AccessRoute() {
  const { data } = useSiteContent();
  usePageTitle({
    title: 'Enthülle dein Wappen',
    description: 'Gib deinen persönlichen Zugangscode ein, enthülle dein Wappen und tritt dem Chat deines Hauses bei.',
  });

  return (
    <>
      <SiteHeader />
      <main id="main" tabIndex={-1} className={classes.main}>
        <AccessPanel intro={data?.festival.accessIntro} />
      </main>
      <FestivalFooter festival={data?.festival} withFestivalGroup={false} />
      <OfflineNotices />
    </>
  );
}
