import { Alert, Anchor, Badge, Button, NativeSelect, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { SHOP_MESSAGES, type ShopItem, type UnitLimits } from '@contract/shop';
import { LazyMarkdown } from '@/components/lazy-markdown';
import { formatPrice } from '@/lib/format';
import { useItem, useItemUnitLimits } from '../api/get-item';
import { useShopStatus } from '../api/get-shop-enabled';
import { DEFAULT_UNIT_LIMITS } from '../cart/cart-store';
import { useCart } from '../cart/use-cart';
import { lineName } from '../utils/labels';
import { BackToShop } from './back-link';
import { ShopImage } from './shop-image';
import { ShopMessage } from './shop-message';
import classes from './item-detail.module.css';

export const ITEM_MESSAGES = {
  loading: 'Artikel wird geladen...',
  notFound: SHOP_MESSAGES.itemNotFound,
  variantPlaceholder: 'Wähle eine Variante',
  added: (title: string, variant: string) => `${lineName({ title, variant })} wurde zum Warenkorb hinzugefügt!`,
  capped: (max: number, title: string, variant: string, inCart: number) =>
    `Höchstens ${max} Stück je Artikel: ${lineName({ title, variant })} liegt jetzt ${inCart}-mal im Warenkorb.`,
} as const;

// SPEC §9 and DECISIONS §6, §9: 1 to the cap per line (10 by default), and never more than the stock.
export const quantityChoices = (stock: number, maxUnitsPerLine: number) =>
  Array.from({ length: Math.max(0, Math.min(maxUnitsPerLine, stock)) }, (_, index) => String(index + 1));

// Two columns from 768 px; one below, less the page padding.
const DETAIL_IMAGE_SIZES = '(max-width: 48em) calc(100vw - 32px), 580px';

function ItemPurchase({ item, limits }: { item: ShopItem; limits: UnitLimits }) {
  const { add, lines } = useCart();
  const [variant, setVariant] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [added, setAdded] = useState<string | null>(null);

  const choices = quantityChoices(item.availableQuantity, limits.maxUnitsPerLine);
  const soldOut = choices.length === 0;
  // The stock may have dropped since the choice was made.
  const chosenQuantity = Math.min(Number(quantity), choices.length);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!variant || soldOut) return;
    const { maxUnitsPerLine: max } = limits;
    const before = lines.find((line) => line.id === item.id && line.variant === variant)?.quantity ?? 0;
    add({ id: item.id, title: item.title, price: item.price, variant, quantity: chosenQuantity }, max);
    setAdded(
      before + chosenQuantity > max
        ? ITEM_MESSAGES.capped(max, item.title, variant, Math.max(before, max))
        : ITEM_MESSAGES.added(item.title, variant),
    );
  };

  return (
    <>
      <form className={classes.form} onSubmit={submit} aria-label={`${item.title} in den Warenkorb legen`}>
        <div className={classes.choices}>
          <NativeSelect
            label="Variante wählen:"
            value={variant}
            onChange={(event) => setVariant(event.currentTarget.value)}
            data={[
              { value: '', label: ITEM_MESSAGES.variantPlaceholder, disabled: true },
              ...item.variants.map((name) => ({ value: name, label: name })),
            ]}
            disabled={soldOut}
            size="md"
          />
          <NativeSelect
            label="Anzahl:"
            value={soldOut ? '' : String(chosenQuantity)}
            onChange={(event) => setQuantity(event.currentTarget.value)}
            data={soldOut ? [{ value: '', label: '0' }] : choices}
            disabled={soldOut}
            size="md"
          />
        </div>
        <div className={classes.actions}>
          <Button type="submit" size="md" disabled={!variant || soldOut}>
            {soldOut ? 'Ausverkauft' : 'In den Warenkorb'}
          </Button>
          <Anchor component={Link} to="/shop/cart" c="gold.3" className={classes.cartLink}>
            Warenkorb ansehen
          </Anchor>
        </div>
      </form>
      {added && (
        <Alert
          role="status"
          color="gold"
          variant="light"
          withCloseButton
          closeButtonLabel="Hinweis schließen"
          onClose={() => setAdded(null)}
        >
          {added}
        </Alert>
      )}
    </>
  );
}

function ItemView({ item, limits }: { item: ShopItem; limits: UnitLimits }) {
  return (
    <article className={classes.detail} aria-labelledby="item-title">
      <ShopImage
        className={classes.image}
        image={item.image}
        imageSizes={item.imageSizes}
        alt={item.title}
        sizes={DETAIL_IMAGE_SIZES}
        priority
      />
      <div className={classes.info}>
        <Title order={1} id="item-title" className={classes.title}>
          {item.title}
        </Title>
        <div className={classes.priceRow}>
          <span className={classes.price}>{formatPrice(item.price)}</span>
          {item.availableQuantity === 0 && (
            <Badge color="crimson.7" size="lg" radius="sm">
              Ausverkauft
            </Badge>
          )}
        </div>
        <LazyMarkdown className={classes.description}>{item.description}</LazyMarkdown>
        <ItemPurchase key={item.id} item={item} limits={limits} />
      </div>
    </article>
  );
}

function NotFound() {
  return (
    <ShopMessage
      kind="note"
      title={ITEM_MESSAGES.notFound}
      titleOrder={1}
      actions={
        <Button component={Link} to="/shop" size="md">
          Zurück zum Shop
        </Button>
      }
    />
  );
}

/** /shop/item/{id} (SPEC §2); `id` is null when the address holds no integer. */
export function ItemDetail({ id }: { id: number | null }) {
  const status = useShopStatus();
  const item = useItem(id);
  const limits = useItemUnitLimits(id) ?? DEFAULT_UNIT_LIMITS;

  if (id === null) return <NotFound />;
  if (status === 'loading' || (status === 'open' && item.isPending)) {
    return <ShopMessage kind="status">{ITEM_MESSAGES.loading}</ShopMessage>;
  }
  if (status === 'closed') return <ShopMessage kind="note" title={SHOP_MESSAGES.shopClosed} titleOrder={1} />;
  if (item.isError || !item.data) return <NotFound />;

  return (
    <>
      <BackToShop className={classes.back} />
      <ItemView item={item.data} limits={limits} />
    </>
  );
}
