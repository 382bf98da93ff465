import { CartView } from '@/features/shop/components/cart-view';
import { ShopPage } from '@/features/shop/components/shop-page';
import { usePageTitle } from '@/lib/use-page-title';

export function CartRoute() {
  usePageTitle({
    title: 'Warenkorb',
    description: 'Dein Warenkorb im Merchandising-Shop des Game Of Slavs: Anzahl ändern und mit Vor- und Nachnamen bestellen.',
  });

  return (
    <main id="main" tabIndex={-1}>
      <ShopPage>
        <CartView />
      </ShopPage>
    </main>
  );
}
