import { ActionIcon, VisuallyHidden } from '@mantine/core';
import { formatPrice } from '@/lib/format';
import type { CartLine as Line, LineKey } from '../cart/cart-store';
import { lineName } from '../utils/labels';
import classes from './cart-line.module.css';

type CartLineProps = {
  line: Line;
  /** False once the line or the cart has reached its cap on units. */
  canIncrease: boolean;
  onIncrease: (key: LineKey) => void;
  onDecrease: (key: LineKey) => void;
  onRemove: (key: LineKey) => void;
  /** Set when the cart holds more of the item than the shop has left: how many are left. */
  left?: number;
};

function Icon({ path }: { path: string }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={path} fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

const MINUS = 'M5 12h14';
const PLUS = 'M12 5v14M5 12h14';
const BIN = 'M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6';

/** One cart line: what it is, minus and plus, the line's sum and a remove button. */
export function CartLine({ line, canIncrease, onIncrease, onDecrease, onRemove, left }: CartLineProps) {
  const name = lineName(line);
  const key = { id: line.id, variant: line.variant };

  return (
    <li className={classes.line} data-over-stock={left !== undefined || undefined}>
      <div className={classes.info}>
        <span className={classes.title}>{line.title}</span>
        <span className={classes.meta}>{`Variante: ${line.variant}`}</span>
        <span className={classes.meta}>{`Einzelpreis: ${formatPrice(line.price)}`}</span>
        {left !== undefined && (
          <span className={classes.stock}>{left === 0 ? 'Ausverkauft' : `Nur noch ${left} verfügbar`}</span>
        )}
      </div>
      <div className={classes.quantity}>
        <ActionIcon
          variant="outline"
          color="gold.3"
          size={40}
          aria-label={`Anzahl von ${name} verringern`}
          onClick={() => onDecrease(key)}
        >
          <Icon path={MINUS} />
        </ActionIcon>
        <span className={classes.count} aria-live="polite" aria-atomic="true">
          <VisuallyHidden>{`Anzahl von ${name}: `}</VisuallyHidden>
          {line.quantity}
        </span>
        <ActionIcon
          variant="outline"
          color="gold.3"
          size={40}
          aria-label={`Anzahl von ${name} erhöhen`}
          disabled={!canIncrease}
          onClick={() => onIncrease(key)}
        >
          <Icon path={PLUS} />
        </ActionIcon>
      </div>
      <span className={classes.total}>
        <VisuallyHidden>Summe: </VisuallyHidden>
        {formatPrice(line.price * line.quantity)}
      </span>
      <ActionIcon
        className={classes.remove}
        variant="subtle"
        color="crimson.3"
        size={40}
        aria-label={`${name} entfernen`}
        onClick={() => onRemove(key)}
      >
        <Icon path={BIN} />
      </ActionIcon>
    </li>
  );
}
