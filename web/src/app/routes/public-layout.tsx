import { Outlet } from 'react-router-dom';
import { SiteHeader, type NavItem } from '@/components/site-header';
import { useSiteContent } from '@/features/festival/api/get-site-content';
import { FestivalFooter } from '@/features/festival/components/festival-footer';
import { useShopEnabled } from '@/features/shop/api/get-shop-enabled';
import { OfflineNotices } from '@/features/offline/offline-notices';
import { HeaderCart } from '@/features/shop/components/header-cart';

/** SPEC §2: the Merchandising link is there only while the shop is enabled. */
export const navLinks = (shopEnabled: boolean): NavItem[] => [
  { label: 'Home', to: '/#hero' },
  { label: 'Information', to: '/#info' },
  { label: 'Programm', to: '/programm' },
  ...(shopEnabled ? [{ label: 'Merchandising', to: '/shop' }] : []),
  { label: 'Login', to: '/admin/login' },
];

/** Header with navigation and footer around the landing and legal pages. */
export function PublicLayout() {
  const shopEnabled = useShopEnabled();
  const { data } = useSiteContent();

  return (
    <>
      <SiteHeader links={navLinks(shopEnabled)} actions={shopEnabled && <HeaderCart />} />
      <Outlet />
      <FestivalFooter festival={data?.festival} />
      <OfflineNotices />
    </>
  );
}
