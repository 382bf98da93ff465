import type { UnitLimits } from '@contract/shop';
import type { CartLine } from '../cart/cart-store';

/** "4 Varianten", "1 Variante". */
export const variantCount = (count: number) => `${count} ${count === 1 ? 'Variante' : 'Varianten'}`;

/** "Haus-Shirt (M)": how the shop names a line in alerts and button labels. */
export const lineName = ({ title, variant }: Pick<CartLine, 'title' | 'variant'>) => `${title} (${variant})`;

/** The caps on units (DECISIONS §9), with the numbers of the shop's settings. */
export const unitLimitsText = ({ maxUnitsPerLine, maxUnitsPerOrder }: UnitLimits) =>
  `Höchstens ${maxUnitsPerLine} Stück je Artikel und ${maxUnitsPerOrder} Stück je Bestellung.`;

/** SPEC §4's order statuses in German, for the shopper's order page; an unknown one is shown raw. */
export const ORDER_STATUS_LABELS: Record<string, string> = {
  pending: 'Ausstehend',
  processing: 'In Bearbeitung',
  shipped: 'Versendet',
  delivered: 'Zugestellt',
  cancelled: 'Storniert',
};
export const orderStatusLabel = (status: string) => ORDER_STATUS_LABELS[status] ?? status;
