import { useParams } from 'react-router-dom';
import { useItem } from '@/features/shop/api/get-item';
import { ItemDetail } from '@/features/shop/components/item-detail';
import { ShopPage } from '@/features/shop/components/shop-page';
import { parseItemId } from '@/features/shop/utils/item-id';
import { formatPrice } from '@/lib/format';
import { usePageTitle } from '@/lib/use-page-title';

export function ItemDetailRoute() {
  const id = parseItemId(useParams().id);
  const { data: item } = useItem(id);

  usePageTitle({
    title: item ? `${item.title} – Merchandising` : 'Merchandising',
    description: item
      ? `${item.title} für ${formatPrice(item.price)} im Merchandising-Shop des Game Of Slavs.`
      : 'Ein Artikel aus dem Merchandising-Shop des Game Of Slavs.',
    image: item?.imageSizes.medium ?? item?.image,
  });

  return (
    <main id="main" tabIndex={-1}>
      <ShopPage>
        {/* A new item starts with a fresh choice of variant and quantity. */}
        <ItemDetail key={id ?? 'none'} id={id} />
      </ShopPage>
    </main>
  );
}
