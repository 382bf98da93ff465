import { Link } from 'react-router-dom';
import { useCartCount } from '../cart/use-cart-count';
import classes from './header-cart.module.css';

/** The cart in the header of every public page while the shop is open: an icon with the count. */
export function HeaderCart() {
  const count = useCartCount();
  return (
    <Link className={classes.root} to="/shop/cart" aria-label={`Warenkorb, ${count} Artikel`}>
      <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="M3 9h18l-2 11H5L3 9Zm5 0 4-6 4 6M9 13v4m3-4v4m3-4v4"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
          strokeLinecap="round"
        />
      </svg>
      <span className={classes.count} aria-hidden="true" data-testid="header-cart-count">
        {count}
      </span>
    </Link>
  );
}
