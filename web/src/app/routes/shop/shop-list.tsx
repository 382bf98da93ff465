import { ShopList } from '@/features/shop/components/shop-list';
import { ShopPage } from '@/features/shop/components/shop-page';
import { usePageTitle } from '@/lib/use-page-title';

export function ShopListRoute() {
  usePageTitle({
    title: 'Merchandising',
    description: 'Haus-Shirts, Kapuzenmäntel und Trinkhörner des Game Of Slavs: im Merchandising-Shop des Festivals bestellen.',
  });

  return (
    <main id="main" tabIndex={-1}>
      <ShopPage>
        <ShopList />
      </ShopPage>
    </main>
  );
}
