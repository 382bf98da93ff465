import type { CartLine } from '../cart/cart-store';

/** "4 Varianten", "1 Variante". */
export const variantCount = (count: number) => `${count} ${count === 1 ? 'Variante' : 'Varianten'}`;

/** "Haus-Shirt (M)": how the shop names a line in alerts and button labels. */
export const lineName = ({ title, variant }: Pick<CartLine, 'title' | 'variant'>) => `${title} (${variant})`;
