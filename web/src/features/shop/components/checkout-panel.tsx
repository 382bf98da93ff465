import { Alert, Button, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { CART_LIMITS, SHOP_MESSAGES } from '@contract/shop-rules';
import { isOffline, lostConnection, needsConnection } from '@/features/offline/online-status';
import { formatPrice } from '@/lib/format';
import { OrderRefusedError, usePlaceOrder, type PlacedOrder } from '../api/place-order';
import { orderItemsText, type CartLine } from '../cart/cart-store';
import classes from './checkout-panel.module.css';

export const CHECKOUT_MESSAGES = {
  namesRequired: SHOP_MESSAGES.namesRequired,
  cartEmpty: SHOP_MESSAGES.cartEmpty,
  refused: (reason: string) => `Fehler beim Absenden der Bestellung: ${reason}`,
  failed: 'Fehler beim Absenden der Bestellung. Bitte versuche es erneut.',
  offline: `${needsConnection('zum Absenden der Bestellung')} Dein Warenkorb bleibt gespeichert.`,
  submit: 'Bestellung absenden',
  sending: 'Wird verarbeitet...',
  // Why the greyed button waits (issue 44): said under it, and read with it.
  namesHint: 'Zum Bestellen brauchen wir deinen Vor- und Nachnamen.',
  undeliverable: 'Was ausverkauft ist oder über den Bestand geht, zählt nicht zur Gesamtsumme: Entferne es oder verringere die Anzahl, dann kannst du bestellen.',
} as const;

type CheckoutPanelProps = {
  lines: readonly CartLine[];
  total: number;
  /** Set while the cart holds lines the shop cannot deliver: the order waits until they change. */
  undeliverable?: boolean;
  onPlaced: (order: PlacedOrder) => void;
};

/** "Bestellung abschließen": names, the total and the order button (SPEC §2, §4, §5, §8). */
export function CheckoutPanel({ lines, total, undeliverable = false, onPlaced }: CheckoutPanelProps) {
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [alert, setAlert] = useState<string | null>(null);
  const order = usePlaceOrder();

  const namesMissing = firstName.trim() === '' || lastName.trim() === '';
  // The names alert goes once both names are there.
  const shownAlert = alert === CHECKOUT_MESSAGES.namesRequired && !namesMissing ? null : alert;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (order.isPending || undeliverable) return;
    if (namesMissing) {
      setAlert(CHECKOUT_MESSAGES.namesRequired);
      return;
    }
    if (lines.length === 0) {
      setAlert(CHECKOUT_MESSAGES.cartEmpty);
      return;
    }
    if (isOffline()) {
      // Said at once instead of a spinner; the cart stays as it is and is sent once online.
      setAlert(CHECKOUT_MESSAGES.offline);
      return;
    }
    setAlert(null);
    order.mutate(
      { firstName: firstName.trim(), lastName: lastName.trim(), items: orderItemsText(lines) },
      {
        onSuccess: (placed) => onPlaced(placed),
        onError: (error) =>
          setAlert(
            error instanceof OrderRefusedError
              ? CHECKOUT_MESSAGES.refused(error.reason)
              : lostConnection(error)
                ? CHECKOUT_MESSAGES.offline
                : CHECKOUT_MESSAGES.failed,
          ),
      },
    );
  };

  // Why the button is greyed; the names' hint gives way to the names' alert, which says the same.
  const why = undeliverable ? CHECKOUT_MESSAGES.undeliverable : namesMissing && !shownAlert ? CHECKOUT_MESSAGES.namesHint : null;

  // The disabled button keeps Enter from sending the form; say why instead of doing nothing.
  const explainBlankNames = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement && namesMissing) {
      setAlert(CHECKOUT_MESSAGES.namesRequired);
    }
  };

  return (
    <form className={classes.panel} onSubmit={submit} onKeyDown={explainBlankNames} noValidate aria-labelledby="checkout-title">
      <Title order={2} id="checkout-title" className={classes.title}>
        Bestellung abschließen
      </Title>
      <TextInput
        label="Vorname *"
        value={firstName}
        onChange={(event) => setFirstName(event.currentTarget.value)}
        required
        withAsterisk={false}
        autoComplete="given-name"
        maxLength={CART_LIMITS.maxNameLength}
        size="md"
      />
      <TextInput
        label="Nachname *"
        value={lastName}
        onChange={(event) => setLastName(event.currentTarget.value)}
        required
        withAsterisk={false}
        autoComplete="family-name"
        maxLength={CART_LIMITS.maxNameLength}
        size="md"
      />
      <div className={classes.total}>
        <span className={classes.totalLabel}>Gesamtsumme:</span>
        <span className={classes.totalValue}>{formatPrice(total)}</span>
      </div>
      {shownAlert && (
        <Alert color="crimson" variant="light" role="alert">
          {shownAlert}
        </Alert>
      )}
      <Button type="submit" size="md" fullWidth disabled={namesMissing || undeliverable || order.isPending} aria-describedby={why ? 'checkout-why' : undefined}>
        {order.isPending ? CHECKOUT_MESSAGES.sending : CHECKOUT_MESSAGES.submit}
      </Button>
      {why && (
        <p id="checkout-why" className={classes.why}>
          {why}
        </p>
      )}
      <p className={classes.note}>* Dies ist eine vereinfachte Bestellung ohne echte Zahlung.</p>
    </form>
  );
}
