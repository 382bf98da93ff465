import { ActionIcon, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import type { UnitLimits } from '@contract/shop';
import { formatPrice } from '@/lib/format';
import type { CartLine as Line, LineKey } from '../cart/cart-store';
import { lineName } from '../utils/labels';
import classes from './cart-line.module.css';

type CartLineProps = {
  line: Line;
  /** Which limit greys the "+" (null while it adds), said beside it with the numbers in `limits`. */
  increaseStop: 'line' | 'order' | 'stock' | null;
  limits: UnitLimits;
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

/** Why the "+" adds no more; a stock already said by the line ("Ausverkauft", "Nur noch …") is not said twice. */
export const increaseStopText = (stop: CartLineProps['increaseStop'], limits: UnitLimits, stockSaid: boolean) => {
  if (stop === 'line') return `Höchstens ${limits.maxUnitsPerLine} Stück je Artikel.`;
  if (stop === 'order') return `Höchstens ${limits.maxUnitsPerOrder} Stück je Bestellung.`;
  if (stop === 'stock' && !stockSaid) return 'Mehr ist nicht auf Lager.';
  return null;
};

/** One cart line: what it is, minus and plus, the line's sum and a remove button. */
export function CartLine({ line, increaseStop, limits, onIncrease, onDecrease, onRemove, left }: CartLineProps) {
  const name = lineName(line);
  const key = { id: line.id, variant: line.variant };
  const stockId = useId();
  const stopId = useId();
  const stopText = increaseStopText(increaseStop, limits, left !== undefined);
  const why = increaseStop === null ? undefined : stopText ? stopId : stockId;

  return (
    <li className={classes.line} data-over-stock={left !== undefined || undefined}>
      <div className={classes.info}>
        <span className={classes.title}>{line.title}</span>
        <span className={classes.meta}>{`Variante: ${line.variant}`}</span>
        <span className={classes.meta}>{`Einzelpreis: ${formatPrice(line.price)}`}</span>
        {left !== undefined && (
          <span id={stockId} className={classes.stock}>{left === 0 ? 'Ausverkauft' : `Nur noch ${left} verfügbar`}</span>
        )}
        {stopText && (
          <span id={stopId} className={classes.stop}>
            {stopText}
          </span>
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
          disabled={increaseStop !== null}
          aria-describedby={why}
          onClick={() => onIncrease(key)}
        >
          <Icon path={PLUS} />
        </ActionIcon>
      </div>
      <span className={classes.total}>
        <VisuallyHidden>Summe: </VisuallyHidden>
        {formatPrice(line.price * line.quantity)}
        {/* Struck through (cart-line.module.css): the stock cannot cover it, so the total leaves it out. */}
        {left !== undefined && <VisuallyHidden> (nicht in der Gesamtsumme)</VisuallyHidden>}
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
