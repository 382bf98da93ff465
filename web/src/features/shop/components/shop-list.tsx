import { Text } from '@mantine/core';
import { SHOP_MESSAGES } from '@contract/shop-rules';
import { SectionHeading } from '@/components/section-heading';
import { useFestival } from '@/features/festival/api/get-site-content';
import { useItems } from '../api/get-items';
import { useShopStatus } from '../api/get-shop-enabled';
import { useCart } from '../cart/use-cart';
import { CartButton } from './cart-button';
import { ItemCard } from './item-card';
import { ShopMessage } from './shop-message';
import classes from './shop-list.module.css';

export const SHOP_LIST_MESSAGES = {
  loading: 'Waren werden geladen...',
  error: 'Fehler beim Laden der Waren.',
  emptyTitle: 'Noch keine Waren verfügbar',
  emptyText: 'Die Schmiedemeister arbeiten noch an den neuen Kollektionen. Schaut bald wieder vorbei!',
} as const;

function ShopItems() {
  const status = useShopStatus();
  const items = useItems();

  if (status === 'loading' || (status === 'open' && items.isPending)) {
    return <ShopMessage kind="status">{SHOP_LIST_MESSAGES.loading}</ShopMessage>;
  }
  if (status === 'closed') return <ShopMessage kind="note">{SHOP_MESSAGES.shopClosed}</ShopMessage>;
  if (items.isError || !items.data) return <ShopMessage kind="alert">{SHOP_LIST_MESSAGES.error}</ShopMessage>;
  if (items.data.length === 0) {
    return (
      <ShopMessage kind="note" title={SHOP_LIST_MESSAGES.emptyTitle}>
        {SHOP_LIST_MESSAGES.emptyText}
      </ShopMessage>
    );
  }
  return (
    <ul className={classes.grid} aria-label="Waren">
      {/* Only the first picture is the largest paint on every screen; the rest of a desktop's
          first row are in view, so the browser asks for them as soon as it lays the list out. */}
      {items.data.map((item, index) => (
        <li key={item.id}>
          <ItemCard item={item} priority={index === 0} />
        </li>
      ))}
    </ul>
  );
}

/** /shop (SPEC §2): the heading, the way to the cart, and the items of the forge. */
export function ShopList() {
  const intro = useFestival().data?.shopIntro;
  const status = useShopStatus();
  const { itemCount } = useCart();
  // A closed shop invites no shopping; a cart kept from before stays reachable.
  const open = status !== 'closed';
  return (
    <>
      <header className={classes.header}>
        <SectionHeading id="shop-title" order={1} eyebrow="Aus der Schmiede" className={classes.heading}>
          Merchandising
        </SectionHeading>
        {open && intro && <Text className={classes.intro}>{intro}</Text>}
        {(open || itemCount > 0) && <CartButton />}
      </header>
      <ShopItems />
    </>
  );
}
