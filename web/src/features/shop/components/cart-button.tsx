import { Badge, Button, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useCart } from '../cart/use-cart';
import classes from './cart-button.module.css';

function Basket() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M3 9h18l-2 11H5L3 9Zm5 0 4-6 4 6M9 13v4m3-4v4m3-4v4"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** "Warenkorb" with the number of items in the cart, linking to it. */
export function CartButton() {
  const { itemCount } = useCart();
  return (
    <Button component={Link} to="/shop/cart" variant="outline" color="gold.3" size="md" leftSection={<Basket />}>
      Warenkorb
      <Badge className={classes.count} radius="xl" color="gold.3" c="dark.9" aria-hidden="true">
        {itemCount}
      </Badge>
      <VisuallyHidden>{` (${itemCount} Artikel)`}</VisuallyHidden>
    </Button>
  );
}
