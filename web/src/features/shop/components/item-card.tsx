import { Badge, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { ShopItem } from '@contract/shop';
import { LazyMarkdown } from '@/components/lazy-markdown';
import { formatPrice } from '@/lib/format';
import { variantCount } from '../utils/labels';
import { ShopImage } from './shop-image';
import classes from './item-card.module.css';

// One column on phones, two on tablets, three from 1200 px (the grid's gaps and page padding taken off).
const CARD_SIZES = '(max-width: 48em) calc(100vw - 32px), (max-width: 75em) calc(50vw - 40px), 380px';

type ItemCardProps = { item: ShopItem; priority?: boolean };

/** An item of the shop list; the card opens its detail page. */
export function ItemCard({ item, priority }: ItemCardProps) {
  const soldOut = item.availableQuantity === 0;
  return (
    <article className={classes.card} aria-labelledby={`item-${item.id}-title`}>
      <div className={classes.media}>
        <ShopImage image={item.image} imageSizes={item.imageSizes} alt={item.title} sizes={CARD_SIZES} priority={priority} />
        {soldOut && (
          <Badge className={classes.soldOut} color="crimson.7" size="lg" radius="sm">
            Ausverkauft
          </Badge>
        )}
      </div>
      <div className={classes.body}>
        <Title order={2} id={`item-${item.id}-title`} className={classes.title}>
          <Link className={classes.link} to={`/shop/item/${item.id}`}>
            {item.title}
          </Link>
        </Title>
        <LazyMarkdown className={classes.description}>{item.description}</LazyMarkdown>
        <div className={classes.footer}>
          <span className={classes.price}>{formatPrice(item.price)}</span>
          <span className={classes.variants}>{variantCount(item.variants.length)}</span>
        </div>
      </div>
    </article>
  );
}
