import { Badge, Button, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router-dom';
import { BasketIcon } from '@/components/icons';
import { useCart } from '../cart/use-cart';
import { useCartRead } from '../cart/use-cart-count';
import classes from './cart-button.module.css';

/** "Warenkorb" with the number of items in the cart, linking to it; the number once the stored cart is read. */
export function CartButton() {
  const { itemCount } = useCart();
  const read = useCartRead();
  return (
    <Button component={Link} to="/shop/cart" variant="outline" color="gold.3" size="md" leftSection={<BasketIcon size={20} />}>
      Warenkorb
      {read && (
        <>
          <Badge className={classes.count} radius="xl" color="gold.3" c="dark.9" aria-hidden="true">
            {itemCount}
          </Badge>
          <VisuallyHidden>{` (${itemCount} Artikel)`}</VisuallyHidden>
        </>
      )}
    </Button>
  );
}
