import type { ReactNode } from 'react';
import classes from './shop-page.module.css';

/** The background and width every shop page shares. */
export function ShopPage({ children }: { children: ReactNode }) {
  return (
    <div className={classes.root}>
      <div className={classes.inner}>{children}</div>
    </div>
  );
}
