import { QueryClientContext } from '@tanstack/react-query';
import { useContext } from 'react';
import type { CartLine } from './cart-store';

/**
 * The cart the request for the page carried (cart-cookie.ts), as the site's server drew it: in
 * the page's state under this key, so the takeover starts from the same lines. Undefined on a
 * page drawn without one (and where no query client is, as in a hook's own test); the stored
 * cart is read once the page is taken over.
 */
export const SERVER_CART_QUERY_KEY = ['cart', 'sent-with-the-request'] as const;

export const useServerCart = (): readonly CartLine[] | undefined => useContext(QueryClientContext)?.getQueryData(SERVER_CART_QUERY_KEY);
