import { Link } from 'react-router-dom';
import { BasketIcon } from '@/components/icons';
import { useCartCount } from '../cart/use-cart-count';
import classes from './header-cart.module.css';

/**
 * The cart in the header of every public page while the shop is open: an icon with the count,
 * which shows once the stored cart is read and holds something (the server's page, and an
 * empty cart, show the icon alone).
 */
export function HeaderCart() {
  const count = useCartCount();
  return (
    <Link className={classes.root} to="/shop/cart" aria-label={count === null ? 'Warenkorb' : `Warenkorb, ${count} Artikel`}>
      <BasketIcon size={22} />
      {count !== null && count > 0 && (
        <span className={classes.count} aria-hidden="true" data-testid="header-cart-count">
          {count}
        </span>
      )}
    </Link>
  );
}
