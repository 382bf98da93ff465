import { Loader } from '@mantine/core';
import classes from './page-loader.module.css';

/** Shown while the code of a page is still on its way (first load of a lazily loaded route). */
export function PageLoader() {
  return (
    <div className={classes.root} role="status" aria-label="Seite wird geladen">
      <Loader color="gold" size="lg" />
    </div>
  );
}
