import { Alert, Anchor, Badge, Button, NativeSelect, Title } from '@mantine/core';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { ShopItem, UnitLimits } from '@contract/shop';
import { SHOP_MESSAGES } from '@contract/shop-rules';
import { LazyMarkdown } from '@/components/lazy-markdown';
import { formatPrice } from '@/lib/format';
import { useValueBeforeTakeover } from '@/lib/use-value-before-takeover';
import { useItem, useItemUnitLimits } from '../api/get-item';
import { useShopStatus } from '../api/get-shop-enabled';
import { DEFAULT_UNIT_LIMITS, unitsOfItem } from '../cart/cart-store';
import { useCart } from '../cart/use-cart';
import { useCartRead } from '../cart/use-cart-count';
import { lineName, unitLimitsText } from '../utils/labels';
import { BackToShop } from './back-link';
import { CartButton } from './cart-button';
import { KeptCart } from './kept-cart';
import { ShopImage } from './shop-image';
import { ShopMessage } from './shop-message';
import classes from './item-detail.module.css';

export const ITEM_MESSAGES = {
  loading: 'Artikel wird geladen...',
  notFound: SHOP_MESSAGES.itemNotFound,
  variantPlaceholder: 'Wähle eine Variante',
  added: (title: string, variant: string) => `${lineName({ title, variant })} wurde zum Warenkorb hinzugefügt!`,
  addedUnits: (quantity: number, inCart: number) =>
    `${quantity} Stück hinzugefügt, jetzt ${inCart} im Warenkorb.`,
  lowStock: (left: number) => `Nur noch ${left} verfügbar`,
  allInCart: 'Alle verfügbaren Stücke liegen schon in deinem Warenkorb.',
  capped: (max: number, title: string, variant: string, inCart: number) =>
    `Höchstens ${max} Stück je Artikel: ${lineName({ title, variant })} liegt jetzt ${inCart}-mal im Warenkorb.`,
  // Why the greyed button adds nothing (issue 44), under it.
  chooseVariant: 'Wähle zuerst eine Variante.',
  lineFull: (max: number, title: string, variant: string) =>
    `${lineName({ title, variant })} liegt schon ${max}-mal im Warenkorb, mehr als ${max} Stück je Artikel gehen nicht in eine Bestellung.`,
  orderFull: (max: number) => `Dein Warenkorb hält schon ${max} Stück, mehr gehen nicht in eine Bestellung.`,
} as const;

// SPEC §9 and DECISIONS §6, §9: 1 to the cap per line (10 by default), and never more than the stock.
export const quantityChoices = (stock: number, maxUnitsPerLine: number) =>
  Array.from({ length: Math.max(0, Math.min(maxUnitsPerLine, stock)) }, (_, index) => String(index + 1));

/** Below this many, the item page says how many are left. */
export const LOW_STOCK = 10;

// Two columns from 768 px; one below, less the page padding.
const DETAIL_IMAGE_SIZES = '(max-width: 48em) calc(100vw - 32px), 580px';

