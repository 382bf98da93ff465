import { Text } from '@mantine/core';
import type { CartLine } from '../cart/cart-store';
import { lineName } from '../utils/labels';
import classes from './kept-cart.module.css';

export const KEPT_CART_MESSAGE = 'Dein Warenkorb bleibt gespeichert. Bestellen kannst du, sobald der Shop wieder geöffnet ist.';

/** A cart kept while the shop is closed: shown, not orderable, kept for when it opens again. */
export function KeptCart({ lines }: { lines: readonly CartLine[] }) {
  return (
    <div className={classes.kept}>
      <Text>{KEPT_CART_MESSAGE}</Text>
      <ul className={classes.keptLines} aria-label="Gespeicherte Artikel">
        {lines.map((line) => (
          <li key={`${line.id}:${line.variant}`}>{`${line.quantity} × ${lineName(line)}`}</li>
        ))}
      </ul>
    </div>
  );
}
