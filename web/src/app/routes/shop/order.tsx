import { useLocation, useParams, useSearchParams } from 'react-router-dom';
import { OrderPage } from '@/features/shop/components/order-page';
import { ShopPage } from '@/features/shop/components/shop-page';
import { usePageTitle } from '@/lib/use-page-title';

/** /shop/bestellung/{number}?t={token}: the order's own page (docs/decisions/035). */
export function OrderRoute() {
  const { orderNumber = '' } = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  usePageTitle({
    title: `Bestellung ${orderNumber}`,
    description: 'Deine Bestellung im Merchandising-Shop des Game Of Slavs: Artikel, Summe, Status und der QR-Code für den Merch-Stand.',
  });
  const justPlaced = (location.state as { placed?: boolean } | null)?.placed === true;

  return (
    <main id="main" tabIndex={-1}>
      <ShopPage>
        <OrderPage orderNumber={orderNumber} urlToken={search.get('t')} justPlaced={justPlaced} />
      </ShopPage>
    </main>
  );
}