function ItemPurchase({ item, limits }: { item: ShopItem; limits: UnitLimits }) {
  const { add, lines, itemCount } = useCart();
  const whyId = useId();
  const [variant, setVariant] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [added, setAdded] = useState<string | null>(null);

  // What may still be added: the stock less what the cart already holds of the item (all its
  // variants), and the cap per line less the chosen variant's line. The server still decides.
  const inCart = unitsOfItem(lines, item.id);
  const inLine = lines.find((line) => line.id === item.id && line.variant === variant)?.quantity ?? 0;
  const roomInOrder = limits.maxUnitsPerOrder - itemCount;
  const choices = quantityChoices(Math.min(item.availableQuantity - inCart, roomInOrder), limits.maxUnitsPerLine - inLine);
  const soldOut = item.availableQuantity === 0;
  const nothingLeft = choices.length === 0;
  // What keeps the button greyed, most telling first; else the caps, so they are known before they bite.
  const why =
    inCart >= item.availableQuantity
      ? ITEM_MESSAGES.allInCart
      : roomInOrder <= 0
        ? ITEM_MESSAGES.orderFull(limits.maxUnitsPerOrder)
        : variant && inLine >= limits.maxUnitsPerLine
          ? ITEM_MESSAGES.lineFull(limits.maxUnitsPerLine, item.title, variant)
          : !variant
            ? `${ITEM_MESSAGES.chooseVariant} ${unitLimitsText(limits)}`
            : unitLimitsText(limits);
  // The stock may have dropped since the choice was made.
  const chosenQuantity = Math.min(Number(quantity), choices.length);
  const shownQuantity = nothingLeft ? '' : String(chosenQuantity);
  const variantField = useValueBeforeTakeover<HTMLSelectElement>(variant, setVariant);
  const quantityField = useValueBeforeTakeover<HTMLSelectElement>(shownQuantity, setQuantity);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!variant || nothingLeft) return;
    const { maxUnitsPerLine: max } = limits;
    const before = inLine;
    add({ id: item.id, title: item.title, price: item.price, variant, quantity: chosenQuantity }, max);
    setAdded(
      before + chosenQuantity > max
        ? ITEM_MESSAGES.capped(max, item.title, variant, Math.max(before, max))
        : `${ITEM_MESSAGES.added(item.title, variant)} ${ITEM_MESSAGES.addedUnits(chosenQuantity, before + chosenQuantity)}`,
    );
  };

  const cartLink = (
    <Anchor component={Link} to="/shop/cart" c="gold.3" className={classes.cartLink}>
      Warenkorb ansehen
    </Anchor>
  );
  // Sold out: the badge by the price says it; no choices to grey out.
  if (soldOut) return <div className={classes.actions}>{cartLink}</div>;

  return (
    <>
      <form className={classes.form} onSubmit={submit} aria-label={`${item.title} in den Warenkorb legen`}>
        <div className={classes.choices}>
          <NativeSelect
            ref={variantField}
            label="Variante wählen:"
            value={variant}
            onChange={(event) => setVariant(event.currentTarget.value)}
            data={[
              { value: '', label: ITEM_MESSAGES.variantPlaceholder, disabled: true },
              ...item.variants.map((name) => ({ value: name, label: name })),
            ]}
            size="md"
          />
          <NativeSelect
            ref={quantityField}
            label="Anzahl:"
            value={shownQuantity}
            onChange={(event) => setQuantity(event.currentTarget.value)}
            data={nothingLeft ? [{ value: '', label: '0' }] : choices}
            disabled={nothingLeft}
            size="md"
          />
        </div>
        <div className={classes.actions}>
          <Button type="submit" size="md" disabled={!variant || nothingLeft} aria-describedby={whyId}>
            In den Warenkorb
          </Button>
          {cartLink}
        </div>
        <p id={whyId} className={classes.stockNote}>
          {why}
        </p>
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
          {item.availableQuantity > 0 && item.availableQuantity <= LOW_STOCK && (
            <Badge color="gold.3" c="dark.9" size="lg" radius="sm">
              {ITEM_MESSAGES.lowStock(item.availableQuantity)}
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

/**
 * A closed shop's item page: the way home, and a cart kept from before (as /shop and /shop/cart
 * show it), so the page is no dead end.
 */
function ClosedShop() {
  const { lines } = useCart();
  const kept = useCartRead() && lines.length > 0;
  return (
    <>
      <Button component={Link} to="/" variant="subtle" color="gold.3" className={classes.back}>
        Zur Hauptseite
      </Button>
      <ShopMessage kind="note" title={SHOP_MESSAGES.shopClosed} titleOrder={1} actions={kept ? <CartButton /> : undefined} />
      {kept && <KeptCart lines={lines} />}
    </>
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
  if (status === 'closed') return <ClosedShop />;
  if (item.isError || !item.data) return <NotFound />;

  return (
    <>
      <BackToShop className={classes.back} />
      <ItemView item={item.data} limits={limits} />
    </>
  );
}
